/**
 * The long suite: slow corpora (every golden file in full, the Debian SAT binaries on whole corpora,
 * large generated boards, the public data sets) run in full only there: `npm run test:long`
 * (vitest.long.config.ts, which sets PROOFGRID_LONG=1). `npm run check`, and so CI at every stop,
 * runs it after `npm test`; `npm test` runs a sample of each, so every witness still speaks in the
 * everyday loop.
 */
import { it } from 'vitest';

/** True in the long suite. */
export const LONG = process.env.PROOFGRID_LONG === '1';

/** A test only the long suite runs (shown as skipped in `npm test`). */
export const longIt = it.runIf(LONG);

/** All of `items` in the long suite, else those `quick` keeps. */
export function sample<T>(items: readonly T[], quick: (item: T, index: number) => boolean): T[] {
  return LONG ? [...items] : items.filter(quick);
}

/** The board area of a golden key or params text (`20x25-hard#g1` → 500); Infinity when it names no size. */
export function areaOf(key: string): number {
  const m = /^(\d+)x(\d+)/.exec(key);
  return m ? Number(m[1]) * Number(m[2]) : Number.POSITIVE_INFINITY;
}
