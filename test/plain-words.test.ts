/** The player's plain words (web/src/words.ts): every engine code has a sentence, and none is shown. */
import type { Grade } from '../src/core/family.ts';
import { describe, expect, it } from 'vitest';
import { formatParseError, PARSE_ERROR_CODES, parseError } from '../src/core/result.ts';
import { nonogramMeasured } from '../web/src/views/nonogram-words.ts';
import {
  COLLECTION,
  deductionWords,
  ERROR_SENTENCES,
  gradeWords,
  plainError,
  puzzleWords,
  ruleChoiceWords,
  turnWords,
  verdictWords,
  withoutCodes,
} from '../web/src/words.ts';

// The families' level-line reasons, as their view entries give them (web/src/views/*.ts).
const NONOGRAM = { measured: nonogramMeasured };
const NUMBERLINK = { measured: (m: Grade['metrics']) => deductionWords('links', m) };
const EDGEMATCH = { measured: (m: Grade['metrics']) => deductionWords('pieces', m) };

describe('plain words', () => {
  it('says every parse error code as a sentence, the engine words after it, the code gone', () => {
    for (const code of PARSE_ERROR_CODES) {
      const text = plainError(formatParseError(parseError(code, 'clue 12 does not fit', 3)));
      expect(text).toBe(`${ERROR_SENTENCES[code]} (line 3: clue 12 does not fit).`);
      expect(text).not.toMatch(/ERR_/);
    }
    // A code given apart from the text; a text without any code; a code the table does not know.
    expect(plainError('the engine worker stopped: out of memory', 'ERR_WORKER')).toBe(
      'The engine stopped unexpectedly (the engine worker stopped: out of memory).',
    );
    expect(plainError('not a puzzle id')).toBe('not a puzzle id');
    expect(plainError('odd [ERR_SOMETHING_NEW]')).toBe('odd');
    expect(withoutCodes('line 2: bad [ERR_NUMBER] and [ERR_CLUE].')).toBe('line 2: bad and.');
  });

  it('explains a measured level from its metrics, the score kept for the tooltip', () => {
    const easy = gradeWords(NONOGRAM, { level: 'easy', score: 6, metrics: { technique: 'line logic', rung: 1, complexRounds: 0 } });
    expect(easy.text).toBe('Level: easy (measured: solved by the simple line rules alone)');
    expect(easy.title).toMatch(/score 6 of 100/);
    expect(gradeWords(NONOGRAM, { level: 'hard', score: 60, metrics: { rung: 2, contradictions: 3 } }).level).toBe(
      'hard (measured: line by line, plus 3 cells settled by trying a cell and finding a contradiction)',
    );
    expect(gradeWords(NUMBERLINK, { level: 'medium', score: 30, metrics: { basicShare: 80, trials: 2, solved: 1 } }).level).toMatch(
      /80% of the links.*2 trials/,
    );
    expect(gradeWords(EDGEMATCH, { level: 'easy', score: 0, metrics: { basicShare: 100, trials: 0, solved: 1 } }).level).toBe(
      'easy (measured: solved by the basic rules alone, no trials)',
    );
    // A resumed game keeps no metrics: the level alone.
    expect(gradeWords(NONOGRAM, { level: 'expert', score: 90, metrics: {} }).text).toBe('Level: expert (measured)');
  });

  it('describes a puzzle without its id, and a turn in words', () => {
    expect(puzzleWords('Nonogram', '50×60', { provenance: 'imported' }, 'file.non')).toBe('Nonogram 50×60, imported from file.non');
    expect(puzzleWords('Numberlink', '7×7', { provenance: 'generated' })).toBe('Numberlink 7×7, generated');
    expect([0, 1, 2, 3].map(turnWords)).toEqual(['not turned', 'turned once clockwise', 'turned twice', 'turned once anticlockwise']);
  });

  it('says why an imported Numberlink puzzle plays under its rule set, honestly when a search ran out', () => {
    expect(ruleChoiceWords({ verdict: 'unique', rules: [{ rule: 'strict', verdict: 'unique' }] })).toBeNull();
    expect(ruleChoiceWords({ verdict: 'unique' })).toBeNull();
    expect(
      ruleChoiceWords({
        verdict: 'unique',
        rules: [
          { rule: 'strict', verdict: 'multiple' },
          { rule: 'no-2x2', verdict: 'multiple' },
          { rule: 'no-touch', verdict: 'unique' },
        ],
      }),
    ).toBe(
      'Played under the rule set “paths never touch themselves”, the first that gives it exactly one solution (standard: several solutions; no 2×2 of one path: several solutions).',
    );
    const open = ruleChoiceWords({
      verdict: 'inconclusive',
      rules: [
        { rule: 'strict', verdict: 'inconclusive', stop: 'deadline' },
        { rule: 'no-2x2', verdict: 'multiple' },
        { rule: 'no-touch', verdict: 'multiple' },
      ],
    });
    expect(open).toMatch(
      /^No rule set tried gives it exactly one proven solution \(standard: not decided in time; .*\); a search ran out of time, so one of them may still do\. Check is off/,
    );
    expect(verdictWords({ verdict: 'inconclusive', unchecked: 'pending' })).toBe('being checked: its verdict follows');
    expect(COLLECTION.finished('f.txt', { unique: 3, inconclusive: 1 }, 4)).toBe(
      'f.txt: all 4 puzzles checked (3 with exactly one solution, 1 not decided in time).',
    );
  });
});
