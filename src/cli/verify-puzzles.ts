/**
 * `proofgrid verify` on puzzle files: each puzzle's solution checked by the family's independent
 * verifier. One puzzle takes one solution; a file of several takes a solution file of as many, in
 * order, as `solve` writes it (see `splitSolutions`).
 */
import type { Budget } from '../core/budget.ts';
import { EXIT, UserError } from './exit.ts';
import { note, print, printJson, readText } from './io.ts';
import type { InputFlags } from './options.ts';
import { describe, describeParseError, loadPuzzles, type LoadedPuzzle } from './puzzles.ts';

export interface VerifyPuzzleFlags extends InputFlags {
  solution: string;
  index?: number;
  json?: boolean;
  budgetMs?: number;
}

/** One solution of a solution file: its text, the line it starts on (1-based) and its puzzle's number. */
export interface SolutionBlock {
  text: string;
  line: number;
  number: number;
}

const HEADER = /^puzzle (\d+):/;

/**
 * The solutions of a text written for several puzzles: after `solve`'s "puzzle N: ..." lines (N is
 * the puzzle's number, so a puzzle solve could not solve is missing, not shifted), else separated by
 * blank lines, else one a line (nonogram bits). An error message when the text cannot be split so.
 */
export function splitSolutions(text: string, count: number): { ok: true; blocks: SolutionBlock[] } | { ok: false; message: string } {
  const lines = text.split(/\r\n|\r|\n/);
  const blocks: SolutionBlock[] = [];
  const headed = lines.some((l) => HEADER.test(l));
  let current: { lines: string[]; line: number; number: number } | undefined;
  const flush = (): void => {
    if (current?.lines.some((l) => l.trim() !== '')) {
      // The blank lines after a solution are not part of it.
      while (current.lines.at(-1)?.trim() === '') current.lines.pop();
      blocks.push({ text: `${current.lines.join('\n')}\n`, line: current.line, number: current.number });
    }
    current = undefined;
  };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const m = HEADER.exec(l);
    if (m) {
      flush();
      const number = Number(m[1]);
      const previous = blocks.at(-1)?.number ?? 0;
      if (number <= previous)
        return { ok: false, message: `line ${i + 1}: "puzzle ${number}:" comes after puzzle ${previous}; the solutions must be in the puzzles' order` };
      current = { lines: [], line: i + 2, number };
    } else if (headed) {
      if (current) current.lines.push(l);
      else if (l.trim() !== '') return { ok: false, message: `line ${i + 1}: a solution before the first "puzzle N:" line` };
    } else if (l.trim() === '') flush();
    else {
      current ??= { lines: [], line: i + 1, number: blocks.length + 1 };
      current.lines.push(l);
    }
  }
  flush();
  if (!headed && blocks.length === 1 && count > 1) {
    const one = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.trim() !== '');
    if (one.length === count) return { ok: true, blocks: one.map(({ l, i }, k) => ({ text: `${l}\n`, line: i + 1, number: k + 1 })) };
  }
  return { ok: true, blocks };
}

/** The answer for one puzzle: 0 a solution, 1 not one, 40 undecided, 2 the solution cannot be read. */
interface Checked {
  code: number;
  line: string;
  json: Record<string, unknown>;
}

function checkOne(lp: LoadedPuzzle, sol: { text: string; label: string; line: number; whole: string }, budget: Budget): Checked {
  const { family, puzzle } = lp;
  const head = { index: lp.index, source: lp.label, family: family.name, solution: sol.label };
  const s = family.parseSolution(sol.text, puzzle, budget);
  if (!s.ok && s.error.code === 'ERR_UNDECIDED') {
    // Reading the solution is a search here (a label grid's routing), and it ran out: not a refusal.
    return {
      code: EXIT.inconclusive,
      line: `${describe(lp)}: undecided: ${s.error.message}`,
      json: { ...head, ok: false, undecided: true, reason: s.error.message },
    };
  }
  if (!s.ok) {
    const error = s.error.line !== undefined ? { ...s.error, line: s.error.line + sol.line - 1 } : s.error;
    const message = describeParseError(sol.label, error, sol.whole);
    return { code: EXIT.badInput, line: `${describe(lp)}: unreadable solution: ${message}`, json: { ...head, ok: false, unreadable: true, reason: message } };
  }
  const v = family.verify(puzzle, s.value);
  return {
    code: v.ok ? EXIT.ok : EXIT.failed,
    line: `${describe(lp)}: ${v.ok ? 'a solution' : `not a solution: ${v.reason}`}`,
    json: { ...head, ok: v.ok, ...(v.ok ? {} : { reason: v.reason }) },
  };
}

/** Several answers in one exit code: unreadable (2) > undecided (40) > not a solution (1) > all valid (0). */
export function verifyExit(codes: readonly number[]): number {
  for (const c of [EXIT.badInput, EXIT.inconclusive, EXIT.failed]) if (codes.includes(c)) return c;
  return EXIT.ok;
}

export async function runVerifyPuzzles(file: string | undefined, flags: VerifyPuzzleFlags): Promise<number> {
  if (flags.solution === '-' && (file === undefined || file === '-') && !flags.id)
    throw new UserError('the puzzle and the solution cannot both come from standard input');
  const loaded = await loadPuzzles(file, flags);
  if (flags.index !== undefined && flags.index > loaded.length) {
    throw new UserError(`--index ${flags.index}: the input holds ${loaded.length} puzzle${loaded.length === 1 ? '' : 's'}`);
  }
  const { text, label } = await readText(flags.solution);
  const budget: Budget = { deadlineMs: flags.budgetMs };
  if (flags.index !== undefined || loaded.length === 1) {
    const lp = loaded[(flags.index ?? 1) - 1];
    const c = checkOne(lp, { text, label, line: 1, whole: text }, budget);
    // One puzzle: an unreadable solution is bad input, said on standard error as before.
    if (c.code === EXIT.badInput) throw new UserError(String(c.json.reason));
    const { index: _index, ...json } = c.json;
    if (flags.json) printJson(json);
    else print(c.line);
    return c.code;
  }
  const split = splitSolutions(text, loaded.length);
  if (!split.ok) throw new UserError(`${label}: ${split.message}`);
  const { blocks } = split;
  const numbers = blocks.map((b) => b.number);
  const missing = loaded.filter((lp) => !numbers.includes(lp.index)).map((lp) => lp.index);
  if (blocks.length !== loaded.length || missing.length > 0) {
    throw new UserError(
      `${flags.id ? 'the ids name' : `${loaded[0].label.replace(/ #1$/, '')} holds`} ${loaded.length} puzzles but ${label} ${blocks.length} solution${blocks.length === 1 ? '' : 's'}` +
        (missing.length > 0 && blocks.length < loaded.length ? ` (none for puzzle ${missing.join(', ')})` : '') +
        '; give one solution per puzzle, in order (as "proofgrid solve" writes them), or choose one puzzle with --index N',
    );
  }
  const checked = loaded.map((lp, i) => checkOne(lp, { ...blocks[i], label: `${label} solution ${blocks[i].number}`, whole: text }, budget));
  if (flags.json) printJson(checked.map((c) => c.json));
  else for (const c of checked) print(c.line);
  // Bad input is said on standard error too, as everywhere else (exit 2 with a message).
  for (const c of checked) if (c.code === EXIT.badInput) note(c.line);
  return verifyExit(checked.map((c) => c.code));
}
