/**
 * One game in progress, family-generic: a puzzle, the move list that leads to the current marks, and
 * the moves undone (redo). Moves are the family's strings, applied by its pure play rules, so undo,
 * redo, save and share are all the move list. No clock: the player adds elapsed time itself.
 *
 * History keeps moves, not states: the parsed moves, the current state, and a few checkpoints (the
 * state after every `step`-th move, at most MAX_CHECKPOINTS of them; past that every second one is
 * dropped and `step` doubles). Undo replays from the checkpoint below, at most `step - 1` moves. So
 * memory stays at most MAX_CHECKPOINTS + 2 states however long the game (it was one state per move:
 * 3,000 moves on a 300×300 board held 270 MB).
 *
 * A restart is a move too (RESTART_MOVE in the list, which no family's move text can be): it takes the
 * board back to the start, one undo brings every mark back, a redo restarts again, and saves replay
 * it like any other. The engine is asked about `position`, the moves since the last restart.
 */
import type { PlayRules } from '../core/family.ts';
import { err, ok, type Result } from '../core/result.ts';

/** The first checkpoint spacing, in moves (it doubles as the game grows). */
export const CHECKPOINT_EVERY = 16;
/** Checkpoints kept at most, besides the start. */
export const MAX_CHECKPOINTS = 32;
/** The restart move in a move list (families' moves begin with a letter, so it is none of theirs). */
export const RESTART_MOVE = '!restart';
/** A restart among the parsed moves. */
const RESTART: unique symbol = Symbol('restart');
type Step<Move> = Move | typeof RESTART;

export class GameSession<P, State, Move> {
  /** checkpoints[k] is the state after k·step moves; checkpoints[0] is the start. */
  private checkpoints: State[];
  private step = CHECKPOINT_EVERY;
  private current: State;
  private readonly played: string[] = [];
  private readonly parsed: Step<Move>[] = [];
  private undone: string[] = [];
  /** Whether the session began at the puzzle's start (not at saved marks: `fromState`). */
  private blankStart: boolean;

  constructor(
    readonly rules: PlayRules<P, State, Move>,
    readonly puzzle: P,
    start?: State,
  ) {
    const s = start ?? rules.start(puzzle);
    this.checkpoints = [s];
    this.current = s;
    this.blankStart = start === undefined;
  }

  /** A session starting from saved marks, without history (when a saved move list no longer replays). */
  static fromState<P, State, Move>(rules: PlayRules<P, State, Move>, puzzle: P, state: State): GameSession<P, State, Move> {
    return new GameSession(rules, puzzle, state);
  }

  /** A session replaying `moves` (then holding `redo` for redo); an error names the first bad move. */
  static replay<P, State, Move>(
    rules: PlayRules<P, State, Move>,
    puzzle: P,
    moves: readonly string[],
    redo: readonly string[] = [],
  ): Result<GameSession<P, State, Move>> {
    const s = new GameSession(rules, puzzle);
    for (const [i, text] of moves.entries()) {
      const r = s.play(text);
      if (!r.ok) return err({ ...r.error, message: `move ${i + 1}: ${r.error.message}` });
    }
    for (const text of redo) {
      if (text === RESTART_MOVE) continue;
      const m = rules.parseMove(text, puzzle);
      if (!m.ok) return err({ ...m.error, message: `redo move: ${m.error.message}` });
    }
    s.undone = [...redo];
    return ok(s);
  }

  get state(): State {
    return this.current;
  }

  /** Moves played, oldest first. */
  get moves(): readonly string[] {
    return this.played;
  }

  /** The moves since the last restart (all of them when there was none): they alone lead to the marks. */
  get position(): readonly string[] {
    const k = this.played.lastIndexOf(RESTART_MOVE);
    return k < 0 ? this.played : this.played.slice(k + 1);
  }

  /** Whether a restart would change anything: a move since the start (or saved marks) or the last restart. */
  get canRestart(): boolean {
    const last = this.played[this.played.length - 1];
    return last === undefined ? !this.blankStart : last !== RESTART_MOVE;
  }

  /** Moves undone, next to redo last. */
  get redoMoves(): readonly string[] {
    return this.undone;
  }

  /** States held (checkpoints, the start among them, and the current state): bounded, whatever the game's length. */
  get statesKept(): number {
    return this.checkpoints.length + (this.checkpoints.includes(this.current) ? 0 : 1);
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

  /** Plays a move (text, RESTART_MOVE among them, or parsed); a new move clears the redo list. */
  play(move: string | Move): Result<State> {
    let m: Step<Move>;
    if (move === RESTART_MOVE) m = RESTART;
    else if (typeof move === 'string') {
      const r = this.rules.parseMove(move, this.puzzle);
      if (!r.ok) return r;
      m = r.value;
    } else m = move;
    this.push(m);
    this.undone = [];
    return ok(this.state);
  }

  private applyStep(s: State, m: Step<Move>): State {
    return m === RESTART ? this.rules.start(this.puzzle) : this.rules.apply(s, m);
  }

  private push(m: Step<Move>): void {
    this.current = this.applyStep(this.current, m);
    this.played.push(m === RESTART ? RESTART_MOVE : this.rules.makeMove(m));
    this.parsed.push(m);
    const n = this.parsed.length;
    if (n % this.step !== 0) return;
    this.checkpoints.push(this.current);
    if (this.checkpoints.length > MAX_CHECKPOINTS + 1) {
      // Every second one goes; the rest sit at multiples of the doubled step.
      this.checkpoints = this.checkpoints.filter((_, k) => k % 2 === 0);
      this.step *= 2;
    }
  }

  undo(): boolean {
    const last = this.played.pop();
    if (last === undefined) return false;
    this.parsed.pop();
    this.undone.push(last);
    const n = this.parsed.length;
    const k = Math.floor(n / this.step);
    this.checkpoints.length = k + 1;
    let s = this.checkpoints[k];
    for (let i = k * this.step; i < n; i++) s = this.applyStep(s, this.parsed[i]);
    this.current = s;
    return true;
  }

  redo(): boolean {
    const next = this.undone.pop();
    if (next === undefined) return false;
    if (next === RESTART_MOVE) {
      this.push(RESTART);
      return true;
    }
    const m = this.rules.parseMove(next, this.puzzle);
    if (!m.ok) return false;
    this.push(m.value);
    return true;
  }

  /**
   * Restarts: a move that clears every mark (one undo brings them back); false, and nothing played,
   * when there is nothing to clear (no move since the start or the last restart).
   */
  restart(): boolean {
    if (!this.canRestart) return false;
    this.push(RESTART);
    this.undone = [];
    return true;
  }

  /** Clears every mark and the whole history: a new game of the same puzzle (nothing to undo). */
  reset(): void {
    this.current = this.rules.start(this.puzzle);
    this.checkpoints = [this.current];
    this.step = CHECKPOINT_EVERY;
    this.played.length = 0;
    this.parsed.length = 0;
    this.undone = [];
    this.blankStart = true;
  }
}
