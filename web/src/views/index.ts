/** The one registry of family views in the player. Each family's view file adds its entry here. */
// The main thread needs only ids and play rules; solvers and generators stay in the worker's bundle.
import { parseNonogramId } from '../../../src/families/nonogram/formats/id.ts';
import { nonogramPlay, type NonogramMove, type NonogramState } from '../../../src/families/nonogram/play.ts';
import type { Nonogram } from '../../../src/families/nonogram/types.ts';
import { formatParseError } from '../../../src/core/result.ts';
import { GameSession } from '../../../src/player/session.ts';
import { createNonogramView } from './nonogram.ts';
import type { FamilyView, ViewHost } from './types.ts';

/** A game on screen: its session (rules, moves), its view, and what the shell shows of it. */
export interface Game {
  session: GameSession<unknown, unknown, unknown>;
  view: FamilyView;
  /** e.g. "15×10". */
  size: string;
  /** The marks as text, for saves. */
  marks(): string;
}

export interface SavedPlay {
  moves: string[];
  redo: string[];
  marks: string;
}

export type GameOrError = { ok: true; game: Game; warning?: string } | { ok: false; message: string };

function nonogramGame(puzzleId: string, saved: SavedPlay | null, host: ViewHost): GameOrError {
  const pr = parseNonogramId(puzzleId);
  if (!pr.ok) return { ok: false, message: formatParseError(pr.error) };
  const p: Nonogram = pr.value;
  let session: GameSession<Nonogram, NonogramState, NonogramMove> = new GameSession(nonogramPlay, p);
  let warning: string | undefined;
  if (saved) {
    const r = GameSession.replay(nonogramPlay, p, saved.moves, saved.redo);
    if (r.ok) session = r.value;
    else {
      const st = nonogramPlay.parseState(saved.marks, p);
      if (st.ok) session = GameSession.fromState(nonogramPlay, p, st.value);
      warning = `the saved move list could not be replayed (${r.error.message}); your marks were restored without undo history`;
    }
  }
  const view = createNonogramView(p, session, host);
  const game: Game = { session: session as unknown as GameSession<unknown, unknown, unknown>, view, size: `${p.width}×${p.height}`, marks: () => nonogramPlay.makeState(session.state) };
  return warning === undefined ? { ok: true, game } : { ok: true, game, warning };
}

const VIEWS: Record<string, (puzzleId: string, saved: SavedPlay | null, host: ViewHost) => GameOrError> = {
  nonogram: nonogramGame,
};

export const VIEW_FAMILIES = Object.keys(VIEWS);

export function createGame(family: string, puzzleId: string, saved: SavedPlay | null, host: ViewHost): GameOrError {
  const make = VIEWS[family];
  if (!make) return { ok: false, message: `this player has no view for the family "${family}"` };
  return make(puzzleId, saved, host);
}
