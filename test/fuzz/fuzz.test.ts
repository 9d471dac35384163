/**
 * The short seeded fuzz run of every format (the long one is `npm run fuzz`): no throw, no hang,
 * bounded heap, coded short errors, valid inputs accepted, round trips, and the engine on a few
 * accepted puzzles per format. A failure prints the seed and input index; replay it with
 * `npm run fuzz -- --seed <seed> --only <format> --from <index> --per-format 1`.
 */
import { describe, expect, it } from 'vitest';
import { failureCount, runFuzz, TARGETS } from './harness.ts';

const SEED = 'npm-test-1';
const PER_FORMAT = 120;

describe('fuzz (short seeded run)', () => {
  it('covers every format of every family and the boundary decoders', () => {
    const names = TARGETS.map((t) => t.name);
    for (const n of [
      'nonogram/non',
      'nonogram/xml',
      'nonogram/nin',
      'nonogram/taai',
      'nonogram/tatham',
      'nonogram/id',
      'numberlink/grid',
      'numberlink/letters',
      'numberlink/numlin',
      'numberlink/id',
      'edgematch/heule',
      'edgematch/puz',
      'edgematch/anjou',
      'edgematch/tud',
      'edgematch/id',
      'player/save',
      'player/share',
      'runner/request',
    ]) {
      expect(names).toContain(n);
    }
    for (const f of ['nonogram', 'numberlink', 'edgematch']) for (const k of ['move', 'state', 'params']) expect(names).toContain(`${f}/${k}`);
  });

  for (const t of TARGETS) {
    it(t.name, () => {
      const s = runFuzz(t, { seed: SEED, count: PER_FORMAT, engineMax: 3, hangMs: 2000, engineHangMs: 10_000 });
      const report = `seed ${SEED}, format ${t.name}: ${JSON.stringify(s.failures, null, 1)}`;
      expect(failureCount(s), report).toBe(0);
      expect(s.maxHeapGrowthMB, report).toBeLessThan(200);
      // The mutants must reach both outcomes, or the run proves little.
      expect(s.accepted, report).toBeGreaterThan(0);
      expect(s.inputs - s.accepted, report).toBeGreaterThan(0);
    });
  }
});
