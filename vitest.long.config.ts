import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The long suite (`npm run test:long`; `npm run check` and CI run it after `npm test`): the files
 * whose corpora `npm test` only samples (see test/long.ts), here in full.
 */
export const LONG_FILES = [
  'src/families/nonogram/generator.test.ts',
  'src/families/numberlink/generator.test.ts',
  'src/families/edgematch/generator.test.ts',
  'src/families/numberlink/frontier.test.ts',
  'test/nonogram-crosscheck.test.ts',
  'test/nonogram-sat.test.ts',
  'test/numberlink-crosscheck.test.ts',
  'test/edgematch-sat.test.ts',
  'test/edgematch-bench-data.test.ts',
];

process.env.PROOFGRID_LONG = '1';

export default defineConfig({
  test: {
    name: 'long',
    include: LONG_FILES,
    exclude: [...configDefaults.exclude],
    testTimeout: 600_000,
    pool: 'threads',
    maxWorkers: 2,
  },
});
