/**
 * The Nonogram view's clue comforts, on the page: red clues that cannot fit their line, greyed clue
 * numbers placed for sure (the rules are in src/families/nonogram/clue-state.ts), the drag-length
 * counter. (Auto-cross is a setting: web/src/settings.ts.)
 */
import { clueState, type ClueState } from '../../../src/families/nonogram/clue-state.ts';
import type { ColourPuzzle } from '../../../src/families/nonogram/colour.ts';
import { colourClueState } from '../../../src/families/nonogram/colour-play.ts';
import { LineSolver } from '../../../src/families/nonogram/line.ts';
import type { NonogramState } from '../../../src/families/nonogram/play.ts';
import type { Nonogram } from '../../../src/families/nonogram/types.ts';
import { W as WORDS } from '../words.ts';

const clueText = (clue: readonly number[]): string => (clue.length === 0 ? '0' : clue.join(' '));

/**
 * Keeps the clue elements' cues in step with the marks: `red` (and "cannot fit" in the label and
 * tooltip), `done` on the whole clue, `placed` on each number placed for sure. Only the lines asked
 * for are read again.
 */
export class ClueCues {
  private readonly solver = new LineSolver();
  private readonly scratch: Uint8Array;
  /** The last state drawn per clue element (rows, then columns), as a key; '' before the first. */
  private readonly shown: string[];
  /** Whether each line's clue is red (rows, then columns). */
  private readonly red: Uint8Array;
  /** Lines whose clue turned red since `takeTurnedRed` was last asked. */
  private turned: { kind: 'row' | 'col'; index: number }[] = [];

  constructor(
    private readonly p: Nonogram,
    private readonly rowClues: readonly HTMLElement[],
    private readonly colClues: readonly HTMLElement[],
  ) {
    this.scratch = new Uint8Array(Math.max(p.width, p.height));
    this.shown = new Array<string>(p.height + p.width).fill('');
    this.red = new Uint8Array(p.height + p.width);
  }

  /** The lines whose clue turned red since the last call (for the screen reader: said once, on the change). */
  takeTurnedRed(): { kind: 'row' | 'col'; index: number }[] {
    const out = this.turned;
    this.turned = [];
    return out;
  }

  /** Reads line `index` of `kind` from the marks again and redraws its clue if its state changed. */
  update(s: NonogramState, kind: 'row' | 'col', index: number): ClueState {
    const { p } = this;
    const marks = s.marks;
    const n = kind === 'row' ? p.width : p.height;
    for (let k = 0; k < n; k++) this.scratch[k] = marks[kind === 'row' ? index * p.width + k : k * p.width + index];
    const clue = kind === 'row' ? p.rows[index] : p.cols[index];
    // A colour clue is red or done by its colours (colour-play.ts); no number is marked placed.
    const st: ClueState = p.colour
      ? { ...colourClueState(p as ColourPuzzle, s, kind, index), placed: clue.map(() => false) }
      : clueState(this.solver, clue, this.scratch, n);
    const key = `${st.red ? 'r' : st.done ? 'd' : ''}${st.placed.map((b) => (b ? 1 : 0)).join('')}`;
    const slot = kind === 'row' ? index : p.height + index;
    if (st.red && !this.red[slot]) this.turned.push({ kind, index });
    this.red[slot] = st.red ? 1 : 0;
    if (this.shown[slot] === key) return st;
    this.shown[slot] = key;
    const el = kind === 'row' ? this.rowClues[index] : this.colClues[index];
    el.classList.toggle('red', st.red);
    el.classList.toggle('done', st.done);
    const spans = el.children;
    for (let j = 0; j < clue.length; j++) spans[j]?.classList.toggle('placed', st.placed[j] && !st.done);
    const v = WORDS.nonogramView;
    const base = v.clueLabel(kind, index + 1, Math.max(1, clue.length), clueText(clue));
    const placed = clue.filter((_, j) => st.placed[j]);
    const extra = st.red ? v.clueCannotFit : st.done ? v.clueDone : placed.length > 0 ? v.cluePlaced(placed.join(' ')) : '';
    el.setAttribute('aria-label', extra ? `${base}, ${extra}` : base);
    if (st.red) el.title = v.clueCannotFitTitle;
    else el.removeAttribute('title');
    return st;
  }
}

/**
 * The drag-length counter: a badge above the cell a stroke ends on (clear of a finger on a phone)
 * showing how many cells the stroke covers, from its second cell on, gone when the stroke ends. It is
 * hidden from screen readers, which hear the length once, when a drag ends (`say`, the view's polite
 * live region, which also says a clue that has just turned red).
 */
export class DragCounter {
  readonly badge: HTMLDivElement;
  readonly live: HTMLDivElement;
  private showing = false;

  constructor(private readonly root: HTMLElement) {
    this.badge = document.createElement('div');
    this.badge.className = 'ng-count';
    this.badge.setAttribute('aria-hidden', 'true');
    this.badge.hidden = true;
    this.live = document.createElement('div');
    this.live.className = 'ng-said';
    this.live.setAttribute('aria-live', 'polite');
    root.append(this.badge, this.live);
  }

  /** The stroke in progress covers `cells` (in order from its start), or it ended (null). */
  show(cells: readonly HTMLElement[] | null): void {
    if (!cells || cells.length === 0 || (cells.length < 2 && !this.showing)) {
      this.showing = false;
      this.badge.hidden = true;
      return;
    }
    this.showing = true;
    this.badge.textContent = String(cells.length);
    this.badge.hidden = false;
    const end = cells[cells.length - 1].getBoundingClientRect();
    const box = this.root.getBoundingClientRect();
    const b = this.badge.getBoundingClientRect();
    // Centred over the end cell, a cell and a little more above it; kept inside the view sideways.
    const left = Math.max(0, Math.min(box.width - b.width, end.left - box.left + end.width / 2 - b.width / 2));
    const top = Math.max(0, end.top - box.top - end.height * 0.6 - b.height - 12);
    this.badge.style.left = `${Math.round(left)}px`;
    this.badge.style.top = `${Math.round(top)}px`;
  }

  /** Says `text` once to screen readers (a finished drag's length, a clue that turned red). */
  say(text: string): void {
    this.live.textContent = text;
  }
}
