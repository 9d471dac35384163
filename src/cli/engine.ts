/**
 * `--engine` of `solve` and `count`: the engines a family declares (`family.cli.engines`), the one a
 * board gets when none is named (the family's `pick`), and the run. A family that declares none runs
 * its own `find` and `count`, and the option refuses every name for it. A SAT engine runs the
 * family's witness here (src/witness needs Node), on cadical or else minisat.
 */
import { Option, type Command } from 'commander';
import { Meter, type Budget } from '../core/budget.ts';
import type { CountOptions } from '../core/family.ts';
import type { FamilyEngine } from '../core/family-cli.ts';
import type { FindResult, Verdict } from '../core/verdict.ts';
import { availableBinaries, satCountFamily } from '../witness/sat-count.ts';
import { UserError } from './exit.ts';
import { allCliFamilies, type AnyFamily } from './families.ts';

export interface EngineFlags {
  engine?: string;
}

export function addEngineOption(cmd: Command): Command {
  const names = [...new Set(allCliFamilies().flatMap((f) => (f.cli.engines?.list ?? []).map((e) => e.name)))];
  const lines = allCliFamilies()
    .filter((f) => f.cli.engines !== undefined)
    .map((f) => `${f.name}: ${f.cli.engines!.list.map((e) => `${e.name} (${e.help})`).join('; ')}`);
  return cmd.addOption(
    new Option(
      '--engine <name>',
      `the search engine (default: the family picks one per board, named in --json as "engine"); ${lines.join('. ')}; other families have one engine`,
    ).choices(names),
  );
}

/** The engine a puzzle runs: the named one (refused when its family has no such engine), else the family's pick; undefined: the family's own. */
export function engineFor(family: AnyFamily, puzzle: unknown, task: 'find' | 'count', flags: EngineFlags): string | undefined {
  const engines = family.cli.engines;
  if (flags.engine === undefined) return engines?.pick(puzzle, task);
  if (engines === undefined) throw new UserError(`--engine ${flags.engine}: ${family.name} has one engine; leave --engine out`);
  const e = engines.list.find((x) => x.name === flags.engine);
  if (e === undefined) throw new UserError(`--engine ${flags.engine}: ${family.name} engines are ${engines.list.map((x) => x.name).join(', ')}`);
  if (e.sat && availableBinaries().length === 0) throw new UserError(`--engine ${e.name}: needs cadical or minisat on PATH; neither is installed`);
  return e.name;
}

const declared = (family: AnyFamily, engine: string | undefined): FamilyEngine | undefined =>
  engine === undefined ? undefined : family.cli.engines?.list.find((e) => e.name === engine);
const isSat = (family: AnyFamily, engine: string | undefined): boolean => declared(family, engine)?.sat === true;

/** The first slice of a portfolio's turns; each round doubles it. */
export const FIRST_SLICE_MS = 25;

/**
 * A portfolio's engines in turn, each under a time slice that doubles every round, within the whole
 * budget: the first answer that is not inconclusive (a verdict, a solution or none) answers (every engine is exact, so any one is
 * right). A turn stopped by anything but its own slice (the budget's nodes, deadline or signal) ends
 * the run inconclusive. Nodes add up over every turn, in each engine's own unit; SAT engines run
 * only where a binary is installed.
 */
async function inTurns<R extends Verdict<unknown> | FindResult<unknown>>(
  family: AnyFamily,
  turns: readonly string[],
  budget: Budget | undefined,
  run: (engine: string, budget: Budget) => Promise<R>,
  partial: (r: R, sliceMs: number) => boolean = () => false,
): Promise<R> {
  const meter = new Meter(budget);
  const engines = turns.filter((e) => !isSat(family, e) || availableBinaries().length > 0);
  for (let slice = FIRST_SLICE_MS; ; slice *= 2) {
    for (const e of engines) {
      const left = meter.remaining();
      const cut = left.deadlineMs === undefined || left.deadlineMs > slice;
      const r = await run(e, { ...left, deadlineMs: cut ? slice : left.deadlineMs });
      meter.nodes += r.stats.nodes;
      // A count the slice cut after two solutions says `multiple` with fewer than asked: not final yet.
      const sliced = cut && ((r.kind === 'inconclusive' && 'stop' in r && r.stop === 'deadline') || partial(r, slice));
      if (!sliced) return { ...r, stats: meter.stats() };
      // The whole budget spent: a cut-short count is still a true `multiple`; otherwise inconclusive by the budget's stop.
      if (!meter.check()) return r.kind === 'inconclusive' ? { ...r, stop: meter.stopped ?? 'deadline', stats: meter.stats() } : { ...r, stats: meter.stats() };
    }
  }
}

/** The count by `engine` (undefined: the family's own `count`). */
export async function countBy(family: AnyFamily, puzzle: unknown, engine: string | undefined, options: CountOptions): Promise<Verdict<unknown>> {
  if (engine === undefined) return family.count(puzzle, options);
  const turns = declared(family, engine)?.turns;
  if (turns !== undefined) {
    // `multiple` comes as soon as two solutions are in hand when a search is stopped: below the limit,
    // after running the whole slice, it may be cut short, and a later, longer turn counts on.
    const limit = options.limit ?? 2;
    return inTurns(
      family,
      turns,
      options.budget,
      (e, budget) => countBy(family, puzzle, e, { limit: options.limit, budget, distinct: options.distinct }),
      (v, sliceMs) => v.kind === 'multiple' && v.solutions.length < limit && v.stats.ms >= sliceMs,
    );
  }
  if (isSat(family, engine))
    return satCountFamily(family, puzzle, availableBinaries()[0], { limit: options.limit, budget: options.budget, distinct: options.distinct ?? 'colourings' });
  return family.cli.engines!.count(puzzle, engine, options);
}

/**
 * One solution by `engine` (undefined: the family's own `find`); a SAT engine counts to 2 and keeps
 * the first; a portfolio takes turns as in a count.
 */
export async function findBy(family: AnyFamily, puzzle: unknown, engine: string | undefined, budget: Budget): Promise<FindResult<unknown>> {
  if (engine === undefined) return family.find(puzzle, budget);
  const turns = declared(family, engine)?.turns;
  if (turns !== undefined) return inTurns(family, turns, budget, (e, b) => findBy(family, puzzle, e, b));
  if (!isSat(family, engine)) return family.cli.engines!.find(puzzle, engine, budget);
  const v = await satCountFamily(family, puzzle, availableBinaries()[0], { limit: 2, budget });
  switch (v.kind) {
    case 'unique':
      return { kind: 'found', solution: v.solution, stats: v.stats };
    case 'multiple':
      return { kind: 'found', solution: v.solutions[0], stats: v.stats };
    case 'none':
      return { kind: 'none', stats: v.stats };
    case 'inconclusive':
      return v.found.length > 0 ? { kind: 'found', solution: v.found[0], stats: v.stats } : { kind: 'inconclusive', stop: v.stop, stats: v.stats };
  }
}
