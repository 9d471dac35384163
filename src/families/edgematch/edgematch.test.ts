import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../core/result.ts';
import {
  detectFormat,
  makeAnjou,
  makeBoardText,
  makeClue,
  makeEdgematchId,
  makeHeule,
  makePuz,
  makeSol,
  makeTud,
  parseAnjou,
  parseBoardSuite,
  parseBoardText,
  parseEdgematchId,
  parseHeule,
  parseInstance,
  parseSol,
  parseTud,
} from './formats/index.ts';
import { generatePlanted } from './planted.ts';
import { clueBoard, describeProblem, makeInstance, maxScore, paletteReport, rotatePiece, scoreBoard, shownColour, verifyBoard } from './puzzle.ts';
import type { Instance, Piece, Placement } from './types.ts';

/**
 * A hand-made 3x3 board, solved as listed (row-major, unrotated):
 *   corners grey on two sides, edges on one, centre piece 6 7 8 8 (interior colours 6..8),
 *   border colours 1..4 on the joints along the rim.
 */
const SOLVED_3X3: Piece[] = [
  [0, 1, 3, 0],
  [0, 2, 6, 1],
  [0, 0, 2, 2],
  [3, 8, 3, 0],
  [6, 7, 8, 8],
  [2, 0, 4, 7],
  [3, 4, 0, 0],
  [8, 1, 0, 4],
  [4, 0, 0, 1],
];
const inst3 = (clues: Instance['clues'] = []): Instance => unwrap(makeInstance(3, 3, SOLVED_3X3, clues));
const listed = (inst: Instance): Placement[] => inst.pieces.map((_, piece) => ({ piece, rotation: 0 }));

const plantedArb = fc
  .record({
    width: fc.integer({ min: 2, max: 9 }),
    height: fc.integer({ min: 2, max: 9 }),
    borderColours: fc.integer({ min: 1, max: 6 }),
    interiorColours: fc.integer({ min: 1, max: 80 }),
    clues: fc.integer({ min: 0, max: 7 }),
    seed: fc.string({ maxLength: 8 }),
  })
  .map(({ seed, ...params }) => unwrap(generatePlanted({ ...params, clues: Math.min(params.clues, params.width * params.height) }, seed)));

