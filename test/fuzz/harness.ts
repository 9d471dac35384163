/**
 * The fuzz harness: for each format, seeded inputs (valid ones written by the format's own writer, and
 * mutants of them), and the properties: no throw, no hang, bounded memory, coded short errors,
 * accept → write → re-read gives the same value, and every accepted puzzle survives the engine under
 * a small budget. Input `i` of format `f` under seed `s` is the same on every run (replay: `--seed s
 * --only f --from i`).
 */
import { PARSE_ERROR_CODES } from '../../src/core/result.ts';
import { Rng } from '../../src/core/rng.ts';
import { excerpt } from '../../src/core/text.ts';
import { engineCheck } from './engine.ts';
import { mutate } from './mutate.ts';
import { canon, type Outcome, type Target } from './target.ts';
import { BOUNDARY_TARGETS } from './targets-boundary.ts';
import { EDGEMATCH_TARGETS } from './targets-edgematch.ts';
import { NONOGRAM_TARGETS } from './targets-nonogram.ts';
import { NUMBERLINK_TARGETS } from './targets-numberlink.ts';

export const TARGETS: Target[] = [...NONOGRAM_TARGETS, ...NUMBERLINK_TARGETS, ...EDGEMATCH_TARGETS, ...BOUNDARY_TARGETS];

/** Codes other than ParseErrorCode that a target may answer (decoders with their own error shapes). */
const OTHER_CODES = ['NO_ID', 'BAD_REQUEST'];
/** Error messages quote at most a short excerpt of the input. */
export const MAX_MESSAGE = 400;

export interface FuzzOptions {
  seed: string;
  /** Inputs per format. */
  count: number;
  /** First input index (to replay a failure). */
  from?: number;
  /** A parse slower than this is a hang. */
  hangMs?: number;
  /** An engine check slower than this is a hang (its budget's deadline is 200 ms). */
  engineHangMs?: number;
  /** Distinct accepted puzzles put through the engine, at most (per format). */
  engineMax?: number;
  /** Inputs between two heap readings. */
  batch?: number;
}

export interface Failure {
  kind: 'throw' | 'hang' | 'bad-error' | 'round-trip' | 'valid-refused' | 'engine' | 'engine-hang';
  index: number;
  input: string;
  detail: string;
}

export interface FuzzStats {
  format: string;
  seed: string;
  inputs: number;
  accepted: number;
  rejected: Record<string, number>;
  throws: number;
  hangs: number;
  badErrors: number;
  validRefused: number;
  roundTripFailures: number;
  maxParseMs: number;
  /** The input index of the slowest parse (to replay it). */
  slowestIndex: number;
  maxHeapGrowthMB: number;
  engineChecked: number;
  engineFailures: number;
  engineHangs: number;
  engineMaxMs: number;
  /** Failures of other parts' defects, found but not counted as failures here (see engine.ts KNOWN). */
  knownDefects: number;
  /** The first failures, to replay. */
  failures: Failure[];
}

/** Input `index` of a target under `seed`: a valid input one time in ten, else a mutant. */
export function inputOf(t: Target, seed: string, index: number): { text: string; valid: boolean } {
  const rng = new Rng(`${seed}/${t.name}/${index}`);
  const base = t.valid(rng);
  if (rng.chance(1, 10)) return { text: base, valid: true };
  return { text: mutate(rng, base, t.valid(rng)), valid: false };
}

function errorProblem(o: Outcome & { ok: false }): string | null {
  if (!(PARSE_ERROR_CODES as readonly string[]).includes(o.code) && !OTHER_CODES.includes(o.code)) return `unknown error code ${excerpt(String(o.code), 40)}`;
  if (typeof o.message !== 'string') return 'the message is not a string';
  if (o.message.length > MAX_MESSAGE) return `a ${o.message.length}-character message: ${excerpt(o.message, 80)}`;
  if (o.line !== undefined && !(Number.isInteger(o.line) && o.line >= 1)) return `bad line ${o.line}`;
  return null;
}

