/**
 * One game in progress, family-generic: a puzzle, the move list that leads to the current marks, and
 * the moves undone (redo). Moves are the family's strings, applied by its pure play rules, so undo,
 * redo, save and share are all the move list. No clock: the player adds elapsed time itself.
 */
import type { PlayRules } from '../core/family.ts';
import { err, ok, type Result } from '../core/result.ts';

export class GameSession<P, State, Move> {
  private readonly states: State[];
  private readonly played: string[] = [];
  private undone: string[] = [];

  constructor(
    readonly rules: PlayRules<P, State, Move>,
    readonly puzzle: P,
  ) {
    this.states = [rules.start(puzzle)];
  }

  /** A session starting from saved marks, without history (when a saved move list no longer replays). */
  static fromState<P, State, Move>(rules: PlayRules<P, State, Move>, puzzle: P, state: State): GameSession<P, State, Move> {
    const s = new GameSession(rules, puzzle);
    s.states[0] = state;
    return s;
  }

  /** A session replaying `moves` (then holding `redo` for redo); an error names the first bad move. */
  static replay<P, State, Move>(rules: PlayRules<P, State, Move>, puzzle: P, moves: readonly string[], redo: readonly string[] = []): Result<GameSession<P, State, Move>> {
    const s = new GameSession(rules, puzzle);
    for (const [i, text] of moves.entries()) {
      const r = s.play(text);
      if (!r.ok) return err({ ...r.error, message: `move ${i + 1}: ${r.error.message}` });
    }
    for (const text of redo) {
      const m = rules.parseMove(text, puzzle);
      if (!m.ok) return err({ ...m.error, message: `redo move: ${m.error.message}` });
    }
    s.undone = [...redo];
    return ok(s);
  }

  get state(): State {
    return this.states[this.states.length - 1];
  }

  /** Moves played, oldest first. */
  get moves(): readonly string[] {
    return this.played;
  }

  /** Moves undone, next to redo last. */
  get redoMoves(): readonly string[] {
    return this.undone;
  }

  get canUndo(): boolean {
    return this.played.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  get solved(): boolean {
    return this.rules.isSolved(this.puzzle, this.state);
  }

  /** Plays a move (text or parsed); a new move clears the redo list. */
  play(move: string | Move): Result<State> {
    let m: Move;
    if (typeof move === 'string') {
      const r = this.rules.parseMove(move, this.puzzle);
      if (!r.ok) return r;
      m = r.value;
    } else m = move;
    this.push(m);
    this.undone = [];
    return ok(this.state);
  }

  private push(m: Move): void {
    this.states.push(this.rules.apply(this.state, m));
    this.played.push(this.rules.makeMove(m));
  }

  undo(): boolean {
    const last = this.played.pop();
    if (last === undefined) return false;
    this.states.pop();
    this.undone.push(last);
    return true;
  }

  redo(): boolean {
    const next = this.undone.pop();
    if (next === undefined) return false;
    const m = this.rules.parseMove(next, this.puzzle);
    if (!m.ok) return false;
    this.push(m.value);
    return true;
  }

  /** Clears every mark of the same puzzle (and the undo history). */
  restart(): void {
    this.states.length = 1;
    this.states[0] = this.rules.start(this.puzzle);
    this.played.length = 0;
    this.undone = [];
  }
}
