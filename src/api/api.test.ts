import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PARSE_ERROR_CODES } from '../core/result.ts';
import { isNonogramFocus } from '../families/nonogram/focus.ts';
import * as api from './index.ts';
import { makeClue } from '../families/edgematch/formats/index.ts';
import { edgematch } from '../families/edgematch/index.ts';

/** The value of an answer that must be ok. */
function value<T>(r: api.ApiResult<T>): T {
  if (!r.ok) throw new Error(`expected ok, got ${api.formatError(r.error)}`);
  return r.value;
}
const idOf = (family: string, text: string, format: string): string => value(api.parseFile(text, { family, format })).puzzles[0].id;
const golden = (file: string): Record<string, string> => JSON.parse(readFileSync(`test/golden/${file}`, 'utf8')) as Record<string, string>;

const NONOGRAM_UNIQUE = golden('nonogram-v1.json')['5x5-easy#g1'];
const NUMBERLINK_UNIQUE = golden('numberlink-v4.json')['5x5-easy#g1'];
const EDGEMATCH_UNIQUE = golden('edgematch-v1.json')['4x4-easy#g1'].split(' ')[0];
// The same pieces without the clues, and with one inner colour changed so that one edge matches nothing.
const EDGEMATCH_BARE = EDGEMATCH_UNIQUE.split('.')[0];
const EDGEMATCH_NONE = EDGEMATCH_BARE.replace(':02417747', ':02417746');

/** Small puzzles of every family with known verdicts (worked out by hand, or golden files' unique ones). */
const KNOWN: [string, string, api.CountAnswer['kind']][] = [
  ['nonogram unique', NONOGRAM_UNIQUE, 'unique'],
  ['nonogram multiple', 'nonogram:2x2:1/1/1/1', 'multiple'],
  ['nonogram none', 'nonogram:2x2:/2/2/', 'none'],
  ['numberlink unique', NUMBERLINK_UNIQUE, 'unique'],
  ['numberlink multiple', idOf('numberlink', 'A..\n...\n..A\n', 'letters'), 'multiple'],
  ['numberlink none', idOf('numberlink', 'A.B\n...\nA.B\n', 'letters'), 'none'],
  ['edgematch unique', EDGEMATCH_UNIQUE, 'unique'],
  ['edgematch multiple', EDGEMATCH_BARE, 'multiple'],
  ['edgematch none', EDGEMATCH_NONE, 'none'],
];