describe('edge-matching rules', () => {
  it('turns pieces clockwise: side d shows piece[(d - r) mod 4]', () => {
    // The README example: [0, 0, 1, 3] turned 3 clockwise is the top-left corner N 0, E 1, S 3, W 0.
    expect(rotatePiece([0, 0, 1, 3], 3)).toEqual([0, 1, 3, 0]);
    expect(rotatePiece([1, 2, 3, 4], 1)).toEqual([4, 1, 2, 3]);
    expect(shownColour([1, 2, 3, 4], 2, 0)).toBe(3);
    expect(rotatePiece(rotatePiece([1, 2, 3, 4], 1), 3)).toEqual([1, 2, 3, 4]);
  });

  it('verifies a solved board and scores it W(H-1) + H(W-1)', () => {
    const inst = inst3();
    expect(verifyBoard(inst, listed(inst))).toEqual({ ok: true, score: 12, maxScore: 12, problems: [] });
    expect(scoreBoard(inst, listed(inst))).toBe(12);
    expect([maxScore(12, 12), maxScore(16, 16), maxScore(12, 6)]).toEqual([264, 480, 126]);
    expect(paletteReport(inst.pieces)).toEqual({ border: [1, 2, 3, 4], interior: [6, 7, 8], shared: [] });
  });

  it('validates instances: piece counts, pieces that fit no cell, palettes', () => {
    const bad = (pieces: Piece[]) => makeInstance(3, 3, pieces);
    expect(bad(SOLVED_3X3.slice(1))).toMatchObject({ ok: false, error: { code: 'ERR_SIZE', message: 'a 3x3 board needs 9 pieces, the input has 8' } });
    // The centre piece swapped for a fifth corner.
    expect(bad(SOLVED_3X3.map((p, i) => (i === 4 ? ([0, 0, 7, 8] as const) : p)))).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('room for 4 corner pieces (two adjacent grey sides), the input has 5') },
    });
    expect(bad(SOLVED_3X3.map((p, i) => (i === 4 ? ([0, 6, 0, 8] as const) : p)))).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('piece 4 (0 6 0 8) has grey on opposite sides (N, S)') },
    });
    expect(bad(SOLVED_3X3.map((p, i) => (i === 4 ? ([0, 6, 0, 0] as const) : p)))).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('grey on 3 sides') },
    });
    // An interior colour (6) used along the rim: fine by default, refused when palettes must be separate.
    const shared = SOLVED_3X3.map((p, i) => (i === 0 ? ([0, 6, 3, 0] as const) : p));
    expect(makeInstance(3, 3, shared).ok).toBe(true);
    expect(paletteReport(shared).shared).toEqual([6]);
    expect(makeInstance(3, 3, shared, [], { separatePalettes: true })).toMatchObject({
      ok: false,
      error: { code: 'ERR_FORMAT', message: expect.stringContaining('colours 6 are used both') },
    });
    expect(makeInstance(1, 9, SOLVED_3X3)).toMatchObject({ ok: false, error: { code: 'ERR_SIZE' } });
  });

  it('refuses conflicting clues', () => {
    const clue = (cell: number, piece: number, rotation: 0 | 1 | 2 | 3) => ({ cell, piece, rotation });
    const conflict = (clues: Instance['clues'], text: string) =>
      expect(makeInstance(3, 3, SOLVED_3X3, clues)).toMatchObject({ ok: false, error: { code: 'ERR_CLUE', message: expect.stringContaining(text) } });
    expect(inst3([clue(4, 4, 0), clue(0, 0, 0)]).clues.map((c) => c.cell)).toEqual([0, 4]);
    conflict([clue(4, 4, 0), clue(4, 4, 1)], 'clue 2: row 2, column 2 is already fixed by clue 1');
    conflict([clue(0, 0, 0), clue(8, 0, 2)], 'clue 2: piece 0 is already placed by clue 1');
    conflict([clue(4, 0, 0)], 'shows grey on N, W inside the board');
    conflict([clue(0, 0, 1)], 'shows grey on E inside the board and colour on W against the frame');
    expect(makeInstance(3, 3, SOLVED_3X3, [clue(1, 1, 0), clue(2, 2, 0)]).ok).toBe(true);
  });

  it('refuses touching clues that do not match', () => {
    // Piece 4 turned twice shows 8 on N; piece 1 unrotated shows 6 on S.
    expect(
      makeInstance(3, 3, SOLVED_3X3, [
        { cell: 1, piece: 1, rotation: 0 },
        { cell: 4, piece: 4, rotation: 2 },
      ]),
    ).toMatchObject({ ok: false, error: { code: 'ERR_CLUE', message: expect.stringContaining('clues 1 and 2 touch but do not match') } });
  });

  it('catches every kind of corrupted board', () => {
    const inst = inst3([{ cell: 4, piece: 4, rotation: 0 }]);
    const good = listed(inst);
    const kinds = (b: (Placement | null)[], partial = false) => [...new Set(verifyBoard(inst, b, { partial }).problems.map((p) => p.kind))].sort();
    const swapped = [...good];
    [swapped[1], swapped[3]] = [swapped[3], swapped[1]];
    expect(kinds(swapped)).toEqual(['frame', 'joint']);
    const turned = good.map((p, i) => (i === 7 ? { ...p, rotation: 2 as const } : p));
    expect(kinds(turned)).toEqual(['frame', 'joint']);
    const dup = good.map((p, i) => (i === 2 ? { piece: 0, rotation: 1 as const } : p));
    expect(kinds(dup)).toEqual(['duplicate', 'joint', 'missing']);
    const clueBroken = good.map((p, i) => (i === 4 ? { piece: 4, rotation: 1 as const } : p));
    expect(kinds(clueBroken)).toEqual(['clue', 'joint']);
    expect(kinds(good.map((p, i) => (i === 5 ? null : p)))).toEqual(['empty', 'missing']);
    expect(
      kinds(
        good.map((p, i) => (i === 5 ? null : p)),
        true,
      ),
    ).toEqual([]);
    expect(kinds(good.map((p, i) => (i === 5 ? { piece: 9, rotation: 0 as const } : p)))).toContain('bad-piece');
    expect(kinds(good.map((p, i) => (i === 5 ? { piece: 5, rotation: 4 as unknown as 0 } : p)))).toContain('bad-rotation');
    expect(verifyBoard(inst, good.slice(1)).problems).toEqual([{ kind: 'length', expected: 9, got: 8 }]);
    // A partial board: the clue alone is fine, its score counts only joints between filled cells.
    expect(verifyBoard(inst, clueBoard(inst), { partial: true })).toMatchObject({ ok: true, score: 0 });
    const half = good.map((p, i) => (i < 3 ? p : null));
    expect(verifyBoard(inst, half, { partial: true })).toEqual({ ok: true, score: 2, maxScore: 12, problems: [] });
    const problem = verifyBoard(inst, turned).problems.find((p) => p.kind === 'frame');
    expect(problem && describeProblem(inst, problem)).toBe('row 3, column 2 shows colour 8 on S, against the frame');
  });

  it('catches corruption of planted boards (property)', () => {
    fc.assert(
      fc.property(plantedArb, fc.nat(), fc.nat(), fc.integer({ min: 1, max: 3 }), ({ instance, solution }, a0, b0, turn) => {
        const n = solution.length;
        const a = a0 % n;
        const b = b0 % n;
        if (!verifyBoard(instance, solution).ok || scoreBoard(instance, solution) !== maxScore(instance.width, instance.height)) return false;
        const sideKey = (cell: number, board: Placement[]) => rotatePiece(instance.pieces[board[cell].piece], board[cell].rotation).join();
        // Swap two cells showing different colours: caught.
        const swapped = [...solution];
        [swapped[a], swapped[b]] = [swapped[b], swapped[a]];
        if (sideKey(a, solution) !== sideKey(b, solution) && verifyBoard(instance, swapped).ok) return false;
        // Turn one piece that is not symmetric under that turn: caught.
        const turned = solution.map((p, i) => (i === a ? { ...p, rotation: ((p.rotation + turn) % 4) as 0 } : p));
        if (sideKey(a, turned) !== sideKey(a, solution) && verifyBoard(instance, turned).ok) return false;
        // Place one piece twice: caught.
        if (
          a !== b &&
          verifyBoard(
            instance,
            solution.map((p, i) => (i === b ? solution[a] : p)),
          ).ok
        )
          return false;
        return true;
      }),
      { seed: 11, numRuns: 60 },
    );
  });
});

