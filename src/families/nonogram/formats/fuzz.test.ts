/**
 * "Parsing is the only gate": no parser throws on any string, every error is coded and every
 * accepted puzzle is valid, writable in every format that can hold it, and reads back the same.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixture, randomPuzzles } from '../../../../test/fixtures/nonogram/formats/helpers.ts';
import { PARSE_ERROR_CODES, type Result } from '../../../core/result.ts';
import { makeNonogram } from '../puzzle.ts';
import type { Nonogram } from '../types.ts';
import { parseDesc, parseIds, makeNonogramId } from './id.ts';
import { makePuzzles, parsePuzzles, FORMATS } from './index.ts';
import { makeNin, parseNin } from './nin.ts';
import { makeNon, parseNon } from './non.ts';
import { parseSolution } from './solution.ts';
import { makeTaai, makeTaaiSolutions, parseTaai, parseTaaiSolutions } from './taai.ts';
import { makeTatham, parseTatham } from './tatham.ts';
import { makeXml, parseXml } from './xml.ts';

const RUNS = 300;

function checkResult<T>(r: Result<T>): void {
  expect(typeof r.ok).toBe('boolean');
  if (!r.ok) {
    expect(PARSE_ERROR_CODES).toContain(r.error.code);
    expect(typeof r.error.message).toBe('string');
    if (r.error.line !== undefined) expect(Number.isInteger(r.error.line) && r.error.line >= 1).toBe(true);
  }
}

/** An accepted puzzle is exactly what makeNonogram builds, and survives every writer. */
function checkPuzzle(p: Nonogram): void {
  const again = makeNonogram(p.width, p.height, p.rows, p.cols);
  expect(again.ok).toBe(true);
  if (again.ok) expect({ ...again.value }).toEqual({ width: p.width, height: p.height, rows: p.rows, cols: p.cols });
  const goal = p.meta?.goal;
  if (goal) {
    expect(goal.length).toBe(p.width * p.height);
    expect(goal.every((v) => v === 0 || v === 1)).toBe(true);
  }
  const clues = (q: Nonogram) => [q.width, q.height, q.rows, q.cols];
  const back = (r: Result<Nonogram[]>) => (r.ok ? clues(r.value[0]) : r.error);
  expect(back(parseNon(makeNon(p)))).toEqual(clues(p));
  expect(back(parseNin(makeNin(p)))).toEqual(clues(p));
  expect(back(parseTatham(makeTatham(p)))).toEqual(clues(p));
  expect(back(parseIds(makeNonogramId(p)))).toEqual(clues(p));
  const xml = makeXml(p);
  expect(xml.ok && back(parseXml(xml.value))).toEqual(clues(p));
  const taai = makeTaai([p]);
  if (p.width === p.height) expect(taai.ok && back(parseTaai(taai.value))).toEqual(clues(p));
  else expect(taai.ok).toBe(false);
}

function checkPuzzles(r: Result<Nonogram[]>): void {
  checkResult(r);
  if (r.ok) r.value.forEach(checkPuzzle);
}

const samples = randomPuzzles('fuzz-samples', 3, true);
const VALID: Record<string, string[]> = {
  non: [fixture('heart.non'), fixture('simpson.non'), fixture('blank-lines.non'), fixture('bundle.nonpack'), makeNon(samples)],
  xml: [fixture('set.xml')],
  nin: [fixture('house.nin'), makeNin(samples[0])],
  taai: [fixture('tournament.txt'), fixture('tournament.txt').replace(/\n/g, '\r\n')],
  taaiSolutions: [fixture('tournament-solution.txt')],
  tatham: [fixture('tatham.txt')],
  id: [fixture('ids.txt')],
};

const PARSERS: [string, (text: string) => Result<Nonogram[]>, string[]][] = [
  ['non', parseNon, VALID.non],
  ['xml', parseXml, VALID.xml],
  ['nin', parseNin, VALID.nin],
  ['taai', parseTaai, VALID.taai],
  ['tatham', parseTatham, VALID.tatham],
  ['id', parseIds, VALID.id],
  ['auto', (t) => parsePuzzles(t), Object.values(VALID).flat()],
];

