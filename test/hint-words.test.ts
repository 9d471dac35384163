/**
 * Hints in both of the player's languages: every technique of every family, produced by the
 * family's own hint search on a position that calls for it, is worded from its `says` alone (the
 * family's view words, web/src/views/<family>-words.ts). In English that is the engine's message word
 * for word; in Spanish it names the same cells, clues, labels and pieces, with no English left.
 * The positions are a generated puzzle of each family with the moves its hints played up to each
 * technique's first use (found by following the hints from the start), and one wrong move for a mistake.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Hint, PuzzleFamily } from '../src/core/family.ts';
import { EDGEMATCH_SAYS_KEYS, isEdgematchSays } from '../src/families/edgematch/says.ts';
import { FAMILIES } from '../src/families/index.ts';
import { isNonogramSays, NONOGRAM_SAYS_KEYS } from '../src/families/nonogram/says.ts';
import { linksFromPaths, makeNumberlink, ruleBreak, ruleViolation, tracePaths } from '../src/families/numberlink/puzzle.ts';
import { isNumberlinkSays, NUMBERLINK_SAYS_KEYS } from '../src/families/numberlink/says.ts';
import { edgematchHintWords } from '../web/src/views/edgematch-words.ts';
import { nonogramHintWords } from '../web/src/views/nonogram-words.ts';
import { numberlinkHintWords, ruleBreakWords } from '../web/src/views/numberlink-words.ts';
import type { HintWords } from '../web/src/words-engine.ts';
import { engineDetail, engineReason, plainError, setWordsLanguage, stopWords, verdictWords, W } from '../web/src/words.ts';

/** English words that have no business in a Spanish hint. */
const ENGLISH =
  /\b(the|and|is|are|of|at|in|row|column|clue|cells?|piece|path|link|only|one|fits|place|turned|not|into|between|suppose|trial|mistake|overlap|line|way|block|solution|marks?)\b/i;

interface Fixture {
  /** The family, when the fixture's name is not it. */
  family?: string;
  id: string;
  /** The moves the hints played from the start, in order. */
  moves: string[];
  /** Where (a prefix of `moves`) each technique is the next hint. */
  at: Record<string, number>;
  /** A position whose next hint is a mistake: one wrong move. */
  mistake: string[];
  keys: readonly string[];
  isSays(x: unknown): boolean;
  words(says: never): HintWords;
}

const FIXTURES: Record<string, Fixture> = {
  nonogram: {
    id: 'nonogram:10x10:1.1.1.1/1.1.2/1.2/1.1/1.2.2.1/2.2/2.1/1.3.1/1.1.1.1/2.2/1.1.1/2/3.1.1.1/2.1/1.1.1.1/5.1/1.3/2.1/1.1.2/1.3',
    moves: (
      'f3.2 f3.3 f6.4 f6.5 f1.5 x2.5 f3.5 f4.5 x5.5 f7.5 x8.5 f3.1 x3.4 x3.6 x1.4 x1.6 x2.6 x2.1 x4.1 x2.2 x4.2 x4.3 x1.3 x2.3 x2.4 x5.4 x7.4 ' +
      'x1.7 x1.10 f3.7 x3.8 f6.8 x6.9 x1.8 f1.9 x2.9'
    ).split(' '),
    at: { overlap: 0, 'line logic': 14, unreachable: 16, contradiction: 27, completion: 36 },
    // The first hint's overlap fills row 3, column 2: crossing it leaves that row no arrangement.
    mistake: ['x3.2'],
    keys: NONOGRAM_SAYS_KEYS.filter((k) => !k.startsWith('colour ')),
    isSays: isNonogramSays,
    words: nonogramHintWords,
  },
  // Colour nonograms (issue 20): their own techniques, and their mistake naming the colour clue.
  'nonogram colour': {
    family: 'nonogram',
    id: 'nonogram:6x6:white=ffffff,red=d62828,green=2f9e44;1a1b1b/1b1b1a/1b/1a2b1a/1b1a1a/1b2b/1b1a2b/1a1b/2b1b1a/1a/1b1a1b/1a1b1b',
    moves: 'f3.2@2 x2.2 x1.1 f1.5@2 f1.2@2 x1.3'.split(' '),
    at: { 'colour overlap': 0, 'colour line logic': 1, 'colour contradiction': 2, 'colour completion': 6 },
    // The first hint (an overlap) makes row 3, column 2 green: crossing it leaves that row no arrangement.
    mistake: ['x3.2'],
    keys: ['mistake', 'colour completion', 'colour overlap', 'colour line logic', 'colour contradiction'],
    isSays: isNonogramSays,
    words: nonogramHintWords,
  },
  numberlink: {
    id: 'numberlink:8x8-strict:1l1m2g3p2g4g5g4i3g6l5j67h8k87',
    moves: 's1.8-1.7 s8.8-7.8 s7.8-7.7 s8.7-8.6 s8.6-8.5 s8.5-8.4 s1.1-1.2 s2.2-2.1-3.1 s1.2-1.3'.split(' '),
    at: { 'only way on': 0, trial: 6, 'two ways in': 7, 'paths hug': 9 },
    // The endpoint at row 1, column 8 goes on only into row 1, column 7: a link down is wrong.
    mistake: ['s1.8-2.8'],
    keys: NUMBERLINK_SAYS_KEYS,
    isSays: isNumberlinkSays,
    words: numberlinkHintWords,
  },
  edgematch: {
    id: 'edgematch:5x5:4467027101624657263003303100302530176575710377550373876610160012342054656765730236200220764834307546.3-1-0.8-11-0.13-3-2',
    moves: 'p15@1.5:0 p10@2.5:3 p5@5.5:2 p21@1.1:0 p6@5.1:0 p12@3.5:1 p23@4.5:2 p0@4.4:0 p4@5.4:3 p14@5.2:1 p2@5.3:2 p8@1.3:3 p20@1.2:1'.split(' '),
    at: { 'nothing fits beside': 0, 'only one fits': 1, reveal: 2, trial: 5, 'only one place': 13 },
    // The first hint puts piece 15 at row 1, column 5 unturned: turned once, it is a mistake.
    mistake: ['p15@1.5:1'],
    keys: EDGEMATCH_SAYS_KEYS,
    isSays: isEdgematchSays,
    words: edgematchHintWords,
  },
};

