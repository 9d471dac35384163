/**
 * The one registry of family views in the player. Each family's view file writes its entry (label,
 * pickers, import filter, id parser, play rules, view) and it is listed here; the shell keeps no
 * table of its own per family.
 */
// The main thread needs only ids and play rules; solvers and generators stay in the worker's bundle.
import type { Hint } from '../../../src/core/family.ts';
import type { FamilyName } from '../../../src/families/index.ts';
import { formatParseError } from '../../../src/core/result.ts';
import { GameSession } from '../../../src/player/session.ts';
import { edgematchEntry } from './edgematch.ts';
import { nonogramEntry } from './nonogram.ts';
import { numberlinkEntry } from './numberlink.ts';
import type { FamilyInfo, FamilyView, HintWords, ViewEntry, ViewHost } from './types.ts';
import { afterColon, plainError, W } from '../words.ts';

/** A game on screen: its session (rules, moves), its view, and what the shell shows of it. */
export interface Game {
  session: GameSession<unknown, unknown, unknown>;
  /** The view, but for its hints: those go through `showHint`, which checks their focus. */
  view: Omit<FamilyView<unknown>, 'showHint'>;
  /**
   * Highlights what a hint off the engine's wire touches (null clears it). Its focus is checked with
   * the family's guard first; one that is not this family's clears the highlight (the message is
   * still said by the shell) and answers false.
   */
  showHint(hint: Hint | null): boolean;
  /**
   * A hint off the engine's wire in the player's language, from its `says` (the family's words);
   * one whose `says` is not this family's keeps the engine's own words in English, and in another
   * language says only to look at the board.
   */
  hintWords(hint: Hint): HintWords;
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

/** Why a board of this size is not drawn here (it is larger than the family's view draws), or null. */
export function sizeProblem(family: string, width: number, height: number): string | null {
  const info = familyInfo(family);
  if (!info) return W.app.noView(family);
  if (width <= info.maxSide && height <= info.maxSide) return null;
  return W.app.tooLarge(`${width}×${height}`, info.label, `${info.maxSide}×${info.maxSide}`);
}

function makeGame<P extends { width: number; height: number }, State, Move, Focus>(
  e: ViewEntry<P, State, Move, Focus>,
  puzzleId: string,
  saved: SavedPlay | null,
  host: ViewHost,
): GameOrError {
  const pr = e.parse(puzzleId);
  if (!pr.ok) return { ok: false, message: plainError(formatParseError(pr.error)) };
  const p = pr.value;
  const big = sizeProblem(e.family, p.width, p.height);
  if (big) return { ok: false, message: big };
  let session = new GameSession(e.rules, p);
  let warning: string | undefined;
  if (saved) {
    const r = GameSession.replay(e.rules, p, saved.moves, saved.redo);
    if (r.ok) session = r.value;
    else {
      const st = e.rules.parseState(saved.marks, p);
      if (st.ok) session = GameSession.fromState(e.rules, p, st.value);
      warning = W.app.notReplayed(afterColon(plainError(r.error.message, r.error.code)), st.ok);
    }
  }
  const view = e.view(p, session, host);
  const showHint = (hint: Hint | null): boolean => {
    if (hint && e.isFocus(hint.focus)) {
      view.showHint({ ...hint, focus: hint.focus });
      return true;
    }
    view.showHint(null);
    return hint === null;
  };
  const game: Game = {
    session: session as unknown as GameSession<unknown, unknown, unknown>,
    view,
    showHint,
    hintWords: (hint) => e.hintWords(hint.says) ?? W.engine.unworded(hint.technique, hint.message),
    size: `${p.width}×${p.height}`,
    marks: () => e.rules.makeState(session.state),
  };
  return warning === undefined ? { ok: true, game } : { ok: true, game, warning };
}

/** A registered family: what the shell offers of it, and how its games are made (its types forgotten). */
interface Registered {
  info: FamilyInfo;
  make(puzzleId: string, saved: SavedPlay | null, host: ViewHost): GameOrError;
}

const register = <P extends { width: number; height: number }, State, Move, Focus>(e: ViewEntry<P, State, Move, Focus>): Registered => ({
  info: e,
  make: (id, saved, host) => makeGame(e, id, saved, host),
});

/**
 * The registry, in the family picker's order: one view per family of the engine's registry, checked by
 * the type system (a family added there without a view here does not compile).
 */
const ENTRIES = {
  nonogram: register(nonogramEntry),
  numberlink: register(numberlinkEntry),
  edgematch: register(edgematchEntry),
} satisfies Record<FamilyName, Registered>;
const VIEWS: ReadonlyMap<string, Registered> = new Map(Object.values(ENTRIES).map((r) => [r.info.family, r]));

/** The families this player shows, in the picker's order (the first is the default). */
export const VIEW_FAMILIES: readonly FamilyInfo[] = [...VIEWS.values()].map((r) => r.info);

/** What the shell offers of a family, or undefined for a family this player has no view for. */
export function familyInfo(family: string): FamilyInfo | undefined {
  return VIEWS.get(family)?.info;
}

/** A family's name for people: its label, or the name itself for a family without a view here. */
export function familyLabel(family: string): string {
  return familyInfo(family)?.label ?? family;
}

export function createGame(family: string, puzzleId: string, saved: SavedPlay | null, host: ViewHost): GameOrError {
  const r = VIEWS.get(family);
  if (!r) return { ok: false, message: W.app.noView(family) };
  return r.make(puzzleId, saved, host);
}
