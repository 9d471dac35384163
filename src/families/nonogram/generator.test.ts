import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { areaOf, longIt, sample } from '../../../test/long.ts';
import { LEVELS, type Level } from '../../core/family.ts';
import { verifySolution } from './puzzle.ts';
import { makeNonogramId } from './formats/index.ts';
import { generateNonogram, GENERATOR_VERSION, makeParams, NONOGRAM_GENERATORS, parseParams, versionOfParams } from './generator.ts';
import { nonogram } from './index.ts';
import { gradeNonogram } from './grader.ts';
import { countSolutions } from './solver.ts';

const GOLDEN_CASES: string[] = [];
for (const size of ['5x5', '10x10', '15x10', '15x15', '20x25', '30x30']) {
  for (const level of LEVELS) {
    if (size === '5x5' && (level === 'hard' || level === 'expert')) continue;
    GOLDEN_CASES.push(`${size}-${level}#g1`);
  }
}
/** Version 2's cases (colour): every count of colours at the small sizes, 3 and 5 at the large ones; expert is unreachable. */
const COLOUR_GOLDEN_CASES: string[] = [];
for (const colours of [2, 3, 4, 5, 6]) {
  COLOUR_GOLDEN_CASES.push(`5x5-easy-c${colours}#g1`);
  for (const size of ['10x10', '15x10', '15x15', ...(colours === 3 || colours === 5 ? ['20x25', '30x30'] : [])])
    for (const level of ['easy', 'medium', 'hard']) COLOUR_GOLDEN_CASES.push(`${size}-${level}-c${colours}#g1`);
}
/** The newest version of each kind (black and white, colour): the golden files UPDATE_GOLDEN=1 may rewrite. */
const NEWEST = new Set([GENERATOR_VERSION, versionOfParams({ width: 5, height: 5, level: 'easy', colours: 2 })]);

describe('nonogram params', () => {
  it('parses and makes WxH-level', () => {
    const r = parseParams('15x10-hard');
    expect(r.ok && makeParams(r.value)).toBe('15x10-hard');
    const s = parseParams('20');
    expect(s.ok && makeParams(s.value)).toBe('20x20-medium');
    for (const bad of ['', 'x', '15x', '4x4', '15x15-insane', '100x5']) expect(parseParams(bad).ok).toBe(false);
  });

  it('parses and makes WxH-level-cN, colours 2 to 6 besides the background', () => {
    const r = parseParams('15x10-hard-c4');
    expect(r.ok && r.value).toEqual({ width: 15, height: 10, level: 'hard', colours: 4 });
    expect(r.ok && makeParams(r.value)).toBe('15x10-hard-c4');
    const s = parseParams('20-c2');
    expect(s.ok && makeParams(s.value)).toBe('20x20-medium-c2');
    for (const bad of ['15x15-hard-c1', '15x15-hard-c7', '15x15-hard-c', '15x15-c3-hard']) expect(parseParams(bad).ok, bad).toBe(false);
  });
});

describe('generateNonogram', () => {
  it('returns only certified puzzles whose measured level is the requested one, many seeds per size and level', () => {
    const sizes: [number, number][] = [
      [5, 5],
      [10, 10],
      [12, 8],
      [15, 15],
    ];
    for (const [width, height] of sizes) {
      for (const level of LEVELS) {
        if (width === 5 && (level === 'hard' || level === 'expert')) continue;
        // Two seeds each in npm test, six in the long suite.
        for (const seed of sample([0, 1, 2, 3, 4, 5], (k) => k < 2)) {
          const r = generateNonogram({ width, height, level }, `t${seed}`);
          expect(r.ok, `${width}x${height} ${level} seed t${seed}: ${r.ok ? '' : r.message}`).toBe(true);
          if (!r.ok) continue;
          // The certificate is a completed count; re-counting independently agrees.
          expect(r.certificate.kind).toBe('unique');
          expect(r.certificate.stop).toBe('completed');
          expect(verifySolution(r.puzzle, r.solution).ok).toBe(true);
          const again = countSolutions(r.puzzle);
          expect(again.kind).toBe('unique');
          // The grade is measured from the puzzle alone.
          const g = gradeNonogram(r.puzzle);
          expect(g.ok && g.grade.level).toBe(level);
          expect(g.ok && g.grade.score).toBe(r.grade.score);
          expect(r.id).toBe(`nonogram@${GENERATOR_VERSION}:${width}x${height}-${level}#t${seed}`);
          // Visual filter: no empty or full line.
          for (const clue of [...r.puzzle.rows, ...r.puzzle.cols]) expect(clue.length).toBeGreaterThan(0);
        }
      }
    }
  });

  it('is deterministic: same params and seed give the same puzzle', () => {
    const a = generateNonogram({ width: 12, height: 9, level: 'hard' }, 'det');
    const b = generateNonogram({ width: 12, height: 9, level: 'hard' }, 'det');
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) expect(makeNonogramId(a.puzzle)).toBe(makeNonogramId(b.puzzle));
    const c = generateNonogram({ width: 12, height: 9, level: 'hard' }, 'det2');
    if (a.ok && c.ok) expect(makeNonogramId(a.puzzle)).not.toBe(makeNonogramId(c.puzzle));
  });

  it('a deadline or cancellation gives a typed failure, never a puzzle and never an exception', () => {
    const ac = new AbortController();
    ac.abort();
    const r = generateNonogram({ width: 30, height: 30, level: 'expert' }, 'x', { signal: ac.signal });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toBe('cancelled');
    const d = generateNonogram({ width: 30, height: 30, level: 'expert' }, 'x', { deadlineMs: 0 });
    expect(!d.ok && d.reason).toBe('deadline');
  });

  it('running out of attempts is a typed failure', () => {
    const r = generateNonogram({ width: 20, height: 20, level: 'expert' }, 'few', {}, { maxAttempts: 1, nodesPerAttempt: 1 });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toBe('attempts-exhausted');
      expect(r.diagnostics.attempts).toBe(1);
    }
  });
});

