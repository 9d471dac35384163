/** The edge-matching view's words that need no page (hints), apart so tests read them in Node. */
import type { EdgematchSays, EdgematchSaysPlacement } from '../../../src/families/edgematch/says.ts';
import { W } from '../words.ts';
import type { HintWords } from '../words-engine.ts';

/** An edge-matching hint's `says` in the player's language: its technique's name and its sentence. */
export function edgematchHintWords(says: EdgematchSays): HintWords {
  const e = W.engine.edgematch;
  const technique = e.techniques[says.key];
  const at = (p: EdgematchSaysPlacement) => ({ piece: p.piece, turn: e.turn(p.rotation), cell: W.engine.cell(p.row + 1, p.col + 1) });
  const { piece, turn, cell } = at(says);
  switch (says.key) {
    case 'mistake':
      return { technique, text: e.mistake(piece, turn, cell) };
    case 'only one fits':
      return { technique, text: e.single('cell', piece, turn, cell, '') };
    case 'only one place':
      return { technique, text: e.single('piece', piece, turn, cell, '') };
    case 'nothing fits beside':
      return { technique, text: e.single(says.form, piece, turn, cell, e.besideWhy) };
    case 'trial': {
      const t = at(says.tried);
      return { technique, text: e.single(says.form, piece, turn, cell, e.trialWhy(t.piece, t.turn, t.cell, says.more)) };
    }
    case 'reveal':
      return { technique, text: e.reveal(piece, turn, cell) };
  }
}
