/** The Numberlink view's words that need no page (hints, a broken rule), apart so tests read them in Node. */
import type { GridCell } from '../../../src/core/shape.ts';
import type { RuleBreak } from '../../../src/families/numberlink/puzzle.ts';
import type { NumberlinkSays } from '../../../src/families/numberlink/says.ts';
import { W } from '../words.ts';
import type { HintWords } from '../words-engine.ts';

const cell = (c: GridCell): string => W.engine.cell(c.row + 1, c.col + 1);

/** A Numberlink hint's `says` in the player's language: its technique's name and its sentence. */
export function numberlinkHintWords(says: NumberlinkSays): HintWords {
  const n = W.engine.numberlink;
  const technique = n.techniques[says.key];
  switch (says.key) {
    case 'mistake':
      return { technique, text: n.mistake(cell(says.a), cell(says.b)) };
    case 'only way on':
      return { technique, text: n.onlyWayOn(says.label, cell(says.from), cell(says.into)) };
    case 'two ways in':
      return { technique, text: n.twoWaysIn(cell(says.cell), cell(says.from[0]), cell(says.from[1])) };
    case 'paths hug':
      return { technique, text: n.pathsHug(cell(says.a), cell(says.b)) };
    case 'trial':
      return { technique, text: n.trial(cell(says.tried.a), cell(says.tried.b), says.on, cell(says.a), cell(says.b)) };
  }
}

/** Where a full board breaks its rule set, in the player's language (after "… but"). */
export function ruleBreakWords(b: RuleBreak): string {
  const r = W.engine.ruleBreak;
  return b.kind === 'block' ? r.block(b.label, b.at.row + 1, b.at.col + 1) : r.touch(b.label, [b.a.row + 1, b.a.col + 1], [b.b.row + 1, b.b.col + 1]);
}