const heapMB = (): number => {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

export function runFuzz(t: Target, opts: FuzzOptions): FuzzStats {
  const { seed, count, from = 0, hangMs = 1000, engineHangMs = 5000, engineMax = Infinity, batch = 250 } = opts;
  const s: FuzzStats = {
    format: t.name,
    seed,
    inputs: 0,
    accepted: 0,
    rejected: {},
    throws: 0,
    hangs: 0,
    badErrors: 0,
    validRefused: 0,
    roundTripFailures: 0,
    maxParseMs: 0,
    slowestIndex: -1,
    maxHeapGrowthMB: 0,
    engineChecked: 0,
    engineFailures: 0,
    engineHangs: 0,
    engineMaxMs: 0,
    knownDefects: 0,
    failures: [],
  };
  const fail = (kind: Failure['kind'], index: number, input: string, detail: string): void => {
    if (s.failures.length < 20) s.failures.push({ kind, index, input: excerpt(input, 300), detail: excerpt(detail, 300) });
  };
  const seen = new Set<string>();
  let heap0 = heapMB();
  for (let i = from; i < from + count; i++) {
    const { text, valid } = inputOf(t, seed, i);
    s.inputs++;
    let out: Outcome;
    const t0 = performance.now();
    try {
      out = t.parse(text);
    } catch (e) {
      s.throws++;
      fail('throw', i, text, e instanceof Error ? `${e.name}: ${e.message}` : String(e));
      continue;
    } finally {
      const ms = performance.now() - t0;
      if (ms > s.maxParseMs) {
        s.maxParseMs = ms;
        s.slowestIndex = i;
      }
      if (ms > hangMs) {
        s.hangs++;
        fail('hang', i, text, `parse took ${ms.toFixed(0)} ms`);
      }
    }
    if (!out.ok) {
      s.rejected[out.code] = (s.rejected[out.code] ?? 0) + 1;
      const why = errorProblem(out);
      if (why) {
        s.badErrors++;
        fail('bad-error', i, text, why);
      }
      if (valid) {
        s.validRefused++;
        fail('valid-refused', i, text, `${out.code}: ${out.message}`);
      }
    } else {
      s.accepted++;
      try {
        const rt = t.roundTrip?.(out.value) ?? null;
        if (rt !== null) {
          s.roundTripFailures++;
          fail('round-trip', i, text, rt);
        }
      } catch (e) {
        s.roundTripFailures++;
        fail('round-trip', i, text, `threw ${e instanceof Error ? e.message : String(e)}`);
      }
      for (const ep of t.puzzles?.(out.value) ?? []) {
        const key = `${ep.family}:${canon(ep.puzzle)}`;
        if (seen.has(key) || s.engineChecked >= engineMax) continue;
        seen.add(key);
        s.engineChecked++;
        const r = engineCheck(ep);
        s.engineMaxMs = Math.max(s.engineMaxMs, r.maxMs);
        s.knownDefects += r.known.length;
        if (r.failures.length > 0) {
          s.engineFailures++;
          fail('engine', i, text, r.failures.join('; '));
        }
        if (r.maxMs > engineHangMs) {
          s.engineHangs++;
          fail('engine-hang', i, text, `an engine call took ${r.maxMs.toFixed(0)} ms`);
        }
      }
    }
    if ((i - from + 1) % batch === 0) {
      const h = heapMB();
      s.maxHeapGrowthMB = Math.max(s.maxHeapGrowthMB, h - heap0);
      heap0 = h;
    }
  }
  s.maxHeapGrowthMB = Math.max(s.maxHeapGrowthMB, heapMB() - heap0);
  return s;
}

/** The failures of a run (throws, hangs, bad errors, refused valid inputs, round trips, engine). */
export const failureCount = (s: FuzzStats): number =>
  s.throws + s.hangs + s.badErrors + s.validRefused + s.roundTripFailures + s.engineFailures + s.engineHangs;