/** Pieces that make the parsers go deeper than random characters do. */
const PIECES = [
  'width ',
  'height ',
  'rows',
  'columns',
  'goal "',
  '"',
  'title "',
  '====',
  '\n',
  '\r\n',
  '\n\n',
  ' ',
  '\t',
  ',',
  '.',
  '/',
  ':',
  'x',
  '0',
  '1',
  '2',
  '3',
  '10',
  '25',
  '999',
  '$1',
  '$2',
  'nonogram:',
  '3x2:',
  '<puzzleset>',
  '<puzzle>',
  '</puzzle>',
  '<clues type="rows">',
  '<clues type="columns">',
  '</clues>',
  '<line>',
  '</line>',
  '<count>',
  '</count>',
  '<image>|X.|</image>',
  '&amp;',
  '#',
  'a',
];
const structured = fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((a) => a.join(''));
const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ maxLength: 200 }), structured);

type Mutation = { kind: number; at: number; len: number; text: string };
const mutation = fc.record({
  kind: fc.integer({ min: 0, max: 5 }),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  len: fc.integer({ min: 0, max: 12 }),
  text: fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 4 })),
});

function mutate(text: string, ms: Mutation[]): string {
  let s = text;
  for (const m of ms) {
    const i = Math.floor(m.at * s.length);
    const lines = s.split('\n');
    const li = Math.floor(m.at * lines.length);
    switch (m.kind) {
      case 0:
        s = s.slice(0, i) + s.slice(i + m.len);
        break; // delete characters
      case 1:
        s = s.slice(0, i) + m.text + s.slice(i);
        break; // insert
      case 2:
        s = s.slice(0, i) + m.text + s.slice(i + 1);
        break; // replace one character
      case 3:
        lines.splice(li, 0, lines[li] ?? '');
        s = lines.join('\n');
        break; // duplicate a line
      case 4:
        lines.splice(li, 1);
        s = lines.join('\n');
        break; // delete a line
      default:
        s = s.slice(0, i); // truncate
    }
  }
  return s;
}

describe('no parser throws, and what they accept is sound', () => {
  for (const [name, parse, valid] of PARSERS) {
    it(`${name}: arbitrary text`, () => {
      fc.assert(
        fc.property(anyText, (t) => checkPuzzles(parse(t))),
        { numRuns: RUNS, seed: 20251 },
      );
    });
    it(`${name}: mutated valid files`, () => {
      const arb = fc.tuple(fc.constantFrom(...valid), fc.array(mutation, { minLength: 1, maxLength: 4 }));
      fc.assert(
        fc.property(arb, ([t, ms]) => checkPuzzles(parse(mutate(t, ms)))),
        { numRuns: RUNS, seed: 20252 },
      );
    });
  }

  it('TAAI solutions: arbitrary and mutated text', () => {
    const arb = fc.oneof(
      anyText,
      fc.tuple(fc.constantFrom(...VALID.taaiSolutions), fc.array(mutation, { minLength: 1, maxLength: 4 })).map(([t, ms]) => mutate(t, ms)),
    );
    fc.assert(
      fc.property(arb, (t) => {
        const r = parseTaaiSolutions(t);
        checkResult(r);
        if (r.ok) {
          for (const g of r.value.values()) expect(Number.isInteger(Math.sqrt(g.length)) && g.every((v) => v === 0 || v === 1)).toBe(true);
          expect(makeTaaiSolutions(r.value).ok).toBe(true);
        }
      }),
      { numRuns: RUNS, seed: 20253 },
    );
  });

  it('parseDesc: arbitrary params and desc', () => {
    const params = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.tuple(fc.nat(12), fc.nat(12)).map(([w, h]) => `${w}x${h}`),
    );
    fc.assert(
      fc.property(params, anyText, (p, d) => {
        const r = parseDesc(p, d);
        checkResult(r);
        if (r.ok) checkPuzzle(r.value);
      }),
      { numRuns: RUNS, seed: 20254 },
    );
  });

  it('parseSolution: arbitrary text against random sizes', () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 }), (t, width, height) => {
        const r = parseSolution(t, { width, height });
        checkResult(r);
        if (r.ok) expect(r.value.length).toBe(width * height);
      }),
      { numRuns: RUNS, seed: 20255 },
    );
  });

  it('makePuzzles never throws for any format', () => {
    for (const f of FORMATS) checkResult(makePuzzles(samples, f));
  });
});
