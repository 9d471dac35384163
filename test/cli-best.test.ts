/**
 * `proofgrid solve --best` (the best-score search on edge-matching boards), run as a user runs it, on
 * boards made here: a planted 5x5 (a perfect board exists) and an 8x8 whose planted solution was
 * broken by swapping two colours of one piece (no perfect board, so the search runs until stopped).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unwrap } from '../src/core/result.ts';
import { makeHeule, parseBoard } from '../src/families/edgematch/formats/index.ts';
import { generatePlanted } from '../src/families/edgematch/planted.ts';
import { maxScore, scoreBoard, verifyBoard } from '../src/families/edgematch/puzzle.ts';
import type { Instance, Piece } from '../src/families/edgematch/types.ts';
import { CLI, expectRefused, ROOT, run } from './cli-helpers.ts';

const tmp = mkdtempSync(join(tmpdir(), 'proofgrid-cli-best-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const file = (name: string, text: string): string => {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
};

const small = unwrap(generatePlanted({ width: 5, height: 5, borderColours: 3, interiorColours: 4, clues: 0 }, 'cli-best')).instance;
const broken = ((): Instance => {
  const inst = unwrap(generatePlanted({ width: 8, height: 8, borderColours: 3, interiorColours: 8, clues: 0 }, 'cli-best-8')).instance;
  const pieces = inst.pieces.map((p) => [...p] as [number, number, number, number]);
  const k = pieces.findIndex((p) => p.every((c) => c !== 0));
  [pieces[k][0], pieces[k][1]] = [pieces[k][1], pieces[k][0]];
  return { ...inst, pieces: pieces as Piece[] };
})();
const smallFile = file('small.txt', makeHeule(small));
const brokenFile = file('broken.txt', makeHeule(broken));

/** The board a run printed, checked: a permutation of the pieces, its score recounted. */
const boardOf = (inst: Instance, text: string): { score: number } => {
  const b = unwrap(parseBoard(text, inst));
  expect(verifyBoard(inst, b).problems.every((p) => p.kind === 'joint')).toBe(true);
  return { score: scoreBoard(inst, b) };
};

describe('solve --best', () => {
  it.concurrent('finds a perfect board of a small planted puzzle, says so and prints it in the board format', async () => {
    const r = await run(['solve', '--best', smallFile, '--budget-ms', '20000']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^5x5\n/);
    expect(boardOf(small, r.stdout).score).toBe(maxScore(5, 5));
    expect(r.stderr).toContain(`a perfect board: best ${maxScore(5, 5)}/${maxScore(5, 5)}`);
  });

  it.concurrent('one worker under a node budget repeats its run exactly; --out writes the board; --start goes on from it', async () => {
    const out = join(tmp, 'b1.txt');
    const args = ['solve', '--best', brokenFile, '--max-nodes', '200000', '--seed', 's', '-q'];
    const [a, b] = await Promise.all([run([...args, '--out', out]), run(args)]);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toBe(b.stdout);
    const first = boardOf(broken, b.stdout).score;
    expect(first).toBeLessThan(maxScore(8, 8));
    const c = await run(['solve', '--best', brokenFile, '--max-nodes', '200000', '--seed', 't', '--start', out, '--json', '--workers', '2']);
    expect(c.code).toBe(0);
    const j = JSON.parse(c.stdout) as { kind: string; score: number; maxScore: number; workers: number; stop: string; solution: { rows: string[] } };
    expect(j.kind).toBe('best');
    expect(j.workers).toBe(2);
    expect(j.maxScore).toBe(maxScore(8, 8));
    // The kept prefix under the bound of the start board leaves a small tree: it may be searched out.
    expect(['node-limit', 'exhausted']).toContain(j.stop);
    // Never worse than the board it started from.
    expect(j.score).toBeGreaterThanOrEqual(first);
    expect(boardOf(broken, `8x8\n${j.solution.rows.join('\n')}\n`).score).toBe(j.score);
  });

  it.concurrent('Ctrl-C keeps and writes the best board, exit 0', async () => {
    const child = spawn(process.execPath, [CLI, 'solve', '--best', brokenFile], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    let sent = false;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      // Once a board is in hand, interrupt.
      if (!sent && /best \d+\/112/.test(stderr)) {
        sent = true;
        child.kill('SIGINT');
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(sent).toBe(true);
    expect(code).toBe(0);
    expect(stderr).toContain('interrupted by Ctrl-C');
    expect(stderr).toMatch(/stopped, interrupted by Ctrl-C: best \d+\/112/);
    expect(boardOf(broken, stdout).score).toBeGreaterThan(0);
  });

  it.concurrent('refuses what is not an edge-matching board, a start board of another puzzle, and --best options without --best', async () => {
    const other = file('other.txt', `5x5\n${'0:0 0:0 0:0 0:0 0:0\n'.repeat(5)}`);
    const sameSize = file('same.txt', makeBoardLike(broken));
    const [nonogram, otherRun, sameRun, stray, engine] = await Promise.all([
      run(['solve', '--best', join(ROOT, 'test', 'fixtures', 'cli', 'unique.non')]),
      run(['solve', '--best', brokenFile, '--start', other]),
      run(['solve', '--best', brokenFile, '--start', sameSize]),
      run(['solve', smallFile, '--workers', '2']),
      run(['solve', '--best', smallFile, '--engine', 'xcc']),
    ]);
    expectRefused(nonogram, 'solve --best scores edge-matching boards');
    expectRefused(otherRun, /--start .*other\.txt: not a board of/);
    expectRefused(sameRun, /not a board of .*frame/);
    expectRefused(stray, '--workers goes with --best');
    expectRefused(engine, '--best runs the best-score search');
  });
});

/** An 8x8 board text of the instance's pieces in order, each turned so that corner 0 shows colour on the frame. */
function makeBoardLike(inst: Instance): string {
  const rows: string[] = [];
  for (let r = 0; r < inst.height; r++) rows.push(Array.from({ length: inst.width }, (_, c) => `${r * inst.width + c}:${(r + c) % 4}`).join(' '));
  return `${inst.width}x${inst.height}\n${rows.join('\n')}\n`;
}