describe('edge-matching formats', () => {
  it('round-trips every format on planted instances (property)', () => {
    fc.assert(
      fc.property(plantedArb, fc.array(fc.boolean(), { maxLength: 81 }), ({ instance, solution }, holes) => {
        const size = { width: instance.width, height: instance.height };
        const same = (r: { ok: boolean; value?: unknown }) => r.ok && JSON.stringify(r.value) === JSON.stringify(instance);
        const id = makeEdgematchId(instance);
        const partial = solution.map((p, i) => (holes[i] ? null : p));
        const checks = [
          same(parseEdgematchId(id)),
          same(parseHeule(makeHeule(instance), size)),
          instance.width < instance.height || same(parseHeule(makeHeule(instance))),
          same(parseBoardSuite(makePuz(instance), makeClue(instance))),
          same(parseAnjou(makeAnjou(instance))),
          instance.clues.length > 0 || same(parseTud(unwrap(makeTud(instance)))),
          JSON.stringify(unwrap(parseSol(makeSol(instance, solution), instance))) === JSON.stringify(solution),
          JSON.stringify(unwrap(parseSol(makeSol(instance, partial), instance))) === JSON.stringify(partial),
          JSON.stringify(unwrap(parseBoardText(makeBoardText(instance, partial), instance))) === JSON.stringify(partial),
          detectFormat(id) === 'id' && detectFormat(makeAnjou(instance)) === 'anjou' && detectFormat(makePuz(instance)) === 'puz',
          instance.width < instance.height || detectFormat(makeHeule(instance)) === 'heule',
          /^edgematch:\d+x\d+:[0-9a-zA-Z_.-]+$/.test(id),
        ];
        return checks.every((c) => c);
      }),
      { seed: 7, numRuns: 150 },
    );
  });

  it('writes the documented texts', () => {
    const inst = inst3([{ cell: 4, piece: 4, rotation: 0 }]);
    expect(makeEdgematchId(inst)).toBe('edgematch:3x3:013002610022383067882047340081044001.4-4-0');
    expect(makeHeule(inst).split('\n').slice(0, 3)).toEqual(['1', '2 2 5 0', '0 1 3 0']);
    const turned = unwrap(
      makeInstance(3, 3, SOLVED_3X3, [
        { cell: 0, piece: 0, rotation: 0 },
        { cell: 2, piece: 6, rotation: 2 },
      ]),
    );
    // Clockwise 2 is anticlockwise 2; clockwise 1 would be written 3.
    expect(makeClue(turned)).toBe('0 0 0 0\n6 2 0 2\n');
    const board: (Placement | null)[] = listed(inst).map((p, i) => (i === 2 ? null : p));
    expect(makeBoardText(inst, board)).toBe('3x3\n0:0 1:0 .\n3:0 4:0 5:0\n6:0 7:0 8:0\n');
    expect(makeSol(inst, [{ piece: 8, rotation: 1 }, ...board.slice(1, 8), null])).toContain('8 0 0 3\n');
    expect(unwrap(parseInstance(`3\n${makePuz(inst).split('\n').slice(1).join('\n')}`))).toEqual({ ...inst, clues: [] });
  });

  it('reads Heule files: CRLF, trailing spaces, blank lines, hints, size from the counts', () => {
    const text = `1\r\n2 2 5 0 \r\n${SOLVED_3X3.map((p) => p.join(' ')).join(' \r\n')}\r\n\r\n`;
    const inst = unwrap(parseHeule(text));
    expect(inst).toEqual(inst3([{ cell: 4, piece: 4, rotation: 0 }]));
  });

  it('refuses bad Heule files with the line', () => {
    const pieces = SOLVED_3X3.map((p) => p.join(' '));
    const heule = (lines: string[], size?: { width: number; height: number }) => parseHeule(lines.join('\n'), size);
    expect(heule(['0', ...pieces.slice(1)], { width: 3, height: 3 })).toMatchObject({
      ok: false,
      error: { code: 'ERR_SIZE', line: 1, message: 'a 3x3 board needs 9 pieces, the input has 8' },
    });
    expect(heule(['0', ...pieces.slice(1)])).toMatchObject({
      ok: false,
      error: { code: 'ERR_SIZE', message: expect.stringContaining('cannot tell the board size: 8 pieces with 3 corner and 4 edge pieces') },
    });
    expect(heule(['0', ...pieces.slice(0, 3), '5 8 3', ...pieces.slice(4)])).toMatchObject({
      ok: false,
      error: { code: 'ERR_SYNTAX', line: 5, message: expect.stringContaining('piece 4 (N E S W) has 3 numbers, expected 4') },
    });
    expect(heule(['0', ...pieces.slice(0, 2), '0 0 2 2 7', ...pieces.slice(3)])).toMatchObject({
      ok: false,
      error: { code: 'ERR_SYNTAX', line: 4, message: expect.stringContaining('piece 3 (N E S W) has 5 numbers, expected 4') },
    });
    expect(heule(['0', ...pieces.slice(0, 6), '3 4 x 0', ...pieces.slice(7)])).toMatchObject({
      ok: false,
      error: { code: 'ERR_NUMBER', line: 8, message: expect.stringContaining("'x' is not a non-negative integer") },
    });
    expect(heule(['0', '-3 4 0 0', ...pieces.slice(1)])).toMatchObject({ ok: false, error: { code: 'ERR_NUMBER', line: 2 } });
    expect(heule(['0', ...pieces.slice(0, 4), '0 7 8 8', ...pieces.slice(5)])).toMatchObject({ ok: false, error: { code: 'ERR_SIZE' } });
    expect(heule(['0', ...pieces.slice(0, 4), '0 7 0 8', ...pieces.slice(5)])).toMatchObject({
      ok: false,
      error: { code: 'ERR_CLUE', line: 6, message: expect.stringContaining('opposite sides') },
    });
    expect(heule(['2', '1 1 1 0', '1 1 7 0', ...pieces])).toMatchObject({
      ok: false,
      error: { code: 'ERR_CLUE', line: 3, message: expect.stringContaining('clue 2: row 1, column 1 is already fixed by clue 1') },
    });
    expect(heule(['2', '1 1 1 0', '3 3 1 2', ...pieces])).toMatchObject({
      ok: false,
      error: { code: 'ERR_CLUE', line: 3, message: expect.stringContaining('piece 0 is already placed') },
    });
    expect(heule(['1', '2 2 5 1', ...pieces]).ok).toBe(true); // the centre piece turned once fits its cell (it need not be the solution)
    expect(heule(['1', '1 2 1 0', ...pieces])).toMatchObject({
      ok: false,
      error: { code: 'ERR_CLUE', line: 2, message: expect.stringContaining('grey on W inside the board') },
    });
    expect(heule(['1', '4 1 1 0', ...pieces])).toMatchObject({ ok: false, error: { line: 2, message: expect.stringContaining('off the 3x3 board') } });
    expect(heule(['5', '1 1 1 0'])).toMatchObject({ ok: false, error: { code: 'ERR_LINE_COUNT', line: 1 } });
    expect(parseHeule('')).toMatchObject({ ok: false, error: { code: 'ERR_EMPTY' } });
  });

  it('refuses bad board-suite files with the line', () => {
    const puz = makePuz(inst3());
    expect(parseBoardSuite(puz.replace('0 0 2 2', '0 0 2'))).toMatchObject({ ok: false, error: { code: 'ERR_SYNTAX', line: 4 } });
    expect(parseBoardSuite(`c a comment\n${puz}`.replace('3 3', '3 4'))).toMatchObject({
      ok: false,
      error: { code: 'ERR_SIZE', line: 2, message: 'a 3x4 board needs 12 pieces, the input has 9' },
    });
    expect(parseBoardSuite(puz.replace('0 0 2 2', '0 0 2 2 +'))).toMatchObject({
      ok: false,
      error: { code: 'ERR_FORMAT', message: expect.stringContaining('signed') },
    });
    expect(parseBoardSuite(puz, '0 0 0 0\n4 0 1 0\n')).toMatchObject({
      ok: false,
      error: { code: 'ERR_CLUE', line: 2, message: expect.stringContaining('clue file: clue 2') },
    });
    expect(parseBoardSuite(puz, '0 0 0 0\n0 0 0 0\n')).toMatchObject({
      ok: false,
      error: { line: 2, message: expect.stringContaining('already given at line 1') },
    });
    expect(parseBoardSuite(puz, '0 0 0 0\n0 2 2 2\n')).toMatchObject({
      ok: false,
      error: { line: 2, message: expect.stringContaining('tile 0 is already placed') },
    });
    expect(parseBoardSuite(puz, '0 3 0 0\n')).toMatchObject({ ok: false, error: { line: 1, message: expect.stringContaining('off the 3x3 board') } });
    expect(parseSol('0 0 0 0\n1 1 0 0\n2 2 0\n', inst3())).toMatchObject({ ok: false, error: { code: 'ERR_SYNTAX', line: 3 } });
    expect(parseSol('9 0 0 0\n', inst3())).toMatchObject({ ok: false, error: { line: 1, message: expect.stringContaining('there is no tile 9') } });
    expect(parseTud('1 1 3 3\n')).toMatchObject({ ok: false, error: { code: 'ERR_FORMAT', line: 1, message: expect.stringContaining('signed') } });
    expect(makeTud(inst3([{ cell: 4, piece: 4, rotation: 0 }])).ok).toBe(false);
  });

  it('refuses bad JSON, ids and board texts clearly', () => {
    const json = makeAnjou(inst3([{ cell: 4, piece: 4, rotation: 0 }]));
    expect(parseAnjou(json.replace('[0, 2, 6, 1],', '[0, 2, 6, 1]'))).toMatchObject({ ok: false, error: { code: 'ERR_SYNTAX', line: 10 } });
    expect(parseAnjou(json.replace('[0, 2, 6, 1]', '[0, 2, 6]'))).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('pieces[1] is not a list of four') },
    });
    expect(parseAnjou(json.replace('"rot": 0', '"rot": 1'))).toMatchObject({ ok: true });
    expect(parseAnjou(json.replace('"pos": 4', '"pos": 3'))).toMatchObject({
      ok: false,
      error: {
        code: 'ERR_CLUE',
        message: expect.stringContaining('hints[0]: piece 4 (6 7 8 8) turned 0 at row 2, column 1 shows colour on W against the frame'),
      },
    });
    expect(parseAnjou(json.replace('"maxScore": 12', '"maxScore": 13'))).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('a 3x3 board has 12 joints') },
    });
    const id = makeEdgematchId(inst3());
    expect(parseEdgematchId(id.replace('edgematch', 'numberlink'))).toMatchObject({ ok: false, error: { code: 'ERR_FAMILY' } });
    expect(parseEdgematchId(id.slice(0, -1))).toMatchObject({ ok: false, error: { message: expect.stringContaining('not a multiple of 4') } });
    expect(parseEdgematchId(`${id}.4-4`)).toMatchObject({ ok: false, error: { message: expect.stringContaining("bad clue '4-4'") } });
    expect(parseEdgematchId(`${id}.4-4-0.4-5-0`)).toMatchObject({ ok: false, error: { code: 'ERR_CLUE', message: expect.stringContaining('already fixed') } });
    expect(parseEdgematchId(id.replace(':3x3:', ':3x:'))).toMatchObject({ ok: false, error: { message: expect.stringContaining('expected WxH') } });
    const inst = inst3();
    const text = makeBoardText(inst, listed(inst));
    expect(parseBoardText(`# note\n${text}`, inst)).toEqual({ ok: true, value: listed(inst) });
    expect(parseBoardText(text.replace('3:0 4:0 5:0', '3:0 4:0'), inst)).toMatchObject({
      ok: false,
      error: { code: 'ERR_SIZE', line: 3, message: 'row 2 has 2 cells, the board 3' },
    });
    expect(parseBoardText(text.replace('4:0', '4-0'), inst)).toMatchObject({ ok: false, error: { code: 'ERR_SYNTAX', line: 3 } });
    expect(parseBoardText(text.replace('4:0', '4:5'), inst)).toMatchObject({ ok: false, error: { code: 'ERR_NUMBER', line: 3 } });
    expect(parseBoardText(text.replace('4:0', '0:2'), inst)).toMatchObject({
      ok: false,
      error: { code: 'ERR_SOLUTION', line: 3, message: expect.stringContaining('piece 0 is already placed at line 2') },
    });
    expect(parseBoardText(text.replace('3x3', '3x4'), inst)).toMatchObject({ ok: false, error: { code: 'ERR_SIZE', line: 1 } });
    expect(parseBoardText(text.replace('\n6:0 7:0 8:0', ''), inst)).toMatchObject({ ok: false, error: { code: 'ERR_LINE_COUNT' } });
    expect(parseInstance('hello')).toMatchObject({ ok: false, error: { code: 'ERR_FORMAT' } });
  });
});