describe('generator versions', () => {
  // Every entry of the table, through the family interface, against its whole golden file (the
  // current version's is rewritten only on purpose: UPDATE_GOLDEN=1, with a version bump when
  // outputs change).
  for (const g of NONOGRAM_GENERATORS) {
    it(`${g.name} reproduces test/golden/nonogram-v${g.version}.json in full (old seeded ids and share links open the same puzzle)`, () => {
      const file = `test/golden/nonogram-v${g.version}.json`;
      const update = process.env.UPDATE_GOLDEN === '1' && NEWEST.has(g.version);
      expect(update || existsSync(file), `${file} is missing: a runnable version needs its golden file`).toBe(true);
      const want = update ? null : (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
      // The long suite (test/long.ts) checks every entry.
      // npm test: v1 up to 15x15, v2 (colour, many cases) up to 10x10.
      const cases = want ? sample(Object.keys(want), (k) => areaOf(k) <= (g.version === 1 ? 225 : 100)) : g.version === 1 ? GOLDEN_CASES : COLOUR_GOLDEN_CASES;
      const got: Record<string, string> = {};
      for (const c of cases) {
        const [params, seed] = c.split('#');
        const p = parseParams(params);
        if (!p.ok) throw new Error(params);
        const r = nonogram.generate(p.value, seed, {}, { version: g.version });
        got[c] = r.ok ? makeNonogramId(r.puzzle) : `failed: ${r.reason}`;
      }
      if (update) writeFileSync(file, `${JSON.stringify(got, null, 2)}\n`);
      if (want) expect(Object.keys(want).length).toBeGreaterThanOrEqual(g.version === 1 ? GOLDEN_CASES.length : COLOUR_GOLDEN_CASES.length);
      expect(got).toEqual(want ? Object.fromEntries(cases.map((c) => [c, want[c]])) : got);
    }, 60_000);
  }

  it('dispatches by version through the table; a version not in it is the typed unsupported-version', () => {
    for (const bad of [0, GENERATOR_VERSION + 1])
      expect(nonogram.generate({ width: 5, height: 5, level: 'easy' }, 'x', {}, { version: bad })).toMatchObject({ ok: false, reason: 'unsupported-version' });
    // The family's default run is the generator's own, with its seed text.
    const viaFamily = nonogram.generate({ width: 5, height: 5, level: 'easy' }, 'x');
    const direct = generateNonogram({ width: 5, height: 5, level: 'easy' }, 'x');
    expect(viaFamily.ok && direct.ok && makeNonogramId(viaFamily.puzzle)).toBe(direct.ok && makeNonogramId(direct.puzzle));
    expect(viaFamily.ok && viaFamily.id).toBe(`nonogram@${GENERATOR_VERSION}:5x5-easy#x`);
  });

  it('colour params run version 2 by default and black-and-white ones version 1; each refuses the other typed', () => {
    const colour = { width: 6, height: 6, level: 'easy' as const, colours: 3 };
    expect(nonogram.versionOf?.(colour)).toBe(2);
    expect(nonogram.versionOf?.({ width: 6, height: 6, level: 'easy' })).toBe(1);
    const r = nonogram.generate(colour, 'x');
    expect(r.ok && r.id).toBe('nonogram@2:6x6-easy-c3#x');
    expect(r.ok && r.puzzle.colour?.palette.length).toBe(4);
    expect(nonogram.generate(colour, 'x', {}, { version: 1 })).toMatchObject({ ok: false, reason: 'unsupported-version' });
    expect(nonogram.generate({ width: 6, height: 6, level: 'easy' }, 'x', {}, { version: 2 })).toMatchObject({ ok: false, reason: 'unsupported-version' });
  });
});

describe('levels', () => {
  // The long suite: five 20x20 generations.
  longIt('every level is reachable at 20x20', () => {
    const seen = new Set<Level>();
    for (const level of LEVELS) {
      const r = generateNonogram({ width: 20, height: 20, level }, 'reach');
      if (r.ok) seen.add(r.grade.level);
    }
    expect([...seen].sort()).toEqual([...LEVELS].sort());
  });
});
