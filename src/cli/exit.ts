/**
 * Exit codes and the errors that carry them. Verdict codes follow the SAT convention (see
 * src/core/verdict.ts); the CLI adds a few of its own.
 */
import { EXIT_BAD_INPUT, VERDICT_EXIT_CODES } from '../core/verdict.ts';

export const EXIT = {
  /** The command did what was asked (solve found a solution, generate, grade, hint, convert, render, verify). */
  ok: 0,
  /** The command could not do what was asked: a generation failed, or no hint follows. */
  failed: 1,
  /** Bad input: unreadable or malformed file, bad id, bad option. */
  badInput: EXIT_BAD_INPUT,
  /** A bug in proofgrid (an unexpected exception). */
  internal: 3,
  unique: VERDICT_EXIT_CODES.unique,
  none: VERDICT_EXIT_CODES.none,
  multiple: VERDICT_EXIT_CODES.multiple,
  inconclusive: VERDICT_EXIT_CODES.inconclusive,
  /** A long run stopped by Ctrl-C or SIGTERM (what it finished is kept), as shells report SIGINT. */
  interrupted: 130,
} as const;

/**
 * The order used to combine the answers for several puzzles, best first: the run exits with the
 * code of its worst answer. Inconclusive ranks worse than a definite answer (nothing was proved),
 * and bad input is worst of all. Codes not listed (0, 1) rank below unique: `solve`'s 0 (found)
 * combines with 20 (no solution) and 40 (inconclusive) by this order too.
 */
export const SEVERITY: readonly number[] = [EXIT.unique, EXIT.none, EXIT.multiple, EXIT.inconclusive, EXIT.badInput];

/** The worse of two exit codes according to SEVERITY. */
export function worse(a: number, b: number): number {
  return SEVERITY.indexOf(b) > SEVERITY.indexOf(a) ? b : a;
}

/** The worst of several exit codes (`fallback` when there are none). */
export function worst(codes: Iterable<number>, fallback: number = EXIT.ok): number {
  let out: number | undefined;
  for (const c of codes) out = out === undefined ? c : worse(out, c);
  return out ?? fallback;
}

/** Text for the help screens. */
export const EXIT_HELP = `Exit codes:
   0  done: solution found (solve), generate, grade, hint, convert, verify, render
  10  unique (count only)                        20  no solution (count, solve)
  30  several solutions (count only)             40  inconclusive (budget ran out)
   1  generation failed / no hint follows / render found no solution to draw / not a solution (verify)
   2  bad input (file, id, option)                3  internal error (a bug; please report)
With several puzzles, count and solve exit with the worst answer, in this order from best to
worst: solved (0, solve) or unique (10, count) < none (20) < multiple (30) < inconclusive (40)
< bad input (2).`;

/** A mistake of the user's (bad file, bad option): printed without a stack trace. */
export class UserError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number = EXIT.badInput) {
    super(message);
    this.name = 'UserError';
    this.exitCode = exitCode;
  }
}