describe('string API: counts, finds, grades and verifies', () => {
  it('lists the families with their versions and formats', () => {
    const fs = api.families();
    expect(fs.map((f) => f.name)).toEqual(['nonogram', 'numberlink', 'edgematch']);
    for (const f of fs) {
      expect(f.versions).toContain(f.version);
      expect(f.formats).toContain('id');
    }
  });

  it.each(KNOWN)('%s: count, find and open agree with the known verdict; solutions verify', (_, id, kind) => {
    const c = value(api.count(id));
    expect(c).toMatchObject({ id, kind, stop: 'completed' });
    expect(c.solutions.length).toBe(kind === 'unique' ? 1 : kind === 'multiple' ? 2 : 0);
    // Numberlink's label grids cannot show two routings of the same cells apart (its snakes here).
    if (!id.startsWith('numberlink:')) expect(new Set(c.solutions).size).toBe(c.solutions.length);
    for (const s of c.solutions) expect(value(api.verify(id, s))).toEqual({ kind: 'valid' });
    const f = value(api.find(id));
    expect(f.kind).toBe(kind === 'none' ? 'none' : 'found');
    if (f.solution !== null) expect(value(api.verify(id, f.solution))).toEqual({ kind: 'valid' });
    const o = value(api.open(id));
    expect(o).toMatchObject({ kind: 'counted', info: { id, shareId: id, version: null, verdict: kind } });
    expect(o.kind === 'counted' && o.info.grade !== null).toBe(kind === 'unique');
    const g = value(api.grade(id));
    expect(g.kind).toBe(kind === 'unique' ? 'graded' : 'failed');
    if (g.kind === 'failed') expect(g.stop).toBe('not-unique');
  });

  it('a count or find under a tiny budget is inconclusive with its stop, never a verdict', () => {
    for (const id of ['nonogram:2x2:1/1/1/1', EDGEMATCH_BARE, idOf('numberlink', 'A....B\n......\n......\n......\n......\nA....B\n', 'letters')]) {
      expect(value(api.count(id, { budget: { maxNodes: 1 } })), id).toMatchObject({ kind: 'inconclusive', stop: 'node-limit', solutions: [] });
    }
    expect(value(api.count('nonogram:2x2:1/1/1/1', { budget: { deadlineMs: 0 } }))).toMatchObject({ kind: 'inconclusive', stop: 'deadline' });
    expect(value(api.find(EDGEMATCH_BARE, { maxNodes: 1 }))).toMatchObject({ kind: 'inconclusive', stop: 'node-limit', solution: null });
    // An open gets the verdict, and no grade, when its one budget stops the count.
    expect(value(api.open('nonogram:2x2:1/1/1/1', { budget: { maxNodes: 1 } }))).toMatchObject({
      kind: 'counted',
      info: { verdict: 'inconclusive', stop: 'node-limit', grade: null },
    });
  });

  it('counts up to a given limit', () => {
    const snakes = idOf('numberlink', 'A..\n...\n..A\n', 'letters');
    expect(value(api.count(snakes, { limit: 10 })).solutions.length).toBe(2);
    // A count to 1 would stop at the first solution and call it unique: refused.
    expect(api.count('nonogram:2x2:1/1/1/1', { limit: 1 })).toMatchObject({ ok: false, error: { code: 'ERR_NUMBER' } });
  });

  it('verify tells a broken solution from a valid one, and refuses an unreadable text', () => {
    const [s] = value(api.count(NONOGRAM_UNIQUE)).solutions;
    const flipped = s[0] === '#' ? `.${s.slice(1)}` : `#${s.slice(1)}`;
    expect(value(api.verify(NONOGRAM_UNIQUE, flipped))).toMatchObject({ kind: 'invalid', reason: expect.any(String) });
    expect(api.verify(NONOGRAM_UNIQUE, 'no grid')).toMatchObject({ ok: false, error: { code: 'ERR_LINE_COUNT', message: expect.stringContaining('1 rows') } });
  });
});

describe('string API: generation', () => {
  // A few small cases of every family's golden files (the generator tests cover them all).
  const CASES: [string, string, number, string][] = [
    ['nonogram', 'nonogram-v1.json', 1, '5x5-easy#g1'],
    ['nonogram', 'nonogram-v1.json', 1, '10x10-medium#g1'],
    ['numberlink', 'numberlink-v1.json', 1, '5x5-easy#g2'],
    ['numberlink', 'numberlink-v4.json', 4, '7x7-medium#g1'],
    // The same params under version 5 (no-2x2 over 100 cells when none is named) and 7 (strict everywhere).
    ['numberlink', 'numberlink-v5.json', 5, '10x15-hard#g1'],
    ['numberlink', 'numberlink-v7.json', 7, '10x15-hard#g1'],
    ['edgematch', 'edgematch-v1.json', 1, '4x4-hard#g1'],
  ];
  it.each(CASES)('%s %s %s %s: generate gives the golden id, and its share id opens the same puzzle', (family, file, version, c) => {
    const [params, seed] = c.split('#');
    const g = value(api.generate(family, params, seed, { version }));
    if (g.kind !== 'generated') throw new Error(g.message);
    const want = golden(file)[c];
    // The edge-matching golden lines add the grade: "id level score".
    expect(family === 'edgematch' ? `${g.info.id} ${g.info.grade?.level} ${g.info.grade?.score}` : g.info.id).toBe(want);
    expect(g.info).toMatchObject({ family, shareId: `${family}@${version}:${params}#${seed}`, version, verdict: 'unique', stop: 'completed' });
    expect(g.diagnostics.attempts).toBeGreaterThan(0);
    expect(g.canonical.startsWith(`${family}:`)).toBe(true);
    // The certificate's solution is the one a count finds.
    expect(g.solution).toBe(value(api.count(g.info.id)).solutions[0]);
    const o = value(api.open(g.info.shareId));
    expect(o.kind === 'generated' && o.info.id).toBe(g.info.id);
  });

  it('the current version is the default; progress is reported; failures are typed answers', () => {
    const progress: number[] = [];
    const g = value(api.generate('nonogram', '5x5-easy', 'g1', { onProgress: (p) => progress.push(p.attempts) }));
    expect(g.kind === 'generated' && g.info.version).toBe(1);
    expect(progress[0]).toBe(1);
    expect(value(api.generate('nonogram', '5x5-easy', 'g1', { version: 99 }))).toMatchObject({ kind: 'failed', reason: 'unsupported-version' });
    expect(value(api.open('nonogram@99:5x5-easy#g1'))).toMatchObject({ kind: 'failed', reason: 'unsupported-version' });
    expect(value(api.generate('nonogram', '30x30-expert', 's', { budget: { deadlineMs: 1 } }))).toMatchObject({ kind: 'failed', reason: 'deadline' });
  });
});

