/**
 * `npm run bench`: runs the benchmarks one after another and rewrites bench/RESULTS.md.
 *   npm run bench                  generation, uniqueness verdicts, first 200 puzzles of every TAAI set
 *   npm run bench -- --full        the same with every TAAI puzzle (hours on one core)
 *   npm run bench -- --only taai   one part: generate | uniqueness | taai200 | taai | numberlink | numberlink-plain | numberlink-generate | numberlink-plain-generate | numberlink-large | numberlink-agree | nonogram-colour | xcc | edgematch | edgematch-best | catalogue | hint | cli-startup | test-time | report
 *   (edgematch-best is not in the default list: 12 CPU minutes for its 1-minute point; the 1/10/60-minute
 *   curve is `npx tsx bench/edgematch-best.ts --minutes 60 --runs 5 --workers 1,2`)
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';

const here = dirname(fileURLToPath(import.meta.url));
const opts = new Command()
  .option('--full', 'every TAAI puzzle instead of the first 200 per set')
  .option(
    '--only <part>',
    'generate | uniqueness | taai200 | taai | numberlink | numberlink-plain | numberlink-generate | numberlink-plain-generate | numberlink-large | numberlink-agree | nonogram-colour | xcc | edgematch | edgematch-best | catalogue | hint | cli-startup | test-time | report',
  )
  .parse()
  .opts<{ full?: boolean; only?: string }>();

const run = (script: string, args: string[] = []): void => {
  console.error(`\n== ${script} ${args.join(' ')}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(here, script), ...args], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`${script} failed with exit code ${r.status}`);
    process.exit(r.status ?? 1);
  }
};

const parts = opts.only
  ? [opts.only]
  : [
      'generate',
      'uniqueness',
      opts.full ? 'taai' : 'taai200',
      'numberlink',
      'numberlink-plain',
      'numberlink-generate',
      'numberlink-large',
      'nonogram-colour',
      'xcc',
      'edgematch',
      'catalogue',
      'hint',
      'cli-startup',
      'test-time',
      'report',
    ];
for (const part of parts) {
  if (part === 'generate') run('generate.ts');
  else if (part === 'uniqueness') run('uniqueness.ts');
  else if (part === 'taai200') run('taai200.ts');
  else if (part === 'taai') run('taai.ts');
  else if (part === 'numberlink') run('numberlink.ts');
  else if (part === 'numberlink-plain') run('numberlink-plain.ts');
  else if (part === 'numberlink-generate') run('numberlink-generate.ts');
  else if (part === 'numberlink-plain-generate') run('numberlink-plain-generate.ts');
  else if (part === 'numberlink-large') run('numberlink-large.ts');
  else if (part === 'numberlink-agree') run('numberlink-agree.ts', ['--workers', '3']);
  else if (part === 'nonogram-colour') run('nonogram-colour.ts');
  else if (part === 'xcc') run('xcc.ts');
  else if (part === 'edgematch') {
    run('edgematch.ts', [
      '--parts',
      'study,suite,clues,tree',
      '--tree-max',
      '9.5',
      '--limit-ms',
      '30000',
      '--xcc-max',
      '10',
      '--sat-max',
      '10',
      '--suite-max',
      '7',
      '--suite-ms',
      '2000',
    ]);
    run('edgematch.ts', [
      '--parts',
      'study',
      '--profiles',
      'i22',
      '--sizes',
      '12,13',
      '--limit-ms',
      '120000',
      '--xcc-max',
      '0',
      '--sat-max',
      '0',
      '--out',
      'edgematch-long.json',
    ]);
    run('edgematch.ts', [
      '--parts',
      'study',
      '--profiles',
      'i26',
      '--sizes',
      '12,13,14',
      '--sat-max',
      '14',
      '--xcc-max',
      '0',
      '--limit-ms',
      '30000',
      '--other-limit-ms',
      '60000',
      '--out',
      'edgematch-sat.json',
    ]);
    run('edgematch.ts', ['--parts', 'rate', '--out', 'edgematch-rate.json']);
    run('edgematch.ts', ['--parts', 'playable', '--playable-n', '5', '--out', 'edgematch-playable.json']);
    run('edgematch.ts', ['--parts', 'engines', '--out', 'edgematch-engines.json']);
  } else if (part === 'edgematch-best') run('edgematch-best.ts', ['--minutes', '1', '--runs', '3']);
  else if (part === 'catalogue') run('catalogue.ts');
  else if (part === 'hint') run('hint.ts');
  else if (part === 'cli-startup') run('cli-startup.ts');
  else if (part === 'test-time') run('test-time.ts');
  else if (part === 'report') run('report.ts');
  else {
    console.error(`unknown part "${part}"`);
    process.exit(2);
  }
}
