/**
 * Every parser on 1 MB adversarial lines finishes in under 100 ms (the best of 3 runs, a pause between
 * them) and answers a coded error or a value, never an exception. Linear parsers take 1 to 45 ms on
 * these on an idle machine (a million blank lines cost the most: splitting them alone takes ~20 ms); a
 * quadratic one takes seconds. On a machine so busy that splitting and trimming a million lines takes
 * over 20 ms, the limit is 5 times that instead (see baselineMs).
 */
import { describe, expect, it } from 'vitest';
import { TARGETS } from './harness.ts';
import { ADVERSARIAL_BODIES, baselineMs, prefixesOf } from './adversarial.ts';

const LIMIT_MS = 100;

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The best of up to three runs (it stops at the first under the limit). */
async function bestMs(f: () => unknown): Promise<number> {
  let best = Infinity;
  for (let k = 0; k < 3 && best >= LIMIT_MS; k++) {
    if (k > 0) await pause(50);
    const t0 = performance.now();
    f();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

describe('1 MB adversarial inputs', () => {
  for (const t of TARGETS) {
    it(t.name, async () => {
      const slow: string[] = [];
      for (const prefix of prefixesOf(t)) {
        for (const [name, body] of Object.entries(ADVERSARIAL_BODIES)) {
          const text = prefix + body;
          const ms = await bestMs(() => t.parse(text));
          if (ms < LIMIT_MS) continue;
          // Over 100 ms: is the machine that busy right now?
          const limit = Math.max(LIMIT_MS, 5 * baselineMs());
          if (ms >= limit) slow.push(`${name} after ${JSON.stringify(prefix.slice(-40))}: ${ms.toFixed(0)} ms (limit ${limit.toFixed(0)})`);
        }
      }
      expect(slow).toEqual([]);
    });
  }
});
