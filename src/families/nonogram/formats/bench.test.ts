/**
 * Every public benchmark file reads, and every goal or solution shipped with it satisfies its
 * clues. The data lives outside the repository (shared/bench-data), so this is skipped without it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCH, HAS_BENCH, cluesPart, value } from '../../../../test/fixtures/nonogram/formats/helpers.ts';
import { verifySolution } from '../puzzle.ts';
import type { Nonogram } from '../types.ts';
import { detectFormat, makePuzzles, parsePuzzles, FORMATS } from './index.ts';
import { parseNin } from './nin.ts';
import { parseNon } from './non.ts';
import { parseSolution } from './solution.ts';
import { parseTaaiSet, parseTaaiSolutions } from './taai.ts';
import { longIt } from '../../../../test/long.ts';

/** Files under `colour/` are multi-colour nonograms, a different puzzle: they are not walked here. */
function walk(dir: string, ext: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return n === 'colour' ? [] : walk(p, ext);
    return p.endsWith(ext) ? [p] : [];
  });
}
const read = (p: string) => readFileSync(p, 'utf8');

describe.skipIf(!HAS_BENCH)('public benchmark files', () => {
  const nonFiles = walk(BENCH, '.non');
  const ninFiles = walk(BENCH, '.nin');

  it('reads every .non file and checks every goal', () => {
    expect(nonFiles.length).toBeGreaterThanOrEqual(40);
    let goals = 0;
    for (const f of nonFiles) {
      expect(detectFormat(read(f), f)).toBe('non');
      const ps = value(parseNon(read(f)));
      expect(ps.length, f).toBe(1);
      const g = ps[0].meta?.goal;
      if (g) {
        goals++;
        expect(verifySolution(ps[0], g), f).toEqual({ ok: true });
      }
    }
    expect(goals).toBeGreaterThanOrEqual(35);
  });

  it('reads every .nin file, and they agree with the .non copies of the same webpbn puzzles', () => {
    expect(ninFiles.length).toBeGreaterThanOrEqual(14);
    const nonByNumber = new Map<number, Nonogram>();
    for (const f of nonFiles) {
      const m = /webpbn-0*([0-9]+)-/.exec(basename(f));
      if (m) nonByNumber.set(Number(m[1]), value(parseNon(read(f)))[0]);
    }
    let matched = 0;
    for (const f of ninFiles) {
      const [p] = value(parseNin(read(f)));
      const m = /webpbn-0*([0-9]+)\.nin$/.exec(f);
      const twin = m ? nonByNumber.get(Number(m[1])) : undefined;
      if (twin) {
        matched++;
        expect(cluesPart(p), f).toEqual(cluesPart(twin));
      }
    }
    expect(matched).toBeGreaterThanOrEqual(10);
  });

  it('checks the survey solutions against their puzzles', () => {
    const dir = join(BENCH, 'survey', 'solutions');
    const sols = walk(dir, '.txt');
    expect(sols.length).toBeGreaterThanOrEqual(4);
    for (const s of sols) {
      const name = basename(s).replace(/-[0-9]+\.txt$/, '');
      const [p] = value(parseNin(read(join(BENCH, 'survey', `${name}.nin`))));
      expect(verifySolution(p, value(parseSolution(read(s), p))), s).toEqual({ ok: true });
    }
  });

  // The long suite: a few thousand puzzles read and checked.
  longIt('reads every TAAI/TCGA/ICGA question set and checks every solution', () => {
    const sets = walk(join(BENCH, 'taai', 'question'), '.txt');
    expect(sets.length).toBeGreaterThanOrEqual(2);
    for (const q of sets) {
      const puzzles = value(parseTaaiSet(read(q)));
      const sols = value(parseTaaiSolutions(read(q.replace(`${join('taai', 'question')}`, join('taai', 'solution')))));
      expect(puzzles.length, q).toBe(1000);
      for (const e of puzzles) {
        expect(e.puzzle.width).toBe(25);
        const g = sols.get(e.number);
        expect(g, `${q} $${e.number}`).toBeDefined();
        const v = verifySolution(e.puzzle, g!);
        if (!v.ok) expect(v, `${q} $${e.number}`).toEqual({ ok: true });
      }
    }
  });

  it('writes the .non and .nin puzzles back in every format and reads the same clues', () => {
    for (const f of [...nonFiles, ...ninFiles]) {
      const [p] = value(parsePuzzles(read(f), undefined, f));
      for (const format of FORMATS) {
        if (format === 'taai' && p.width !== p.height) continue;
        const back = value(parsePuzzles(value(makePuzzles([p], format)), format));
        expect(cluesPart(back[0]), `${f} as ${format}`).toEqual(cluesPart(p));
      }
    }
  });
});
