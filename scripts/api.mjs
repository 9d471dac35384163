// `npm run api` (regenerates the API reports) and `npm run api:check` (fails when they differ):
// runs API Extractor on the .d.ts in dist/ (build first: both scripts do) for each entry of the
// package's `exports`, writing etc/<name>.api.md. The reports are checked in, so that a change to
// the public API shows in review. Without --local a report that differs from the checked-in one is an
// error (the new one is left in temp/api/ to compare); with --local it is rewritten.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const local = process.argv.includes('--local');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/** `.` → proofgrid, `./catalogue` → proofgrid-catalogue; each with its .d.ts. */
const entries = Object.entries(pkg.exports)
  .filter(([, target]) => typeof target === 'object' && target.types)
  .map(([sub, target]) => ({ name: sub === '.' ? pkg.name : `${pkg.name}-${sub.slice(2).replaceAll('/', '-')}`, dts: join(ROOT, target.types) }));

mkdirSync(join(ROOT, 'etc'), { recursive: true });
mkdirSync(join(ROOT, 'temp', 'api'), { recursive: true });
let failed = 0;
for (const { name, dts } of entries) {
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder: ROOT,
      mainEntryPointFilePath: dts,
      bundledPackages: [],
      newlineKind: 'lf',
      compiler: {
        // The .d.ts import each other by .ts names (tsc keeps them, rewriteRelativeImportExtensions
        // rewrites only the JavaScript); TypeScript resolves those to the .d.ts beside them.
        overrideTsconfig: {
          compilerOptions: {
            target: 'ES2022',
            module: 'ESNext',
            moduleResolution: 'Bundler',
            lib: ['ES2022'],
            types: ['node'],
            strict: true,
            skipLibCheck: true,
            allowImportingTsExtensions: true,
            noEmit: true,
          },
          files: [dts],
        },
      },
      apiReport: { enabled: true, reportFileName: `${name}.api.md`, reportFolder: join(ROOT, 'etc'), reportTempFolder: join(ROOT, 'temp', 'api') },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        extractorMessageReporting: {
          default: { logLevel: 'warning' },
          // The engine's types are documented in its sources' prose, not with release tags.
          'ae-missing-release-tag': { logLevel: 'none' },
          'ae-undocumented': { logLevel: 'none' },
          // piscina's own .d.ts imports its package.json.
          'ae-wrong-input-file-type': { logLevel: 'none' },
          // Types reachable from an entry but not exported by it are listed in the report.
          'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: true },
        },
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
    },
    configObjectFullPath: undefined,
    packageJsonFullPath: join(ROOT, 'package.json'),
  });
  const result = Extractor.invoke(config, {
    localBuild: local,
    messageCallback: (m) => {
      if (m.text.startsWith('Analysis will use the bundled TypeScript')) m.handled = true;
    },
  });
  if (!result.succeeded) {
    failed++;
    console.error(
      `${name}: ${result.apiReportChanged ? `the API changed: etc/${name}.api.md differs from temp/api/${name}.api.md (run npm run api and commit the report)` : `${result.errorCount} errors, ${result.warningCount} warnings`}`,
    );
  } else if (result.apiReportChanged) console.error(`${name}: etc/${name}.api.md updated`);
}
process.exitCode = failed === 0 ? 0 : 1;
