/** Running the `proofgrid` command as a user runs it, for the CLI tests. */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, inject } from 'vitest';
import type {} from './setup/cli-bundle.ts';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The command from the sources: registers tsx and runs them (the package's compiled command is tested in package.test.ts). */
export const BIN = join(ROOT, 'bin', 'proofgrid.js');
/**
 * What the CLI tests spawn: the CLI bundled from the current sources for this run by the global
 * setup (test/setup/cli-bundle.ts), the same program without tsx's start-up; bin/proofgrid.js when
 * run without that setup.
 */
export const CLI: string = (inject('cliBundle') as string | undefined) ?? BIN;

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Spawns the command (`CLI`, or `bin` when given, e.g. `BIN`) with `args`, `input` on standard input
 * (none by default), colours off; `nodeArgs` go to Node before the script.
 */
export function run(args: string[], input?: string, bin: string = CLI, nodeArgs: string[] = []): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, bin, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

/**
 * Asserts the run was refused as a user error: exit code 2, `message` on standard error (a string it
 * contains or a pattern it matches), and no stack trace.
 */
export function expectRefused(r: Run, message: string | RegExp): void {
  expect(r.code).toBe(2);
  if (typeof message === 'string') expect(r.stderr).toContain(message);
  else expect(r.stderr).toMatch(message);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}
