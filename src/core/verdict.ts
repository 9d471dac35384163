/**
 * The answer every solver entry point gives. Never a boolean: running out of budget is
 * `inconclusive`, which must never be read as `unique` nor as `none`.
 */
export const STOP_REASONS = ['completed', 'node-limit', 'deadline', 'cancelled', 'memory-limit'] as const;
export type StopReason = (typeof STOP_REASONS)[number];
export type BudgetStop = Exclude<StopReason, 'completed'>;

export const VERDICT_KINDS = ['unique', 'multiple', 'none', 'inconclusive'] as const;
export type VerdictKind = (typeof VERDICT_KINDS)[number];

export interface SolveStats {
  /** Search nodes visited (the unit the node budget counts). */
  nodes: number;
  /** Wall-clock milliseconds, as read by the budget meter. */
  ms: number;
}

export type Verdict<S> = { stats: SolveStats; stop: StopReason } & (
  | { kind: 'unique'; stop: 'completed'; solution: S }
  | { kind: 'none'; stop: 'completed' }
  | { kind: 'multiple'; stop: 'completed'; solutions: [S, S, ...S[]] }
  | { kind: 'inconclusive'; stop: BudgetStop; found: S[] }
);

/**
 * Turns the outcome of a count-up-to-`limit` search into a verdict. `found` holds the distinct
 * solutions met; `stop` says whether the search space was exhausted (or the limit reached, which also
 * counts as `completed` once two solutions are in hand).
 */
export function verdictFromCount<S>(found: S[], stop: StopReason, stats: SolveStats): Verdict<S> {
  if (found.length >= 2) {
    return { kind: 'multiple', stop: 'completed', solutions: found as [S, S, ...S[]], stats };
  }
  if (stop !== 'completed') return { kind: 'inconclusive', stop, found, stats };
  if (found.length === 1) return { kind: 'unique', stop: 'completed', solution: found[0], stats };
  return { kind: 'none', stop: 'completed', stats };
}

/** SAT-convention exit codes used by the CLI. */
export const VERDICT_EXIT_CODES: Record<VerdictKind, number> = {
  unique: 10,
  none: 20,
  multiple: 30,
  inconclusive: 40,
};
export const EXIT_BAD_INPUT = 2;

/** Solutions carried by a verdict, whatever its kind. */
export function verdictSolutions<S>(v: Verdict<S>): S[] {
  switch (v.kind) {
    case 'unique':
      return [v.solution];
    case 'multiple':
      return v.solutions;
    case 'inconclusive':
      return v.found;
    case 'none':
      return [];
  }
}

/**
 * The answer of a find-one search (no uniqueness claim): `found` says nothing about other solutions.
 */
export type FindResult<S> = { stats: SolveStats } & ({ kind: 'found'; solution: S } | { kind: 'none' } | { kind: 'inconclusive'; stop: BudgetStop });
