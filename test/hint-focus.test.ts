/**
 * Hint focus types: each family's guard (focus.ts) accepts the focus its hints give and refuses
 * anything else read back from JSON, and the registry's families answer hints typed by their focus.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Hint, HintResult } from '../src/core/family.ts';
import { unwrap } from '../src/core/result.ts';
import { FAMILIES } from '../src/families/index.ts';
import { isEdgematchFocus, type EdgematchFocus } from '../src/families/edgematch/focus.ts';
import { isNonogramFocus, type NonogramFocus } from '../src/families/nonogram/focus.ts';
import { isNumberlinkFocus, type NumberlinkFocus } from '../src/families/numberlink/focus.ts';

/** A copy of `base` with one field replaced (undefined: removed). */
const with_ = (base: object, key: string, value: unknown): unknown => {
  const o: Record<string, unknown> = { ...base };
  if (value === undefined) delete o[key];
  else o[key] = value;
  return o;
};

const NOT_OBJECTS: unknown[] = [null, undefined, 0, 'cells', [], true];

describe('hint focus guards', () => {
  it('nonogram: a line with the cells it decides', () => {
    const good: NonogramFocus = {
      line: { kind: 'column', index: 2, label: 'column 3' },
      cells: [
        { row: 0, col: 2, value: 'filled' },
        { row: 4, col: 2, value: 'crossed' },
      ],
    };
    expect(isNonogramFocus(good)).toBe(true);
    expect(isNonogramFocus({ ...good, cells: [] })).toBe(true);
    const bad: unknown[] = [
      ...NOT_OBJECTS,
      with_(good, 'line', undefined),
      with_(good, 'cells', undefined),
      { ...good, line: { ...good.line, kind: 'diagonal' } },
      { ...good, line: { ...good.line, index: -1 } },
      { ...good, line: { ...good.line, index: 1.5 } },
      { ...good, line: { kind: 'row', index: 0 } },
      { ...good, cells: [{ row: 0, col: 2, value: 'unknown' }] },
      { ...good, cells: [{ row: 0, value: 'filled' }] },
      { ...good, cells: {} },
    ];
    for (const b of bad) expect(isNonogramFocus(b), JSON.stringify(b)).toBe(false);
  });
  it('numberlink: the cells of a link, with the pair or the trial when the technique has one', () => {
    const good: NumberlinkFocus = {
      cells: [
        { row: 0, col: 0 },
        { row: 1, col: 0 },
      ],
    };
    expect(isNumberlinkFocus(good)).toBe(true);
    expect(isNumberlinkFocus({ ...good, pair: 'A' })).toBe(true);
    expect(
      isNumberlinkFocus({
        ...good,
        trial: [
          { row: 2, col: 2 },
          { row: 2, col: 3 },
        ],
      }),
    ).toBe(true);
    const bad: unknown[] = [
      ...NOT_OBJECTS,
      {},
      { cells: [{ row: 0 }] },
      { cells: [{ row: -1, col: 0 }] },
      { cells: [[0, 0]] },
      { ...good, pair: 1 },
      { ...good, trial: [{ row: 'a', col: 0 }] },
      { ...good, trial: null },
    ];
    for (const b of bad) expect(isNumberlinkFocus(b), JSON.stringify(b)).toBe(false);
  });
  it('edge matching: a cell with a piece and its turn, with the trial when there was one', () => {
    const good: EdgematchFocus = { cell: 5, row: 1, col: 1, piece: 3, rotation: 2 };
    expect(isEdgematchFocus(good)).toBe(true);
    expect(isEdgematchFocus({ ...good, trial: { cell: 0, piece: 1, rotation: 0 }, trials: 2 })).toBe(true);
    const bad: unknown[] = [
      ...NOT_OBJECTS,
      ...['cell', 'row', 'col', 'piece', 'rotation'].map((k) => with_(good, k, undefined)),
      { ...good, rotation: 4 },
      { ...good, rotation: '1' },
      { ...good, piece: -1 },
      { ...good, cell: 0.5 },
      { ...good, trial: { cell: 0, piece: 1 } },
      { ...good, trial: { cell: 0, piece: 1, rotation: 5 } },
      { ...good, trials: 'two' },
    ];
    for (const b of bad) expect(isEdgematchFocus(b), JSON.stringify(b)).toBe(false);
  });
});

describe('typed hints', () => {
  it('each family in the registry answers hints with its own focus type (checked by tsc)', () => {
    expectTypeOf(FAMILIES.nonogram.hint).returns.toEqualTypeOf<HintResult<NonogramFocus>>();
    expectTypeOf(FAMILIES.numberlink.hint).returns.toEqualTypeOf<HintResult<NumberlinkFocus>>();
    expectTypeOf(FAMILIES.edgematch.hint).returns.toEqualTypeOf<HintResult<EdgematchFocus>>();
    expectTypeOf<Hint<NonogramFocus>['focus']['cells'][number]['value']>().toEqualTypeOf<'filled' | 'crossed'>();
    // A hint whose family is not known (one off the wire) has a focus to be checked before use.
    expectTypeOf<Hint['focus']>().toBeUnknown();
    // A real hint through the registry (the type is what the checks above are about; this is the run time).
    const fam = FAMILIES.nonogram;
    const g = fam.generate(unwrap(fam.parseParams('5x5-easy')), 'focus');
    if (!g.ok) throw new Error(g.message);
    const r = fam.hint(g.puzzle, fam.play.start(g.puzzle));
    expect(r.kind).toBe('hint');
    if (r.kind === 'hint') expect(isNonogramFocus(JSON.parse(JSON.stringify(r.hint.focus)))).toBe(true);
  });
});
