import type { Hint } from '../../../src/core/family.ts';

/** What a family's view asks of the player shell. */
export interface ViewHost {
  /** Plays a move (the family's move string); the shell records it and redraws. */
  play(move: string): void;
  /** Says something in the status line (read out by screen readers). */
  say(text: string): void;
}

/** A family's view: turns board events into moves and draws the session's state. No rules of its own. */
export interface FamilyView {
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
  showHint(hint: Hint | null): void;
  /** Marks these cells as wrong (empty list clears). */
  showWrong(cells: number[]): void;
  setCrossMode(on: boolean): void;
  /** Fits the view to the space available (called on resize). */
  fit(availableWidth: number): void;
  focus(): void;
}
