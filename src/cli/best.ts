/**
 * `proofgrid solve --best`: the best-score search on an edge-matching board (the Eternity II score
 * race: matched joints out of all). Independent seeded searches run on worker threads (one by
 * default; `--workers N`), each posting its better boards; this thread keeps the best, reports each
 * improvement on standard error and writes the best board at the end: when the budget runs out, a
 * perfect board is found, or Ctrl-C (SIGINT) or SIGTERM stops the run, which keeps and writes the
 * best board and exits 0. The board is written in the board format `solve` prints (`--format`),
 * to standard output or `--out FILE`; `--start FILE` reloads a saved board as the starting point.
 */
import { Worker } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { BEST_ORDERS, type BestOrder, fromBoardProblem } from '../families/edgematch/best.ts';
import { scoreBoard, verifyBoard } from '../families/edgematch/puzzle.ts';
import type { Board, Instance } from '../families/edgematch/types.ts';
import { EXIT, UserError } from './exit.ts';
import { emit, fsReason, printJson } from './io.ts';
import { indexOption, intArg } from './options.ts';
import { describe, jsonHead, loadOnePuzzle, type LoadedPuzzle } from './puzzles.ts';
import type { BestWorkerData, BestWorkerMessage } from './best-worker.ts';
import { useColor } from './render.ts';

const WORKER = new URL('./best-worker.mjs', import.meta.url);

export interface BestFlags extends BestOnlyFlags {
  id?: string[];
  from?: string;
  family?: string;
  rule?: string;
  budgetMs?: number;
  maxNodes?: number;
  format: string;
  json?: boolean;
  quiet?: boolean;
}

/** The best board so far, which worker found it and when. */
interface Best {
  score: number;
  board: Board;
  worker: number;
  ms: number;
}

/** Reads and checks the `--start` board against the puzzle. */
function startBoard(lp: LoadedPuzzle, file: string): Board {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UserError(`--start ${file}: ${fsReason(e)}`);
  }
  const parsed = lp.family.parseSolution(text, lp.puzzle);
  if (!parsed.ok) throw new UserError(`--start ${file}: not a board of ${describe(lp)}: ${parsed.error.message} [${parsed.error.code}]`);
  const board = parsed.value as Board;
  const problem = fromBoardProblem(lp.puzzle as Instance, board);
  if (problem !== null) throw new UserError(`--start ${file}: not a board of ${describe(lp)}: ${problem}`);
  return board;
}

