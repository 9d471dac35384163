/**
 * The player's two languages (web/src/words.ts, web/src/words-es.ts, web/src/i18n.ts): every English
 * key has a Spanish one of the same kind, the Spanish texts (fixed and built by words.ts's functions)
 * carry no English left over, and the browser's languages pick the right one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Grade, LevelChoice } from '../src/core/family.ts';
import { nonogramMeasured } from '../web/src/views/nonogram-words.ts';
import {
  COLLECTION,
  DAILY,
  deductionWords,
  gradeWords,
  LAYOUT_WORDS,
  missingLevelsWords,
  otherLevelWords,
  pickLanguage,
  plainError,
  puzzleWords,
  RULE_PICK,
  ruleChoiceWords,
  setWordsLanguage,
  shortVerdict,
  turnWords,
  verdictWords,
  W,
  wordsOf,
} from '../web/src/words.ts';

/** Words that read as English and not as Spanish (the Spanish texts must hold none). */
const ENGLISH = /\b(the|and|is|are|of|with|puzzles?|solutions?|level|not|cells?|games?|this|you|your|link|checked|measured|rules|hint|new)\b/i;

/** Every text in a words tree: strings, array items, and what its functions give for sample arguments. */
function texts(tree: unknown, path = ''): [string, string][] {
  if (typeof tree === 'string') return [[path, tree]];
  if (Array.isArray(tree)) return tree.flatMap((v, i) => texts(v, `${path}[${i}]`));
  if (typeof tree === 'function') {
    const f = tree as (...a: unknown[]) => unknown;
    const tries: unknown[][] = [
      Array(f.length).fill(2),
      Array(f.length).fill('·'),
      Array(f.length).fill(true),
      Array(f.length).fill(['·', '·']),
      [['·'], '·', [{ made: 1, of: 6, level: '·' }], '·', ['·']],
      [{ day: '·', puzzle: '·', time: '·', hints: 2, checks: 0, link: '·' }],
      ['links', 2, 2, true],
      ['pieces', 2, 0, false],
    ];
    const out: [string, string][] = [];
    for (const args of tries) {
      try {
        // Probes that give a function what it does not take leave "undefined" (or a built-in's source) in its text.
        out.push(...texts(f(...args), `${path}()`).filter(([, v]) => !/undefined|native code|NaN/.test(v)));
      } catch {
        // Not arguments this function takes.
      }
    }
    return out;
  }
  if (tree !== null && typeof tree === 'object') return Object.entries(tree).flatMap(([k, v]) => texts(v, path ? `${path}.${k}` : k));
  return [];
}

/** The shape of a words tree: each key's kind (and an array's length), to compare the languages. */
function shape(tree: unknown, path = ''): string[] {
  if (Array.isArray(tree)) return [`${path}: array ${tree.length}`];
  if (tree !== null && typeof tree === 'object') return Object.entries(tree).flatMap(([k, v]) => shape(v, path ? `${path}.${k}` : k));
  return [`${path}: ${typeof tree}`];
}

afterEach(() => setWordsLanguage('en'));

describe('languages', () => {
  it('has every English key in Spanish, of the same kind, and each Spanish text differs from the English', () => {
    expect(shape(wordsOf('es')).sort()).toEqual(shape(wordsOf('en')).sort());
    const en = new Map(texts(wordsOf('en')));
    const same = texts(wordsOf('es')).filter(([k, v]) => en.get(k) === v && /[a-z]{3}/i.test(v));
    // Names that are the same in both languages.
    expect(same.map(([k]) => k).filter((k) => !/^(numberlinkView\.label|(collection\.row|app\.imported)\(\))$/.test(k))).toEqual([]);
  });

  it('leaves no English in the Spanish texts', () => {
    const es = texts(wordsOf('es'));
    expect(es.length).toBeGreaterThan(300);
    expect(es.filter(([, v]) => ENGLISH.test(v))).toEqual([]);
    // The check itself catches English: the English texts are full of it.
    expect(texts(wordsOf('en')).filter(([, v]) => ENGLISH.test(v)).length).toBeGreaterThan(100);
  });

  it('says words.ts sentences in Spanish once switched', () => {
    setWordsLanguage('es');
    const metrics: Grade['metrics'] = { rung: 2, contradictions: 3 };
    const choices: LevelChoice[] = [
      { level: 'easy', size: '4x4', offered: true, made: 6, of: 6 },
      { level: 'expert', size: '4x4', offered: false, made: 1, of: 6 },
    ] as LevelChoice[];
    const said = [
      plainError('[ERR_CLUE] line 3'),
      gradeWords({ measured: nonogramMeasured }, { level: 'medium', score: 30, metrics }).text,
      gradeWords({ measured: nonogramMeasured }, { level: 'medium', score: 30, metrics }).title,
      deductionWords('links', { basicShare: 40, trials: 2, solved: 1 }) ?? '',
      puzzleWords(W.nonogramView.label, '5×5', { provenance: 'generated' }),
      turnWords(1),
      verdictWords({ verdict: 'multiple' }),
      shortVerdict({ verdict: 'inconclusive' }),
      ruleChoiceWords({
        verdict: 'unique',
        rules: [
          { rule: 'strict', verdict: 'multiple' },
          { rule: 'no-2x2', verdict: 'unique' },
        ],
      }) ?? '',
      missingLevelsWords('4×4', choices) ?? '',
      otherLevelWords('hard', { level: 'medium' }, '7×7').title,
      otherLevelWords('hard', { level: 'medium' }, '7×7').message,
      COLLECTION.finished('a.non', { unique: 3, multiple: 1 }, 4),
      DAILY.button,
      LAYOUT_WORDS.help,
      RULE_PICK.option('no-touch', 'unique'),
    ];
    expect(said[0]).toBe('Contiene una pista no válida (línea 3).');
    expect(said[1]).toBe('Nivel: medio (medido: línea a línea, y además 3 casillas que se deciden probando una casilla y hallando una contradicción)');
    expect(said[9]).toContain('No hay puzles de nivel experto en 4×4');
    expect(said[10]).toBe('Salió un puzle de nivel medio');
    // The engine's own English detail is not shown: only its line number, in Spanish.
    expect(said.filter((s) => s === '' || ENGLISH.test(s))).toEqual([]);
    setWordsLanguage('en');
    expect(verdictWords({ verdict: 'multiple' })).toBe('more than one solution: any answer that follows the rules wins');
  });

  it('picks Spanish for es and es-*, else English, and a stored pick first', () => {
    expect(pickLanguage(['es-ES', 'en'], null)).toBe('es');
    expect(pickLanguage(['es'], null)).toBe('es');
    expect(pickLanguage(['es-419'], null)).toBe('es');
    expect(pickLanguage(['en-US', 'es-ES'], null)).toBe('en');
    expect(pickLanguage(['fr-FR', 'es-MX'], null)).toBe('es');
    expect(pickLanguage(['fr-FR', 'de'], null)).toBe('en');
    expect(pickLanguage([], null)).toBe('en');
    expect(pickLanguage(['es-ES'], 'en')).toBe('en');
    expect(pickLanguage(['en-US'], 'es')).toBe('es');
    expect(pickLanguage(['es-ES'], 'xx')).toBe('es');
  });
});
