/** Options shared by several commands, with their help text and value parsers. */
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { Budget } from '../core/budget.ts';
import { FORMATS, type FormatName } from './puzzles.ts';

/** A parser for integer option values in [min, max]. */
export function intArg(min: number, max = Number.MAX_SAFE_INTEGER): (value: string) => number {
  return (value: string) => {
    if (!/^\s*\d+\s*$/.test(value)) throw new InvalidArgumentError(`expected a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}.`);
    const n = Number(value);
    if (n < min || n > max) throw new InvalidArgumentError(`expected a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}.`);
    return n;
  };
}

/** Collects a repeatable option into a list. */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

export interface InputFlags {
  id?: string[];
  from?: FormatName;
}

export interface BudgetFlags {
  budgetMs?: number;
  maxNodes?: number;
}

/** `[file]`, `--id` and `--from`: where the puzzles come from. */
export function addInputOptions(cmd: Command): Command {
  return cmd
    .argument('[file]', 'puzzle file to read (format detected from the extension or content); "-" or nothing reads standard input')
    .addOption(
      new Option('--id <id>', 'a puzzle id instead of a file: descriptive (nonogram:WxH:desc) or seeded (nonogram@1:15x15-hard#seed, generated on the spot); repeatable').argParser(collect),
    )
    .addOption(new Option('--from <format>', 'input format, when detection is not wanted').choices(FORMATS));
}

/** `--budget-ms` and `--max-nodes`: the budget of each puzzle's search. */
export function addBudgetOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('--budget-ms <ms>', 'give up on a puzzle after this many milliseconds (answer: inconclusive)').argParser(intArg(0)))
    .addOption(new Option('--max-nodes <n>', 'give up on a puzzle after this many search nodes, one per propagation (answer: inconclusive)').argParser(intArg(0)));
}

export function budgetOf(flags: BudgetFlags): Budget {
  const b: Budget = {};
  if (flags.budgetMs !== undefined) b.deadlineMs = flags.budgetMs;
  if (flags.maxNodes !== undefined) b.maxNodes = flags.maxNodes;
  return b;
}
