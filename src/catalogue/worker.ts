/**
 * The work of one catalogue job, run in a worker thread (worker.mjs loads this file through tsx;
 * the compiled worker.mjs in dist/ loads the compiled worker.js):
 * generate, then describe the outcome as the store's row. Pure of the store: it returns the row and the
 * main thread writes it.
 */
import { generate, type Budget } from '../api/index.ts';
import { makeId } from '../core/ids.ts';
import { sha256Hex } from './canonical.ts';
import type { Job } from './jobs.ts';
import type { JobRow } from './store.ts';

const round1 = (x: number): number => Math.round(x * 10) / 10;

export function runJob(job: Job): JobRow {
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
    seeded_id: makeId({ kind: 'seeded', family: job.family, version: job.generatorVersion, params: job.params, seed: job.seed }),
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
  const budget: Budget = job.budgetMs !== null ? { deadlineMs: job.budgetMs } : {};
  const answer = generate(job.family, job.params, job.seed, { version: job.generatorVersion, budget });
  if (!answer.ok) {
    // Params that do not parse are the job's failure; anything else is a bug, which stops the build.
    if (answer.error.code === 'ERR_INTERNAL' || answer.error.code === 'ERR_FAMILY') throw new Error(answer.error.message);
    return {
      ...base,
      ...none,
      status: 'failed',
      diag_path: null,
      diag_attempts: null,
      diag_nodes: null,
      diag_ms: null,
      diag_rejected: null,
      failure_reason: 'bad-params',
      failure_message: answer.error.message,
    };
  }
  const r = answer.value;
  const d = r.diagnostics;
  const diag = { diag_path: d.path, diag_attempts: d.attempts, diag_nodes: d.nodes, diag_ms: round1(d.ms), diag_rejected: JSON.stringify(d.rejected) };
  if (r.kind === 'failed') return { ...base, ...none, ...diag, status: 'failed', failure_reason: r.reason, failure_message: r.message };
  const { info } = r;
  return {
    ...base,
    ...none,
    ...diag,
    status: 'ok',
    seeded_id: info.shareId,
    puzzle_id: info.id,
    canonical_hash: sha256Hex(r.canonical),
    cert_kind: info.verdict,
    cert_stop: info.stop,
    cert_nodes: info.certificate.nodes,
    cert_ms: round1(info.certificate.ms),
    grade_level: info.grade?.level ?? null,
    grade_score: info.grade?.score ?? null,
    grade_metrics: info.grade === null ? null : JSON.stringify(info.grade.metrics),
  };
}

export default runJob;
