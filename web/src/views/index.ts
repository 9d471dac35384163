/** The one registry of family views in the player. Each family's view file adds its entry here. */
// The main thread needs only ids and play rules; solvers and generators stay in the worker's bundle.
import type { PlayRules } from '../../../src/core/family.ts';
import { formatParseError, type Result } from '../../../src/core/result.ts';
import { parseNonogramId } from '../../../src/families/nonogram/formats/id.ts';
import { nonogramPlay } from '../../../src/families/nonogram/play.ts';
import { parseNumberlinkId } from '../../../src/families/numberlink/formats.ts';
import { numberlinkPlay } from '../../../src/families/numberlink/play.ts';
import { GameSession } from '../../../src/player/session.ts';
import { createNonogramView } from './nonogram.ts';
import { createNumberlinkView } from './numberlink.ts';
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

/** How a family's game is put on screen: its id parser, play rules and view. */
interface ViewEntry<P extends { width: number; height: number }, State, Move> {
  parse(id: string): Result<P>;
  rules: PlayRules<P, State, Move>;
  view(p: P, session: GameSession<P, State, Move>, host: ViewHost): FamilyView;
}

function makeGame<P extends { width: number; height: number }, State, Move>(e: ViewEntry<P, State, Move>, puzzleId: string, saved: SavedPlay | null, host: ViewHost): GameOrError {
  const pr = e.parse(puzzleId);
  if (!pr.ok) return { ok: false, message: formatParseError(pr.error) };
  const p = pr.value;
  let session = new GameSession(e.rules, p);
  let warning: string | undefined;
  if (saved) {
    const r = GameSession.replay(e.rules, p, saved.moves, saved.redo);
    if (r.ok) session = r.value;
    else {
      const st = e.rules.parseState(saved.marks, p);
      if (st.ok) session = GameSession.fromState(e.rules, p, st.value);
      warning = `the saved move list could not be replayed (${r.error.message}); ${st.ok ? 'your marks were restored without undo history' : 'the game starts afresh'}`;
    }
  }
  const view = e.view(p, session, host);
  const game: Game = { session: session as unknown as GameSession<unknown, unknown, unknown>, view, size: `${p.width}×${p.height}`, marks: () => e.rules.makeState(session.state) };
  return warning === undefined ? { ok: true, game } : { ok: true, game, warning };
}

const entry = <P extends { width: number; height: number }, State, Move>(e: ViewEntry<P, State, Move>) => (id: string, saved: SavedPlay | null, host: ViewHost) => makeGame(e, id, saved, host);

const VIEWS: Record<string, (puzzleId: string, saved: SavedPlay | null, host: ViewHost) => GameOrError> = {
  nonogram: entry({ parse: (id) => parseNonogramId(id), rules: nonogramPlay, view: createNonogramView }),
  numberlink: entry({ parse: (id) => parseNumberlinkId(id), rules: numberlinkPlay, view: createNumberlinkView }),
};

export const VIEW_FAMILIES = Object.keys(VIEWS);

export function createGame(family: string, puzzleId: string, saved: SavedPlay | null, host: ViewHost): GameOrError {
  const make = VIEWS[family];
  if (!make) return { ok: false, message: `this player has no view for the family "${family}"` };
  return make(puzzleId, saved, host);
}
