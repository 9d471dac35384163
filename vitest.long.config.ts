import { configDefaults, defineConfig } from 'vitest/config';
import { LONG_ONLY } from './vitest.config.ts';

/**
 * The long suite (`npm run test:long`; `npm run check` and CI run it after `npm test`): the files
 * whose corpora `npm test` only samples (see test/long.ts), here in full.
 */
export const LONG_FILES = [
  'src/families/nonogram/generator.test.ts',
  'src/families/numberlink/generator.test.ts',
  'src/families/edgematch/generator.test.ts',
  'src/families/numberlink/frontier.test.ts',
  'src/families/numberlink/plain.test.ts',
  'test/nonogram-crosscheck.test.ts',
  'test/nonogram-sat.test.ts',
  'test/nonogram-colour-crosscheck.test.ts',
  'test/colour-generator.test.ts',
  'test/numberlink-crosscheck.test.ts',
  'test/edgematch-sat.test.ts',
  'test/edgematch-bench-data.test.ts',
  'test/edgematch-v3-witness.test.ts',
  'test/catalogue-build.test.ts',
  'src/families/numberlink/large.test.ts',
  'src/families/nonogram/solver.test.ts',
  'src/families/nonogram/formats/bench.test.ts',
  'test/catalogue-report.test.ts',
  // Whole files npm test leaves out (LONG_ONLY in vitest.config.ts).
  ...LONG_ONLY,
];

/**
 * Browser tests with long cases (the 30×30 phone wins, a generation that certifies nothing, 30×30 clue
 * cues, the slow hint on a 100×100 board, the Spanish win and language switch, Numberlink at phone
 * width, the daily puzzle across browsers and days, the 1000-puzzle tournament import).
 */
export const LONG_E2E_FILES = [
  'test/e2e/phone.test.ts',
  'test/e2e/player.test.ts',
  'test/e2e/clues.test.ts',
  'test/e2e/hint.test.ts',
  'test/e2e/i18n.test.ts',
  'test/e2e/numberlink.test.ts',
  'test/e2e/daily.test.ts',
  'test/e2e/comforts.test.ts',
  'test/e2e/words.test.ts',
  'test/e2e/edgematch.test.ts',
  'test/e2e/imports.test.ts',
  'test/e2e/colour.test.ts',
  'test/e2e/links.test.ts',
];

process.env.PROOFGRID_LONG = '1';

export default defineConfig({
  test: {
    testTimeout: 600_000,
    pool: 'threads',
    maxWorkers: 2,
    projects: [
      // The CLI bundled once, as the node project of vitest.config.ts does (the catalogue files spawn it).
      { extends: true, test: { name: 'long', include: LONG_FILES, exclude: [...configDefaults.exclude], globalSetup: ['test/setup/cli-bundle.ts'] } },
      // Builds the player once, as the e2e project of vitest.config.ts does.
      { extends: true, test: { name: 'long-e2e', include: LONG_E2E_FILES, globalSetup: ['test/setup/player-build.ts'] } },
    ],
  },
});