describe('string API: play', () => {
  it('hints lead from no marks to the solved board, and check finds no mistake on the way', () => {
    const id = NONOGRAM_UNIQUE;
    const moves: string[] = [];
    for (let step = 0; step < 50; step++) {
      const h = value(api.hint(id, moves));
      expect(value(api.check(id, moves))).toMatchObject({ kind: 'checked', solved: h.kind === 'none', wrong: [] });
      if (h.kind !== 'hint') {
        expect(h).toMatchObject({ kind: 'none', reason: 'solved' });
        return;
      }
      const focus = h.hint.focus;
      if (!isNonogramFocus(focus)) throw new Error('not a nonogram focus');
      expect(focus.cells.length).toBeGreaterThan(0);
      for (const c of focus.cells) moves.push(`${c.value === 'filled' ? 'f' : 'x'}${c.row + 1}.${c.col + 1}`);
    }
    throw new Error('the hints did not solve the puzzle');
  });

  it('check names the wrong marks; without a unique solution it is unavailable', () => {
    const [s] = value(api.count(NONOGRAM_UNIQUE)).solutions;
    const cells = s.replace(/\n/g, '');
    const filled = cells.indexOf('#');
    const empty = cells.indexOf('.');
    const at = (i: number) => `${Math.floor(i / 5) + 1}.${(i % 5) + 1}`;
    expect(value(api.check(NONOGRAM_UNIQUE, [`f${at(filled)}`, `f${at(empty)}`]))).toMatchObject({ kind: 'checked', solved: false, wrong: [empty] });
    expect(value(api.check('nonogram:2x2:1/1/1/1', []))).toMatchObject({ kind: 'unavailable', verdict: 'multiple', solved: false });
    // A completed count is remembered: checking again searches nothing.
    expect(value(api.check('nonogram:2x2:1/1/1/1', ['f1.1']))).toMatchObject({ kind: 'unavailable', stats: { nodes: 0 } });
    // One stopped by its budget is not: the next check counts again, and can decide.
    const big = golden('nonogram-v1.json')['15x15-hard#g1'];
    expect(value(api.check(big, [], { maxNodes: 0 }))).toMatchObject({ kind: 'unavailable', verdict: 'inconclusive', stop: 'node-limit' });
    expect(value(api.check(big, []))).toMatchObject({ kind: 'checked', wrong: [] });
    expect(value(api.hint('nonogram:2x2:1/1/1/1', []))).toMatchObject({ kind: 'none', reason: 'no-step' });
  });

  it('hints and checks the other families from a move list too', () => {
    for (const id of [NUMBERLINK_UNIQUE, EDGEMATCH_UNIQUE]) {
      expect(value(api.hint(id, [])).kind, id).toBe('hint');
      expect(value(api.check(id, [])), id).toMatchObject({ kind: 'checked', solved: false, wrong: [] });
    }
  });
});

