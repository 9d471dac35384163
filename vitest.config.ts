import { configDefaults, defineConfig } from 'vitest/config';

const E2E = 'test/e2e/**/*.test.ts';
/**
 * Tests that hold the engine to the wall clock (a budget's slack, a parse of a 1 MB line under
 * 100 ms): they run last, one file at a time, with no other test file beside them to slow them down.
 */
const TIMED = [
  'test/budget-slack.test.ts',
  'test/hint-budget.test.ts',
  'test/parse-defects.test.ts',
  'test/fuzz/adversarial.test.ts',
  'src/runner/runner.test.ts',
  '**/*.timed.test.ts',
];

/**
 * Whole files only the long suite runs (vitest.long.config.ts; CI runs it at every stop): the package
 * packed and installed in a temp project, and the catalogue's Redis queue with its killed coordinator.
 */
export const LONG_ONLY = ['test/package.test.ts', 'test/catalogue-queue.test.ts'];

/** Browser tests that hold the page to the wall clock: after everything else, one file at a time. */
const TIMED_E2E = ['test/e2e/buffer.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    pool: 'threads',
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine, idle
    // while its tests wait on the processes they spawn (the CLI, catalogue builds, Chromium).
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        // Builds the CLI once per run for the tests that spawn it (test/cli-helpers.ts).
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, E2E, ...TIMED, ...LONG_ONLY],
          globalSetup: ['test/setup/cli-bundle.ts'],
        },
      },
      {
        extends: true,
        // Builds the player once per run for the browser tests (test/e2e/browser.ts); only when they run.
        test: { name: 'e2e', include: [E2E], exclude: [...configDefaults.exclude, ...TIMED_E2E], globalSetup: ['test/setup/player-build.ts'] },
      },
      {
        extends: true,
        // Browser tests held to the wall clock (New game from the buffer under 100 ms): last, alone.
        test: {
          name: 'e2e-timed',
          include: TIMED_E2E,
          globalSetup: ['test/setup/player-build.ts'],
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        // No CLI bundle: none of these spawns the CLI (give it test/setup/cli-bundle.ts if one does).
        test: { name: 'timed', include: TIMED, exclude: [...configDefaults.exclude, E2E], maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
