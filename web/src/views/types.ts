import type { Grade, Hint, Level, LevelChoice, PlayRules } from '../../../src/core/family.ts';
import type { Result } from '../../../src/core/result.ts';
import type { GameSession } from '../../../src/player/session.ts';
import type { HintWords } from '../words-engine.ts';

export type { HintWords };

/** What a family's view asks of the player shell. */
export interface ViewHost {
  /** Plays a move (the family's move string); the shell records it and redraws. */
  play(move: string): void;
  /** Says something in the status line (read out by screen readers). */
  say(text: string): void;
}

/**
 * A family's view: turns board events into moves and draws the session's state. No rules of its own.
 * `Focus` is its family's hint focus (NonogramFocus, ...).
 */
export interface FamilyView<Focus> {
  readonly el: HTMLElement;
  /** One line on how to play, shown when a game begins. */
  readonly intro: string;
  /** How to play, item by item, for the help panel. */
  readonly help: readonly string[];
  /** What the win screen's status says. */
  readonly winText: string;
  /** The rule set of the puzzle on screen, when the family has several (shown beside its size). */
  readonly rules?: string;
  /** Whether the shell's "✕ mode" toggle means anything here. */
  readonly hasCrossMode: boolean;
  /** Redraws from the session's current state. */
  render(): void;
  /** Highlights what a hint touches (null clears it). */
  showHint(hint: Hint<Focus> | null): void;
  /** Marks these cells as wrong (empty list clears). */
  showWrong(cells: number[]): void;
  setCrossMode(on: boolean): void;
  /**
   * Fits the view to the space available (called on resize), its cells scaled by `zoom` (1: fitted; the
   * shell's zoom buttons and pinch go up to 4, so that every board reaches 32-px cells).
   */
  fit(availableWidth: number, zoom?: number): void;
  focus(): void;
}

/** What the shell offers of a family before any game: its name, pickers and import filter. */
export interface FamilyInfo {
  /** The family's name, as ids and saves carry it. */
  readonly family: string;
  /** Its name in the family picker, the help title and the history. */
  readonly label: string;
  /** The sides the size pickers offer (the engine may accept more). */
  readonly sides: readonly number[];
  /** The side picked the first time. */
  readonly initialSide: number;
  /**
   * The largest width and height its view draws (shared links, imports and saves above it are refused
   * with a message): the view builds its board on the main thread, so a bigger one would freeze the page.
   */
  readonly maxSide: number;
  /** The files its import reads (the chooser's filter; the engine tells formats apart). */
  readonly files: string;
  /**
   * Files read beside a puzzle file rather than on their own (the board suite's `.clue` beside its
   * `.puz`): chosen together with it, they reach the engine as the puzzle file's companions.
   */
  readonly companions?: string;
  /**
   * What its grader measured, in a few plain words for the level line ("solved by the simple line
   * rules alone"), from a grade's metrics; null when they say too little.
   */
  measured(metrics: Grade['metrics']): string | null;
  /**
   * The levels its generator's current version produces at a size, as measured (the family's level
   * table, `npm run level-table`); the level picker offers only those. Null: every level.
   */
  readonly levels?: (width: number, height: number, colours?: number) => LevelChoice[] | null;
  /**
   * The colour counts its generator offers besides black and white (the colours picker; Nonogram's
   * version 2 makes colour puzzles, params `WxH-level-cN`). Absent: no colours picker.
   */
  readonly colours?: readonly number[];
  /** The size and level of its daily puzzle (web/src/daily.ts): one its generator makes quickly and at that level. */
  readonly daily: { width: number; height: number; level: Level };
}

/**
 * A family's entry in the view registry (views/index.ts), written in its view file: what the shell
 * offers of it, and how its game is put on screen (its id parser, play rules and view). Adding a
 * family to the player means adding a view file with its entry, and listing the entry.
 */
export interface ViewEntry<P extends { width: number; height: number }, State, Move, Focus> extends FamilyInfo {
  parse(id: string): Result<P>;
  readonly rules: PlayRules<P, State, Move>;
  /** Whether a hint's focus off the engine's wire (JSON) is this family's (its focus.ts guard). */
  isFocus(focus: unknown): focus is Focus;
  /**
   * A hint's `says` off the wire in the player's language (views/<family>-words.ts), or null when it
   * is not this family's (its says.ts guard fails).
   */
  hintWords(says: unknown): HintWords | null;
  view(p: P, session: GameSession<P, State, Move>, host: ViewHost): FamilyView<Focus>;
}