describe('string API: files and formats', () => {
  it('reads a file of a named or detected family into ids, and writes ids in a format', () => {
    const non = value(api.convert([NONOGRAM_UNIQUE, 'nonogram:2x2:1/1/1/1'], 'non')).text;
    expect(value(api.parseFile(non))).toEqual({
      family: 'nonogram',
      puzzles: [
        { id: NONOGRAM_UNIQUE, width: 5, height: 5 },
        { id: 'nonogram:2x2:1/1/1/1', width: 2, height: 2 },
      ],
    });
    const grid = value(api.convert([NUMBERLINK_UNIQUE], 'grid')).text;
    expect(value(api.parseFile(grid, { filename: 'x.nl' })).puzzles.map((p) => p.id)).toEqual([NUMBERLINK_UNIQUE]);
    const heule = value(api.convert([EDGEMATCH_UNIQUE], 'heule'));
    expect(value(api.parseFile(heule.text, { family: 'edgematch', format: 'heule' })).puzzles.map((p) => p.id)).toEqual([EDGEMATCH_UNIQUE]);
    expect(value(api.parseFile(`${EDGEMATCH_UNIQUE}\n`))).toMatchObject({ family: 'edgematch' });
  });

  it('every format of every family reads back to the same id, its family detected from the text alone', () => {
    for (const f of api.families()) {
      const id = f.name === 'nonogram' ? NONOGRAM_UNIQUE : f.name === 'numberlink' ? NUMBERLINK_UNIQUE : EDGEMATCH_UNIQUE;
      for (const format of f.formats) {
        const want = f.name === 'edgematch' && (format === 'tud' || format === 'puz') ? EDGEMATCH_BARE : id; // these carry no clues
        const text = value(api.convert([want], format)).text;
        const size = f.name === 'nonogram' ? 5 : f.name === 'numberlink' ? 5 : 4;
        expect(value(api.parseFile(text)), `${f.name} ${format}`).toEqual({ family: f.name, puzzles: [{ id: want, width: size, height: size }] });
      }
    }
  });

  it('reads a companion file given beside the puzzle file (the board suite: .clue beside .puz)', () => {
    const puz = value(api.convert([EDGEMATCH_UNIQUE], 'puz')).text;
    const parsed = edgematch.parsePuzzle(EDGEMATCH_UNIQUE);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const clue = makeClue(parsed.value);
    // Alone the .puz carries no clues; its .clue beside it (by name, folders dropped) gives them back.
    expect(value(api.parseFile(puz, { filename: 'a.puz' })).puzzles[0].id).toBe(EDGEMATCH_BARE);
    expect(value(api.parseFile(puz, { filename: 'suite/a.puz', beside: { 'a.clue': clue } })).puzzles[0].id).toBe(EDGEMATCH_UNIQUE);
    expect(api.parseFile(puz, { filename: 'a.puz', beside: { 'a.clue': 'not a clue\n' } })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('clue file') },
    });
    // A companion under another name is not read.
    expect(value(api.parseFile(puz, { filename: 'a.puz', beside: { 'b.clue': clue } })).puzzles[0].id).toBe(EDGEMATCH_BARE);
  });

  it('refuses what a format cannot hold, and mixed families', () => {
    expect(api.convert([NONOGRAM_UNIQUE, NONOGRAM_UNIQUE], 'nin')).toMatchObject({ ok: false, error: { code: 'ERR_FORMAT' } });
    expect(api.convert([NONOGRAM_UNIQUE], 'grid')).toMatchObject({
      ok: false,
      error: { code: 'ERR_FORMAT', message: expect.stringContaining('formats: non,') },
    });
    expect(api.convert([NONOGRAM_UNIQUE, NUMBERLINK_UNIQUE], 'id')).toMatchObject({
      ok: false,
      error: { code: 'ERR_FORMAT', message: expect.stringContaining('mix') },
    });
    expect(api.convert([], 'id')).toMatchObject({ ok: false, error: { code: 'ERR_EMPTY' } });
  });
});

