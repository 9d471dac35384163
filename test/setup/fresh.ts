/**
 * One shape for the global set-ups that build something from the sources for a test run (the CLI
 * bundle, the player build): build it into a temp folder, hand its path to the tests, build it anew
 * on every watch-mode re-run, and remove every folder made when the run ends.
 */
import { rmSync } from 'node:fs';
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';

export async function provideFresh<K extends keyof ProvidedContext>(
  project: TestProject,
  key: K,
  make: () => Promise<{ value: ProvidedContext[K]; dir: string }>,
): Promise<() => void> {
  const dirs: string[] = [];
  const run = async (): Promise<void> => {
    const { value, dir } = await make();
    dirs.push(dir);
    project.provide(key, value);
  };
  await run();
  project.onTestsRerun(run);
  return () => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
}
