/** `proofgrid grade`: the measured difficulty of every puzzle. */
import { Command } from 'commander';
import { Meter } from '../core/budget.ts';
import { VERDICT_EXIT_CODES } from '../core/verdict.ts';
import { EXIT, EXIT_HELP, worst } from './exit.ts';
import { print, printJson } from './io.ts';
import { addBudgetOptions, addInputOptions, budgetOf, type BudgetFlags, type InputFlags } from './options.ts';
import { describe, jsonHead, loadPuzzles } from './puzzles.ts';

interface GradeFlags extends InputFlags, BudgetFlags {
  json?: boolean;
}

export function gradeCommand(): Command {
  const cmd = new Command('grade').description('measure the difficulty of every puzzle: level, score (0-100) and the metrics it comes from');
  addInputOptions(cmd);
  addBudgetOptions(cmd);
  cmd
    .option('--json', 'print a JSON array, one entry per puzzle, with the grade or the reason there is none')
    .addHelpText(
      'after',
      `
Only a puzzle with exactly one solution has a grade (the grader certifies it). For the others the
line says why: no solution, several solutions, or the budget ran out. The numberlink grader is a
first, uncalibrated version.

Exit codes: 0 every puzzle graded; otherwise the worst of 20 (no solution), 30 (several
solutions), 40 (budget ran out); 2 bad input.

${EXIT_HELP}

Examples:
  proofgrid grade puzzles.non
  proofgrid grade --json --id nonogram@1:15x15-hard#abc
  proofgrid grade flows.nl --rule no-touch`,
    )
    .action(async (file: string | undefined, flags: GradeFlags) => {
      process.exitCode = await runGrade(file, flags);
    });
  return cmd;
}

const metricText = (m: Record<string, number | string | null>): string =>
  Object.entries(m)
    .map(([k, v]) => `${k}=${typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 1000) / 1000 : v}`)
    .join(' ');

async function runGrade(file: string | undefined, flags: GradeFlags): Promise<number> {
  const loaded = await loadPuzzles(file, flags);
  const budget = budgetOf(flags);
  const codes: number[] = [];
  const json: unknown[] = [];
  for (const lp of loaded) {
    const { family, puzzle } = lp;
    // One deadline per puzzle: the count that tells none from multiple gets what the grade left.
    const meter = new Meter(budget);
    const g = family.grade(puzzle, meter.remaining());
    if (g.ok) {
      codes.push(EXIT.ok);
      if (flags.json) json.push({ ...jsonHead(lp), ok: true, grade: g.grade });
      else print(`${describe(lp)}: ${g.grade.level} (score ${g.grade.score}) ${metricText(g.grade.metrics)}`);
      continue;
    }
    let code: number = EXIT.inconclusive;
    let why = `budget ran out (${g.stop})`;
    if (g.stop === 'not-unique') {
      // Tell "none" from "multiple" with a count under the same budget.
      const v = family.count(puzzle, { budget: meter.remaining() });
      code = VERDICT_EXIT_CODES[v.kind];
      why = v.kind === 'none' ? 'no solution' : v.kind === 'multiple' ? 'several solutions' : g.message;
    }
    codes.push(code);
    if (flags.json) json.push({ ...jsonHead(lp), ok: false, reason: g.stop, message: why });
    else print(`${describe(lp)}: not graded: ${why}`);
  }
  if (flags.json) printJson(json);
  return worst(
    codes.filter((c) => c !== EXIT.ok),
    EXIT.ok,
  );
}