describe('string API: bad input', () => {
  it('answers typed errors naming the problem', () => {
    expect(api.count('nonsense')).toMatchObject({ ok: false, error: { code: 'ERR_SYNTAX' } });
    expect(api.count('sudoku:9x9:x')).toMatchObject({ ok: false, error: { code: 'ERR_FAMILY', message: expect.stringContaining('known: nonogram') } });
    expect(api.count('nonogram@1:5x5-easy#g1')).toMatchObject({ ok: false, error: { code: 'ERR_SYNTAX', message: expect.stringContaining('descriptive') } });
    expect(api.generate('nonogram', '3x3', 'a')).toMatchObject({ ok: false, error: { code: 'ERR_SIZE' } });
    expect(api.generate('sudoku', '9x9', 'a')).toMatchObject({ ok: false, error: { code: 'ERR_FAMILY' } });
    expect(api.open('nonogram@x:5x5-easy#g1')).toMatchObject({ ok: false, error: { code: 'ERR_VERSION' } });
    expect(api.hint(NONOGRAM_UNIQUE, ['f9.9'])).toMatchObject({ ok: false, error: { code: 'ERR_MOVE', message: expect.stringContaining('f9.9') } });
    expect(api.check(NONOGRAM_UNIQUE, ['zz'])).toMatchObject({ ok: false, error: { code: 'ERR_MOVE' } });
    expect(api.parseFile('width 2\nheight x\n', { family: 'nonogram' })).toMatchObject({ ok: false, error: { line: 2 } });
    expect(api.parseFile('width 2\n', { family: 'nonogram', format: 'pdf' })).toMatchObject({ ok: false, error: { code: 'ERR_FORMAT' } });
    expect(api.parseFile('')).toMatchObject({ ok: false, error: { code: 'ERR_EMPTY' } });
    expect(api.formatError({ code: 'ERR_CLUE', message: 'bad', line: 4 })).toBe('line 4: bad [ERR_CLUE]');
  });

  it('never throws: odd texts to every function are answers, their errors of known codes', () => {
    const odd = [
      '',
      ' ',
      ':',
      '@',
      '#',
      'nonogram',
      'nonogram:',
      'nonogram:5x5:',
      'nonogram@1:#',
      'numberlink:0x0-strict:',
      'edgematch:1x1:',
      '\u0000',
      'x'.repeat(10_000),
      '{"a":1}',
    ];
    const codes = new Set<string>([...PARSE_ERROR_CODES, 'ERR_INTERNAL']);
    for (const s of odd) {
      const answers: api.ApiResult<unknown>[] = [
        api.inspect(s),
        api.open(s),
        api.count(s),
        api.find(s),
        api.grade(s),
        api.hint(s, [s]),
        api.check(s, [s]),
        api.verify(s, s),
        api.parseFile(s),
        api.parseFile(s, { family: s }),
        api.convert([s], s),
        api.generate(s, s, s),
        api.generate('nonogram', s, s),
      ];
      for (const a of answers) {
        if (!a.ok) expect(codes.has(a.error.code), `${JSON.stringify(s)}: ${a.error.code}`).toBe(true);
        expect(a.ok ? 'ERR_NONE' : a.error.code, JSON.stringify(s).slice(0, 40)).not.toBe('ERR_INTERNAL');
      }
    }
  });

  it('describes ids without searching', () => {
    expect(value(api.inspect(NONOGRAM_UNIQUE))).toEqual({ kind: 'descriptive', family: 'nonogram', id: NONOGRAM_UNIQUE, params: '5x5', width: 5, height: 5 });
    expect(value(api.inspect('nonogram@1:5x5-easy#g1'))).toEqual({
      kind: 'seeded',
      family: 'nonogram',
      id: 'nonogram@1:5x5-easy#g1',
      version: 1,
      params: '5x5-easy',
      seed: 'g1',
      supported: true,
    });
    expect(value(api.inspect('nonogram@99:5x5-easy#g1'))).toMatchObject({ supported: false });
  });
});
