/**
 * The work of one catalogue job, run in a worker thread (worker.mjs loads this file through tsx;
 * the compiled worker.mjs in dist/ loads the compiled worker.js):
 * generate, then describe the outcome as the store's row. Pure of the store: it returns the row and the
 * main thread writes it.
 */
import type { Budget } from '../core/budget.ts';
import { makeId } from '../core/ids.ts';
import { FAMILIES } from '../families/index.ts';
import { canonicalHash } from './canonical.ts';
import type { Job } from './jobs.ts';
import type { JobRow } from './store.ts';

const round1 = (x: number): number => Math.round(x * 10) / 10;

export function runJob(job: Job): JobRow {
  const family = FAMILIES[job.family];
  const base = {
    family: job.family,
    generator_version: job.generatorVersion,
    params: job.params,
    base_seed: job.baseSeed,
    job_index: job.index,
    seed: job.seed,
    width: job.width,
    height: job.height,
    level: job.level,
    rule: job.rule,
    seeded_id: makeId({ kind: 'seeded', family: family.name, version: job.generatorVersion, params: job.params, seed: job.seed }),
    cert_budget_ms: job.budgetMs,
  };
  const none = {
    puzzle_id: null,
    canonical_hash: null,
    cert_kind: null,
    cert_stop: null,
    cert_nodes: null,
    cert_ms: null,
    grade_level: null,
    grade_score: null,
    grade_metrics: null,
    failure_reason: null,
    failure_message: null,
  };
  const parsed = family.parseParams(job.params);
  if (!parsed.ok) {
    return { ...base, ...none, status: 'failed', diag_path: null, diag_attempts: null, diag_nodes: null, diag_ms: null, diag_rejected: null, failure_reason: 'bad-params', failure_message: parsed.error.message };
  }
  const budget: Budget = job.budgetMs !== null ? { deadlineMs: job.budgetMs } : {};
  // The registry's families differ in their types; each is used with its own params only.
  const r = (family.generate as (p: unknown, s: string, b: Budget, o: { version: number }) => ReturnType<typeof family.generate>)(parsed.value, job.seed, budget, { version: job.generatorVersion });
  const d = r.diagnostics;
  const diag = { diag_path: d.path, diag_attempts: d.attempts, diag_nodes: d.nodes, diag_ms: round1(d.ms), diag_rejected: JSON.stringify(d.rejected) };
  if (!r.ok) return { ...base, ...none, ...diag, status: 'failed', failure_reason: r.reason, failure_message: r.message };
  const c = r.certificate;
  return {
    ...base,
    ...none,
    ...diag,
    status: 'ok',
    seeded_id: r.id,
    puzzle_id: (family.makePuzzle as (p: unknown) => string)(r.puzzle),
    canonical_hash: canonicalHash(job.family, r.puzzle, r.solution),
    cert_kind: c.kind,
    cert_stop: c.stop,
    cert_nodes: c.stats.nodes,
    cert_ms: round1(c.stats.ms),
    grade_level: r.grade.level,
    grade_score: r.grade.score,
    grade_metrics: JSON.stringify(r.grade.metrics),
  };
}

export default runJob;