export async function runBest(file: string | undefined, flags: BestFlags): Promise<number> {
  const lp = await loadOnePuzzle(file, flags);
  if (lp.family.name !== 'edgematch') {
    throw new UserError(`solve --best scores edge-matching boards (matched joints); ${describe(lp)} is a ${lp.family.name} puzzle`);
  }
  if (!flags.json && !lp.family.render.solveFormats.includes(flags.format)) {
    throw new UserError(`edgematch boards cannot be printed as ${flags.format} (--format ${lp.family.render.solveFormats.join(', ')})`);
  }
  const inst = lp.puzzle as Instance;
  const start = flags.start !== undefined ? startBoard(lp, flags.start) : undefined;
  const workers = flags.workers ?? 1;
  const seed = flags.seed ?? 'best';
  const max = verifyBoard(inst, []).maxScore;
  const began = Date.now();
  const quiet = flags.quiet ?? false;
  const say = (line: string): void => {
    if (!quiet) process.stderr.write(`${line}\n`);
  };
  let best: Best | null = null;
  if (start?.every((c) => c !== null)) best = { score: scoreBoard(inst, start), board: start, worker: 0, ms: 0 };
  const stopFlag = new SharedArrayBuffer(4);
  const flag = new Int32Array(stopFlag);
  let interrupted: string | null = null;
  const runs: Extract<BestWorkerMessage, { type: 'done' }>[] = [];
  const errors: string[] = [];

  const stopAll = (why: string): void => {
    if (interrupted === null) {
      interrupted = why;
      say(`proofgrid: ${why}: stopping; the best board is kept`);
    }
    Atomics.store(flag, 0, 1);
  };
  const onSigint = (): void => stopAll('interrupted by Ctrl-C');
  const onSigterm = (): void => stopAll('terminated by SIGTERM');
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigterm);
  say(
    `proofgrid: best score on ${describe(lp)}: ${workers} worker${workers === 1 ? '' : 's'}, seed ${seed}, ${flags.budgetMs !== undefined ? `${flags.budgetMs} ms` : 'until stopped (Ctrl-C keeps the best board)'}`,
  );
  try {
    await Promise.all(
      Array.from({ length: workers }, (_, k) => {
        const data: BestWorkerData = {
          instance: { width: inst.width, height: inst.height, pieces: inst.pieces, clues: inst.clues },
          seed: workers === 1 || k === 0 ? seed : `${seed}/worker-${k + 1}`,
          deadlineMs: flags.budgetMs,
          maxNodes: flags.maxNodes,
          order: flags.order,
          start: start !== undefined ? { board: start, keep: flags.keep } : undefined,
          stop: stopFlag,
        };
        return new Promise<void>((resolve) => {
          const w = new Worker(WORKER, { workerData: data });
          w.on('message', (m: BestWorkerMessage) => {
            if (m.type === 'improve') {
              // Every board is checked here again: a permutation of the pieces, its score recounted.
              const check = verifyBoard(inst, m.board);
              const score = scoreBoard(inst, m.board);
              if (check.problems.some((p) => p.kind !== 'joint') || score !== m.score) {
                errors.push(`worker ${k + 1} reported a board that does not check (score ${m.score}, recounted ${score})`);
                return;
              }
              if (best === null || score > best.score) {
                best = { score, board: m.board, worker: k + 1, ms: Date.now() - began };
                say(`proofgrid: best ${score}/${max} after ${(best.ms / 1000).toFixed(1)} s (worker ${k + 1})`);
                if (score === max) stopAll('a perfect board was found');
              }
            } else if (m.type === 'done') runs.push(m);
            else errors.push(`worker ${k + 1}: ${m.message}`);
          });
          w.on('error', (e) => {
            errors.push(`worker ${k + 1}: ${e.message}`);
            resolve();
          });
          w.on('exit', () => resolve());
        });
      }),
    );
  } finally {
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigterm);
  }
  if (errors.length > 0) throw new Error(errors.join('; '));
  const final = best as Best | null;
  const nodes = runs.reduce((s, r) => s + r.nodes, 0);
  const restarts = runs.reduce((s, r) => s + r.restarts, 0);
  const ms = Date.now() - began;
  const perfect = final !== null && final.score === max;
  const stop = perfect
    ? 'solved'
    : interrupted !== null
      ? 'interrupted'
      : (runs.find((r) => r.stop !== undefined)?.stop ?? (runs.every((r) => r.kind === 'exhausted') ? 'exhausted' : 'stopped'));
  if (flags.json) {
    printJson({
      ...jsonHead(lp),
      kind: final === null ? 'inconclusive' : perfect ? 'solved' : 'best',
      stop,
      score: final?.score ?? null,
      maxScore: max,
      workers,
      seed,
      stats: { nodes, restarts, ms },
      ...(final !== null ? { foundMs: final.ms, solution: lp.family.render.solutionJson(final.board, inst) } : {}),
    });
    if (final !== null && flags.out !== undefined) emit(lp.family.makeSolution(final.board, inst), flags.out);
  } else if (final !== null) {
    const text =
      flags.format === 'grid'
        ? lp.family.makeSolution(final.board, inst)
        : `${lp.family.render.solutionText(final.board, inst, flags.format, { color: useColor() && flags.out === undefined })}\n`;
    emit(text, flags.out);
  }
  if (final === null) {
    say(`proofgrid: ${describe(lp)}: no full board was completed (${stop}) after ${nodes} nodes, ${ms} ms`);
    return EXIT.inconclusive;
  }
  const how = perfect
    ? 'a perfect board'
    : interrupted !== null
      ? `stopped, ${interrupted}`
      : `${stop === 'exhausted' ? 'search exhausted' : `budget spent (${stop})`}`;
  say(
    `proofgrid: ${how}: best ${final.score}/${max}, ${nodes} nodes, ${restarts} restarts, ${(ms / 1000).toFixed(1)} s${flags.out !== undefined && flags.out !== '-' ? `; written to ${flags.out}` : ''}`,
  );
  return EXIT.ok;
}

/** The options only `--best` reads. */
export interface BestOnlyFlags {
  best?: boolean;
  out?: string;
  workers?: number;
  seed?: string;
  start?: string;
  keep?: number;
  order?: BestOrder;
  index?: number;
}

/** `--best` and its options, on `solve`. */
export function addBestOptions(cmd: Command): Command {
  return cmd
    .addOption(
      new Option(
        '--best',
        'edgematch: search for the best score (matched joints out of all) instead of a solution: progress on standard error at each better board, the best board at the end (Ctrl-C keeps it)',
      ),
    )
    .addOption(new Option('--out <file>', 'with --best: write the best board to this file (default standard output)'))
    .addOption(
      new Option(
        '--workers <n>',
        'with --best: independent seeded searches on this many worker threads (default 1), each under the whole --budget-ms and --max-nodes',
      ).argParser(intArg(1, 256)),
    )
    .addOption(new Option('--seed <seed>', 'with --best: the seed of the searches (default "best"); one worker with a node budget repeats its run exactly'))
    .addOption(
      new Option(
        '--start <board>',
        'with --best: a saved board of this puzzle (as --best or solve writes it) to start from: its first cells in the scan order are kept (--keep) and it is the board to beat',
      ),
    )
    .addOption(
      new Option(
        '--keep <cells>',
        'with --start: how many cells of the board to keep, in the scan order (default: its longest matched prefix less one row)',
      ).argParser(intArg(0)),
    )
    .addOption(new Option('--order <order>', 'with --best: the scan order, rows (default) or frame (the rim first)').choices([...BEST_ORDERS]))
    .addOption(indexOption());
}

/** The first `--best`-only option given without `--best`, if any. */
export function bestOnly(flags: BestOnlyFlags): string | undefined {
  if (flags.best) return undefined;
  const named: [keyof BestOnlyFlags, string][] = [
    ['out', '--out'],
    ['workers', '--workers'],
    ['seed', '--seed'],
    ['start', '--start'],
    ['keep', '--keep'],
    ['order', '--order'],
    ['index', '--index'],
  ];
  return named.find(([k]) => flags[k] !== undefined)?.[1];
}
