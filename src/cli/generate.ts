/** `proofgrid generate`: certified-unique puzzles of a measured difficulty, from a seed. */
import { randomBytes } from 'node:crypto';
import cliProgress from 'cli-progress';
import { Command, Option } from 'commander';
import type { Budget } from '../core/budget.ts';
import { LEVELS, type Level } from '../core/family.ts';
import { formats, generateNonogram, nonogram, type Nonogram, type NonogramParams } from '../families/nonogram/index.ts';
import { EXIT, EXIT_HELP, UserError } from './exit.ts';
import { emit, note } from './io.ts';
import { intArg } from './options.ts';
import { FORMATS, type FormatName } from './puzzles.ts';

interface GenerateFlags {
  count: number;
  seed?: string;
  size: string;
  difficulty: Level;
  format: FormatName;
  out?: string;
  json?: boolean;
  budgetMs?: number;
  quiet?: boolean;
}

/** Seed of the i-th puzzle (0-based) of a run with seed `s`: `s`, then `s-1`, `s-2`, ... */
export function seedOf(seed: string, i: number): string {
  return i === 0 ? seed : `${seed}-${i}`;
}

export function generateCommand(): Command {
  return new Command('generate')
    .description('generate puzzles whose uniqueness is certified by a completed count and whose difficulty was measured')
    .addOption(new Option('-n, --count <n>', 'how many puzzles to generate').argParser(intArg(1, 100_000)).default(1))
    .option('--seed <seed>', 'seed of the run (any text); puzzle i uses seed S for i = 0 and S-i after (S-1, S-2, ...). Default: a random seed, printed on stderr')
    .option('--size <WxH>', 'puzzle size, WxH or N for NxN (sides from 5 to 60)', '10x10')
    .addOption(new Option('--difficulty <level>', 'the measured difficulty the puzzles must have').choices(LEVELS).default('medium'))
    .addOption(new Option('--format <format>', 'output format (id: one descriptive id per line)').choices(FORMATS).default('id'))
    .option('--out <file>', 'write to this file (atomically: complete, or not at all) instead of standard output')
    .addOption(new Option('--json', 'print a JSON array: ids, seeded id, grade, certificate summary and diagnostics per puzzle').conflicts('format'))
    .addOption(new Option('--budget-ms <ms>', 'give up on a puzzle after this many milliseconds (a typed failure, never an uncertified puzzle)').argParser(intArg(0)))
    .option('-q, --quiet', 'no progress report on standard error')
    .addHelpText(
      'after',
      `
Every puzzle depends only on (size, difficulty, seed, generator version ${nonogram.version}); its seeded
id nonogram@${nonogram.version}:WxH-level#seed regenerates it anywhere. "-n 3 --seed s" makes the
same puzzles as "--seed s", "--seed s-1" and "--seed s-2" one at a time.

A generation that fails (attempts exhausted, deadline) is reported on standard error with its
reason and the run exits with 1; no uncertified puzzle is ever written. When any puzzle fails,
--out is left untouched (the certified ones still go to standard output without --out).

${EXIT_HELP}

Examples:
  proofgrid generate --size 15x15 --difficulty hard --seed abc
  proofgrid generate -n 20 --seed s --size 20 --difficulty expert --format non --out set.non
  proofgrid generate --json --seed 42`,
    )
    .action(async (flags: GenerateFlags) => {
      process.exitCode = await runGenerate(flags);
    });
}

function paramsOf(flags: GenerateFlags): NonogramParams {
  const m = /^\s*(\d+)(?:\s*[xX]\s*(\d+))?\s*$/.exec(flags.size);
  if (!m) throw new UserError(`--size ${flags.size}: expected WxH (e.g. 15x10) or N (e.g. 15)`);
  const text = `${m[1]}x${m[2] ?? m[1]}-${flags.difficulty}`;
  const r = nonogram.parseParams(text);
  if (!r.ok) throw new UserError(`--size ${flags.size}: ${r.error.message}`);
  return r.value;
}

interface Progress {
  tick(line: string): void;
  stop(): void;
}

function progress(total: number, quiet: boolean): Progress {
  if (quiet || total < 2) return { tick: () => {}, stop: () => {} };
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: 'generating [{bar}] {value}/{total} | {duration_formatted} | ETA {eta_formatted} | {last}', hideCursor: true, clearOnComplete: false },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0, { last: '' });
    return { tick: (last) => bar.increment(1, { last }), stop: () => bar.stop() };
  }
  let done = 0;
  return { tick: (line) => note(`[${++done}/${total}] ${line}`), stop: () => {} };
}

async function runGenerate(flags: GenerateFlags): Promise<number> {
  const params = paramsOf(flags);
  if (!flags.json && flags.format === 'nin' && flags.count > 1) throw new UserError('a .nin file holds one puzzle: use -n 1, or another --format (non and xml hold many)');
  if (!flags.json && flags.format === 'taai' && params.width !== params.height) throw new UserError(`the TAAI format holds only square puzzles, not ${params.width}x${params.height}`);
  let seed = flags.seed;
  if (seed === undefined) {
    seed = randomBytes(6).toString('hex');
    if (!flags.quiet) note(`proofgrid: seed ${seed}`);
  } else if (seed === '') throw new UserError('--seed: the seed must not be empty');
  const budget: Budget = flags.budgetMs !== undefined ? { deadlineMs: flags.budgetMs } : {};
  const bar = progress(flags.count, flags.quiet ?? false);
  const puzzles: Nonogram[] = [];
  const json: unknown[] = [];
  const failures: string[] = [];
  for (let i = 0; i < flags.count; i++) {
    const s = seedOf(seed, i);
    const r = generateNonogram(params, s, budget);
    const seededId = `nonogram@${nonogram.version}:${nonogram.makeParams(params)}#${s}`;
    if (r.ok) {
      puzzles.push(r.puzzle);
      const c = r.certificate;
      json.push({
        index: i + 1,
        ok: true,
        seed: s,
        seededId: r.id,
        id: formats.makeNonogramId(r.puzzle),
        width: r.puzzle.width,
        height: r.puzzle.height,
        grade: r.grade,
        certificate: { kind: c.kind, stop: c.stop, nodes: c.stats.nodes, ms: Math.round(c.stats.ms * 10) / 10 },
        diagnostics: r.diagnostics,
      });
      bar.tick(`${r.id} ${r.grade.level} ${r.grade.score}`);
    } else {
      json.push({ index: i + 1, ok: false, seed: s, seededId, reason: r.reason, message: r.message, diagnostics: r.diagnostics });
      failures.push(`proofgrid: generation failed for ${seededId}: ${r.reason}: ${r.message} (${Math.round(r.diagnostics.ms)} ms)`);
      bar.tick(`${seededId} FAILED (${r.reason})`);
    }
    // Let the progress bar redraw between puzzles.
    if (flags.count > 1) await new Promise((res) => setImmediate(res));
  }
  bar.stop();
  for (const f of failures) note(f);
  const toFile = flags.out !== undefined && flags.out !== '-';
  if (failures.length > 0 && toFile) {
    note(`proofgrid: ${failures.length} of ${flags.count} generations failed; ${flags.out} was not written`);
    return EXIT.failed;
  }
  if (flags.json) emit(`${JSON.stringify(json, null, 2)}\n`, flags.out);
  else if (puzzles.length > 0) {
    const text = formats.makePuzzles(puzzles, flags.format);
    if (!text.ok) throw new UserError(`cannot write ${puzzles.length} puzzles as ${flags.format}: ${text.error.message}`);
    emit(text.value, flags.out);
  }
  return failures.length > 0 ? EXIT.failed : EXIT.ok;
}
