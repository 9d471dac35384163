import type { Hint } from '../../../src/core/family.ts';

/** What a family's view asks of the player shell. */
export interface ViewHost {
  /** Plays a move (the family's move string); the shell records it and redraws. */
  play(move: string): void;
}

/** A family's view: turns board events into moves and draws the session's state. No rules of its own. */
export interface FamilyView {
  readonly el: HTMLElement;
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
