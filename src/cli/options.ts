/** Options shared by several commands, with their help text and value parsers. */
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { Budget } from '../core/budget.ts';
import { FAMILIES } from '../families/index.ts';
import { allFormats, allRules, familyNames } from './families.ts';
import { UserError } from './exit.ts';

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
  from?: string;
  family?: string;
  rule?: string;
}

export interface BudgetFlags {
  budgetMs?: number;
  maxNodes?: number;
}

/** `--family <name>`: which puzzle family (choices from the registry). */
export function familyOption(description: string): Option {
  return new Option('--family <family>', description).choices(familyNames());
}

/** `--rule <rule>`: a rule set of a family that has several (Numberlink). */
export function ruleOption(description: string): Option {
  return new Option('--rule <rule>', description).choices(allRules());
}

/** `--index <n>`: which puzzle of a file a one-puzzle command works on (see `loadOnePuzzle`). */
export function indexOption(): Option {
  return new Option('--index <n>', 'which puzzle of the file (1-based), when it holds several').argParser(intArg(1));
}

/** `[file]`, `--id`, `--family`, `--from` and `--rule`: where the puzzles come from. */
export function addInputOptions(cmd: Command): Command {
  return cmd
    .argument('[file]', 'puzzle file to read (family and format detected from the extension or content); "-" or nothing reads standard input')
    .addOption(
      new Option(
        '--id <id>',
        `a puzzle id instead of a file: descriptive (nonogram:WxH:desc, numberlink:WxH-rule:body, edgematch:WxH:colours) or seeded (nonogram@${FAMILIES.nonogram.version}:15x15-hard#seed, numberlink@${FAMILIES.numberlink.version}:10x10-medium#seed, edgematch@${FAMILIES.edgematch.version}:6x6-medium#seed, generated on the spot); repeatable`,
      ).argParser(collect),
    )
    .addOption(familyOption('the puzzle family of the file, when detection is not wanted'))
    .addOption(
      new Option('--from <format>', 'input format, when detection is not wanted (see "proofgrid convert --help" for the formats of each family)').choices(
        allFormats(),
      ),
    )
    .addOption(ruleOption('numberlink rule set for formats that do not carry one (grid, letters, numlin; default strict); ids must agree with it'));
}

/** `--budget-ms` and `--max-nodes`: the budget of each puzzle's search. */
export function addBudgetOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('--budget-ms <ms>', 'give up on a puzzle after this many milliseconds (answer: inconclusive)').argParser(intArg(0)))
    .addOption(
      new Option('--max-nodes <n>', 'give up on a puzzle after this many search nodes, one per propagation (answer: inconclusive)').argParser(intArg(0)),
    );
}

export function budgetOf(flags: BudgetFlags): Budget {
  const b: Budget = {};
  if (flags.budgetMs !== undefined) b.deadlineMs = flags.budgetMs;
  if (flags.maxNodes !== undefined) b.maxNodes = flags.maxNodes;
  return b;
}

/** A size option's value, WxH or N (for NxN), as the params text writes it (`15x10`) and as numbers. */
export function parseSize(size: string, option: string): { text: string; width: number; height: number } {
  const m = /^\s*(\d+)(?:\s*[xX]\s*(\d+))?\s*$/.exec(size);
  if (!m) throw new UserError(`${option} ${size}: expected WxH (e.g. 15x10) or N (e.g. 15)`);
  const h = m[2] ?? m[1];
  return { text: `${m[1]}x${h}`, width: Number(m[1]), height: Number(h) };
}
