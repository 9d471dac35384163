// `npm run build` (and `prepare`, which npm runs on `npm install` in a checkout and on `npm pack`):
//  1. compiles src/ to dist/ with tsc (ES modules and .d.ts; tsconfig.build.json): the library entries;
//  2. writes the compiled counterparts of the worker-thread entries (src/**/*.mjs): those register tsx
//     before importing their TypeScript module, the ones in dist import the compiled .js instead, so
//     nothing in dist needs tsx;
//  3. bundles the command (src/cli/main.ts) into the one file dist/cli/main.js with esbuild (in place
//     of tsc's), with commander and fast-xml-parser inside: Node then reads one file at start-up
//     instead of about 150, which is what keeps `proofgrid --help` under 150 ms
//     (`npm run bench -- --only cli-startup`). Every `import.meta.url` in it is the URL of the
//     module's compiled counterpart beside it, so what the command finds next to its modules (the
//     worker entries, package.json) it finds from the bundle too. The packages loaded only on use
//     (src/packages.ts, the queue's bullmq and ioredis) and logic-solver stay outside; the licences
//     of those copied in are appended to the bundle.
// Type errors are left to `npm run typecheck` (tsc --noCheck here: the same output in half the time).
// Usage: node scripts/build.mjs [--out DIR]
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(ROOT, 'src');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const at = process.argv.indexOf('--out');
const OUT = resolve(at > 0 ? process.argv[at + 1] : join(ROOT, 'dist'));

// 1. tsc
rmSync(OUT, { recursive: true, force: true });
const tsc = spawnSync(process.execPath, [TSC, '-p', join(ROOT, 'tsconfig.build.json'), '--noCheck', '--outDir', OUT], { stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

// 2. worker entries
const files = (dir) => readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]));
const REGISTER = /^import \{ register \} from 'tsx\/esm\/api';\n+register\(\);\n/m;
for (const src of files(SRC).filter((f) => f.endsWith('.mjs'))) {
  const rel = relative(SRC, src);
  const text = readFileSync(src, 'utf8');
  if (!REGISTER.test(text)) throw new Error(`${rel}: expected a worker entry that registers tsx (see scripts/build.mjs)`);
  const body = text
    .replace(/^(\/\/.*\n)+/, '')
    .replace(REGISTER, '')
    .replace(/(import\(\s*'\.{1,2}\/[^']+)\.ts'/g, "$1.js'");
  if (/tsx|\.ts'/.test(body)) throw new Error(`${rel}: still names tsx or a .ts module after compiling:\n${body}`);
  mkdirSync(dirname(join(OUT, rel)), { recursive: true });
  writeFileSync(join(OUT, rel), `// Compiled from src/${rel} by scripts/build.mjs: the worker entry without tsx.\n${body}`);
}

// 3. the command in one file
const BIN = join(OUT, 'cli', 'main.js');
/** `import.meta.url` in src/a/b.ts becomes the URL of dist/a/b.js, reckoned from the bundle's own. */
const compiledUrls = {
  name: 'compiled-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.(ts|mjs|js)$/ }, async (args) => {
      if (!args.path.startsWith(SRC + sep)) return undefined;
      const text = await readFile(args.path, 'utf8');
      const compiled = join(OUT, relative(SRC, args.path)).replace(/\.ts$/, '.js');
      const url = `new URL(${JSON.stringify(relative(dirname(BIN), compiled).split(sep).join('/'))}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', url), loader: args.path.endsWith('.ts') ? 'ts' : 'js', resolveDir: dirname(args.path) };
    });
  },
};
const bundled = await build({
  absWorkingDir: ROOT,
  entryPoints: [join(SRC, 'cli', 'main.ts')],
  metafile: true,
  outfile: BIN,
  allowOverwrite: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['better-sqlite3', 'piscina', 'cli-progress', 'bullmq', 'ioredis', 'logic-solver'],
  // CommonJS inside an ES module (commander) needs a `require`.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __proofgridRequire } from 'node:module';\nconst require = __proofgridRequire(import.meta.url);",
  },
  tsconfig: join(ROOT, 'tsconfig.node.json'),
  plugins: [compiledUrls],
  legalComments: 'eof',
  logLevel: 'warning',
});
// The licences of the packages copied into the bundle go with it, at its end.
// Each package's folder, from the paths of the inputs (relative to ROOT; the last node_modules/ in a
// path is the package's own, for packages nested in another's).
const packages = new Map();
for (const f of Object.keys(bundled.metafile.inputs)) {
  const m = /^(.*node_modules\/((?:@[^/]+\/)?[^/]+))\//.exec(f);
  if (m) packages.set(m[2], resolve(ROOT, m[1]));
}
const notices = [...packages]
  .sort(([a], [b]) => (a < b ? -1 : 1))
  .map(([name, dir]) => {
    const licence = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f));
    const { version, license, author } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const by = typeof author === 'string' ? author : author?.name;
    const text = licence
      ? readFileSync(join(dir, licence), 'utf8').trim()
      : `(the package has no licence file; its package.json says ${license}${by ? `, by ${by}` : ''})`;
    return `${name}@${version} (${license}):\n\n${text}`;
  });
writeFileSync(BIN, `${readFileSync(BIN, 'utf8')}\n/*\nBundled packages and their licences:\n\n${notices.join('\n\n---\n\n').replaceAll('*/', '* /')}\n*/\n`);
// Executable, as `npx proofgrid` in this checkout runs it directly (npm sets the mode only where it installs).
chmodSync(BIN, 0o755);