type AnyFamily = PuzzleFamily<unknown, unknown, unknown, unknown, unknown, unknown>;

/** The family's hint at the position `moves` reach from the start. */
function hintAt(family: string, id: string, moves: readonly string[]): Hint {
  const fam = (FAMILIES as unknown as Record<string, AnyFamily>)[family];
  const p = fam.parsePuzzle(id);
  if (!p.ok) throw new Error(p.error.message);
  let state = fam.play.start(p.value);
  for (const text of moves) {
    const m = fam.play.parseMove(text, p.value);
    if (!m.ok) throw new Error(`${text}: ${m.error.message}`);
    state = fam.play.apply(state, m.value);
  }
  const r = fam.hint(p.value, state, { maxNodes: 5_000_000 });
  if (r.kind !== 'hint') throw new Error(`${family} after ${moves.length} moves: ${r.kind}`);
  return r.hint;
}

/** The numbers a text names, sorted (an English turn's "1 quarter turn" is a turn, not a number named). */
const numbers = (text: string): number[] => [...text.replace(/turned \d+ quarter turns?/g, '').matchAll(/\d+/g)].map((m) => Number(m[0])).sort((a, b) => a - b);

afterEach(() => setWordsLanguage('en'));

describe('hints in both languages', () => {
  for (const [name, fx] of Object.entries(FIXTURES)) {
    const family = fx.family ?? name;
    it(`${name}: every technique is worded from its says, in English as the engine says it and in Spanish`, () => {
      expect(Object.keys(fx.at).concat('mistake').sort()).toEqual([...fx.keys].sort());
      for (const key of fx.keys) {
        const hint = hintAt(family, fx.id, key === 'mistake' ? fx.mistake : fx.moves.slice(0, fx.at[key]));
        const says = JSON.parse(JSON.stringify(hint.says)) as { key: string };
        expect(hint.technique, `${family} ${key}`).toBe(key);
        expect(says.key).toBe(key);
        // What the wire carries passes the family's guard; another family's does not.
        expect(fx.isSays(says)).toBe(true);
        for (const [other, ofx] of Object.entries(FIXTURES))
          if ((ofx.family ?? other) !== family && ofx.isSays(says)) expect.fail(`${other} reads ${family}'s ${key}`);
        setWordsLanguage('en');
        const en = fx.words(says as never);
        expect(en).toEqual({ technique: hint.technique, text: hint.message });
        setWordsLanguage('es');
        const es = fx.words(says as never);
        expect(es.text, `${family} ${key}: ${es.text}`).not.toMatch(ENGLISH);
        expect(es.technique).not.toMatch(ENGLISH);
        expect(es.text).not.toBe(en.text);
        // The same cells, clues, pieces and counts, and the same labels.
        expect(numbers(es.text), `${en.text}\n${es.text}`).toEqual(numbers(en.text));
        if ('label' in says && typeof says.label === 'string') expect(es.text).toContain(`camino ${says.label}`);
      }
    });
  }

  it('a broken Numberlink rule set is worded from where it breaks, in both languages', () => {
    // One path round a 3×2 board: its top left 2×2 block is all A, and A runs beside itself at the ends.
    for (const rule of ['no-2x2', 'no-touch'] as const) {
      const made = makeNumberlink(3, 2, ['A', null, null, 'A', null, null], rule);
      if (!made.ok) throw new Error(made.error.message);
      const p = made.value;
      const links = linksFromPaths(p, [[0, 1, 2, 5, 4, 3]]);
      const traced = tracePaths(p, links);
      if (!traced.ok) throw new Error(traced.reason);
      const b = ruleBreak(p, links, traced.owner, rule);
      expect(b).not.toBeNull();
      if (!b) continue;
      setWordsLanguage('en');
      expect(ruleBreakWords(b)).toBe(ruleViolation(p, links, traced.owner, rule));
      setWordsLanguage('es');
      const es = ruleBreakWords(b);
      expect(es).toContain('camino A');
      expect(es).not.toMatch(ENGLISH);
      expect(numbers(es).filter((n) => n !== 2)).toEqual(numbers(ruleViolation(p, links, traced.owner, rule) ?? '').filter((n) => n !== 2));
    }
  });

  it('names the engine’s stop reasons in words in both languages', () => {
    for (const stop of ['deadline', 'node-limit', 'cancelled', 'memory-limit', 'attempts-exhausted', 'other-level']) {
      setWordsLanguage('en');
      const en = stopWords(stop);
      setWordsLanguage('es');
      const es = stopWords(stop);
      expect(en).not.toMatch(/-/);
      expect(es).not.toBe(en);
      expect(es).not.toMatch(ENGLISH);
      expect(W.verdict.inconclusive(es)).toContain(es);
    }
    // A reason this player does not know is not shown raw in Spanish.
    expect(stopWords('some-new-reason')).not.toContain('some-new-reason');
  });

  it('says the engine’s errors in Spanish without its English detail, and in English as before', () => {
    const parse = 'line 4: clue 12 does not fit in 10 cells [ERR_CLUE]';
    const move = 'move 3: cell 11.2 is off the board [ERR_MOVE]';
    const generation = 'no medium puzzle among the candidates certified (the nearest came out easy, score 12)';
    const save = 'save field "moves" should be an array of strings';
    setWordsLanguage('en');
    expect(plainError(parse)).toBe('A clue in it is not valid (line 4: clue 12 does not fit in 10 cells).');
    expect(engineDetail(generation)).toBe(generation);
    expect(engineReason(save, 'ERR_SYNTAX')).toBe(save);
    expect(W.engine.askFailed('hint', 'x')).toBe('Hint failed: x');
    setWordsLanguage('es');
    const said = [
      plainError(parse),
      plainError(move),
      plainError('something broke inside'),
      engineReason(save, 'ERR_SYNTAX'),
      engineReason('that cell holds a clue [ERR_MOVE]'),
      W.app.noneShown(W.app.failOther(stopWords('memory-limit')), engineDetail(generation)),
      W.app.workerStopped('the engine worker stopped: out of memory'),
      verdictWords({ verdict: 'inconclusive', stop: 'deadline' }),
      W.engine.askFailed('check', 'x'),
      // A hint whose says this build cannot read (another build's engine): no English either.
      W.engine.unworded('only way on', 'The A path at row 1, column 1 has only one way on: into row 2, column 1.').text,
      // The browser's reasons (IndexedDB, in English) are left out.
      W.app.notSaved('QuotaExceededError: The quota has been exceeded.'),
    ];
    expect(said).toEqual([
      'Contiene una pista no válida (línea 4).',
      'Esa jugada no es posible (jugada 3).',
      `${W.errors.ERR_INTERNAL}.`,
      'no está escrito como su formato exige',
      'esa jugada no es posible',
      'No se muestra ningún puzle: se detuvo (límite de memoria).',
      'El motor se detuvo de forma inesperada; arrancará uno nuevo con tu próxima petición.',
      'no se decidió en el tiempo permitido (límite de tiempo): puede tener varias soluciones',
      'No se pudo comprobar: x',
      'mira lo que se resalta en el tablero.',
      'No se pudo guardar tu partida en este navegador.',
    ]);
    expect(said.filter((t) => ENGLISH.test(t))).toEqual([]);
  });
});
