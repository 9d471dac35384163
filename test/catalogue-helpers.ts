/** Helpers shared by the catalogue tests: the command line and a build in process, and a catalogue as comparable content. */
import { expect } from 'vitest';
import { runBuild } from '../src/catalogue/build.ts';
import type { CellSpec } from '../src/catalogue/jobs.ts';
import { cellRow, openStore } from '../src/catalogue/store.ts';
import { catalogueRows } from '../src/catalogue/export.ts';
import { runCli } from '../src/cli/program.ts';
import type { Run } from './cli-helpers.ts';

/**
 * Runs the command line in this process (as bin/proofgrid.js does, without its start-up time), its
 * output captured; one at a time. A few runs spawn the real command instead (`run`, some with `BIN`).
 */
export async function cli(args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const { write: out } = process.stdout;
  const { write: err } = process.stderr;
  process.stdout.write = ((chunk: string | Uint8Array) => ((stdout += chunk.toString()), true)) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => ((stderr += chunk.toString()), true)) as typeof process.stderr.write;
  try {
    const code = await runCli(['node', 'proofgrid', ...args]);
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
    process.exitCode = undefined;
  }
}

/** Several in-process runs, one after the other. */
export async function clis(list: string[][]): Promise<Run[]> {
  const out: Run[] = [];
  for (const args of list) out.push(await cli(args));
  return out;
}

/** The catalogue as content: what must not depend on workers, queues or interruptions. */
export function catalogueContent(path: string): string[] {
  const s = openStore(path, { readonly: true });
  try {
    return catalogueRows(s).map((r) =>
      [r.family, r.params, r.place, r.job_index, r.seed, r.canonical_hash, r.puzzle_id, r.seeded_id, r.grade_level, r.grade_score].join(' '),
    );
  } finally {
    s.close();
  }
}

/** A local build in process on `workers` threads; the jobs it ran. */
export async function buildInProcess(path: string, cells: CellSpec[], perCell: number, workers: number): Promise<number> {
  const store = openStore(path);
  try {
    const id = store.startBuild(
      {
        family: cells[0].family,
        base_seed: cells[0].baseSeed,
        generator_version: cells[0].generatorVersion,
        per_cell: perCell,
        budget_ms: null,
        cells: cells.map((c) => c.params),
        workers,
        options: {},
        proofgrid_version: 'test',
      },
      cells.map((c) => cellRow(c, perCell)),
    );
    const r = await runBuild(store, { cells, perCell, workers, buildId: id });
    expect(r.interrupted).toBe(false);
    // Finished, so that the file is not held by this process (the build lock, lock.ts).
    store.finishBuild(id, r.cells.some((c) => c.short) ? 'short' : 'complete');
    return r.ran;
  } finally {
    store.close();
  }
}
