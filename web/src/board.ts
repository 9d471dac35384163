/**
 * A grid board component: draws W×H cells and reports what the player did with pointer, touch and
 * keyboard. It holds no rules: a family's view turns its reports into moves.
 * - mouse: left button = primary, right button = secondary; dragging along a row or column makes a stroke;
 * - touch and pen: a tap is primary (secondary in "cross mode"), a long press is secondary;
 * - keyboard: arrows/Home/End move the focus; Space/Enter/F primary, X secondary, Backspace/Delete/C clear.
 * With `trace` events (path families), a press and drag instead reports every cell the pointer enters,
 * in any direction (mouse, touch and pen alike); the right button reports a `clear` stroke.
 */
export type Action = 'primary' | 'secondary' | 'clear';

export interface BoardEvents {
  /** A finished stroke from cell `from` to cell `to` (equal for a click, a tap or a key). */
  stroke(from: number, to: number, action: Action, drag: boolean): void;
  /** The cells a stroke in progress covers (null when none is in progress). */
  preview(cells: number[] | null, action: Action): void;
  /** The focused cell changed. */
  focus(cell: number): void;
}

/** A free drag through cells, for families that draw paths. */
export interface TraceEvents {
  /** A primary press began on `cell`. */
  begin(cell: number): void;
  /** The pointer entered `cell` (not necessarily next to the one before: a fast drag skips cells). */
  enter(cell: number): void;
  /** The press ended: released (`commit`), or cancelled by the browser. */
  end(commit: boolean): void;
}

export interface BoardOptions {
  /** Report drags cell by cell (see `TraceEvents`) instead of as row or column strokes. */
  trace?: TraceEvents;
  /** Thicker lines every 5 cells (default true). */
  guides?: boolean;
}

const LONG_PRESS_MS = 450;

/**
 * The cell a cursor key moves the focus to on a `width`×`height` grid (arrows stop at the edges,
 * Home and End go to the ends of the row), or null when `key` is not a cursor key.
 */
export function keyTarget(key: string, cell: number, width: number, height: number): number | null {
  const r = Math.floor(cell / width);
  const c = cell % width;
  switch (key) {
    case 'ArrowLeft':
      return r * width + Math.max(0, c - 1);
    case 'ArrowRight':
      return r * width + Math.min(width - 1, c + 1);
    case 'ArrowUp':
      return Math.max(0, r - 1) * width + c;
    case 'ArrowDown':
      return Math.min(height - 1, r + 1) * width + c;
    case 'Home':
      return r * width;
    case 'End':
      return r * width + width - 1;
    default:
      return null;
  }
}

/** A roving tab stop over a grid's cells: one cell is in the tab order, and it takes the focus. */
export class RovingFocus {
  private current = 0;

  constructor(
    private readonly cells: readonly HTMLElement[],
    private readonly onFocus: (i: number) => void = () => {},
  ) {}

  get index(): number {
    return this.current;
  }

  /** Moves the tab stop to cell i, and the focus with it unless `move` is false (it is there already). */
  set(i: number, move = true): void {
    if (i !== this.current) {
      this.cells[this.current].tabIndex = -1;
      this.current = i;
      this.cells[i].tabIndex = 0;
    }
    if (move && document.activeElement !== this.cells[i]) this.cells[i].focus();
    this.onFocus(i);
  }
}

export class GridBoard {
  readonly el: HTMLDivElement;
  readonly cells: HTMLDivElement[] = [];
  /** Touch taps act as secondary (a toggle for players without a right button). */
  crossMode = false;
  private readonly roving: RovingFocus;
  private stroke: { id: number; from: number; to: number; action: Action; moved: boolean; timer: number | null } | null = null;

  constructor(
    readonly width: number,
    readonly height: number,
    label: string,
    private readonly events: BoardEvents,
    private readonly options: BoardOptions = {},
  ) {
    this.roving = new RovingFocus(this.cells, (i) => this.events.focus(i));
    const guides = options.guides ?? true;
    const el = document.createElement('div');
    el.className = 'board';
    el.setAttribute('role', 'grid');
    el.setAttribute('aria-label', label);
    el.style.setProperty('--cols', String(width));
    el.style.setProperty('--rows', String(height));
    for (let r = 0; r < height; r++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.className = 'board-row';
      for (let c = 0; c < width; c++) {
        const cell = document.createElement('div');
        const i = r * width + c;
        cell.className = 'cell';
        cell.setAttribute('role', 'gridcell');
        cell.dataset.i = String(i);
        cell.tabIndex = i === 0 ? 0 : -1;
        if (guides && (c + 1) % 5 === 0 && c < width - 1) cell.classList.add('guide-r');
        if (guides && (r + 1) % 5 === 0 && r < height - 1) cell.classList.add('guide-b');
        row.append(cell);
        this.cells.push(cell);
      }
      el.append(row);
    }
    el.addEventListener('contextmenu', (e) => e.preventDefault());
    el.addEventListener('pointerdown', (e) => this.down(e));
    el.addEventListener('pointermove', (e) => this.move(e));
    el.addEventListener('pointerup', (e) => this.up(e));
    el.addEventListener('pointercancel', () => this.abort());
    el.addEventListener('keydown', (e) => this.key(e));
    el.addEventListener('focusin', (e) => {
      const i = this.cellAt(e.target);
      if (i !== null) this.setFocus(i, false);
    });
    this.el = el;
  }

  private cellAt(target: EventTarget | null): number | null {
    const t = target instanceof Element ? target.closest<HTMLElement>('[data-i]') : null;
    return t && this.el.contains(t) ? Number(t.dataset.i) : null;
  }

  /** Moves the roving focus (one cell is in the tab order). */
  setFocus(i: number, move = true): void {
    this.roving.set(i, move);
  }

  get focusedCell(): number {
    return this.roving.index;
  }

  /** Cells from `from` to `to` along one row or column. */
  private line(from: number, to: number): number[] {
    const w = this.width;
    const [r0, c0, r1, c1] = [Math.floor(from / w), from % w, Math.floor(to / w), to % w];
    const out: number[] = [];
    if (r0 === r1)
      for (let c = c0; ; c += Math.sign(c1 - c0)) {
        out.push(r0 * w + c);
        if (c === c1) break;
      }
    else
      for (let r = r0; ; r += Math.sign(r1 - r0)) {
        out.push(r * w + c0);
        if (r === r1) break;
      }
    return out;
  }

  private down(e: PointerEvent): void {
    const i = this.cellAt(e.target);
    if (i === null || this.stroke) return;
    if (e.pointerType === 'mouse' && e.button !== 0 && e.button !== 2) return;
    e.preventDefault();
    try {
      this.el.setPointerCapture(e.pointerId);
    } catch {
      // No capture for this pointer (e.g. a synthetic event): moves are still read from the board.
    }
    const trace = this.options.trace;
    if (trace) {
      if (e.button === 2) {
        this.setFocus(i);
        this.events.stroke(i, i, 'clear', false);
        return;
      }
      this.stroke = { id: e.pointerId, from: i, to: i, action: 'primary', moved: false, timer: null };
      trace.begin(i);
      this.setFocus(i);
      return;
    }
    const touch = e.pointerType !== 'mouse';
    const action: Action = e.button === 2 || (touch && this.crossMode) ? 'secondary' : 'primary';
    this.stroke = { id: e.pointerId, from: i, to: i, action, moved: false, timer: null };
    if (touch && action === 'primary') {
      const s = this.stroke;
      s.timer = window.setTimeout(() => {
        s.timer = null;
        if (this.stroke === s && !s.moved) {
          s.action = 'secondary';
          this.events.preview([s.from], s.action);
        }
      }, LONG_PRESS_MS);
    }
    this.setFocus(i);
    this.events.preview([i], action);
  }

  private move(e: PointerEvent): void {
    const s = this.stroke;
    if (!s || s.id !== e.pointerId) return;
    const i = this.cellAt(document.elementFromPoint(e.clientX, e.clientY));
    if (i === null) return;
    if (this.options.trace) {
      if (i === s.to) return;
      s.to = i;
      s.moved = true;
      this.options.trace.enter(i);
      return;
    }
    const w = this.width;
    const dr = Math.floor(i / w) - Math.floor(s.from / w);
    const dc = (i % w) - (s.from % w);
    // Stay on the start cell's row or column, whichever the pointer strays along more.
    const to = Math.abs(dc) >= Math.abs(dr) ? Math.floor(s.from / w) * w + (i % w) : i - (i % w) + (s.from % w);
    if (to === s.to) return;
    s.to = to;
    s.moved = true;
    if (s.timer !== null) {
      clearTimeout(s.timer);
      s.timer = null;
    }
    this.events.preview(this.line(s.from, s.to), s.action);
  }

  private up(e: PointerEvent): void {
    const s = this.stroke;
    if (!s || s.id !== e.pointerId) return;
    if (s.timer !== null) clearTimeout(s.timer);
    this.stroke = null;
    if (this.options.trace) {
      this.options.trace.end(true);
      return;
    }
    this.events.preview(null, s.action);
    this.events.stroke(s.from, s.to, s.action, s.from !== s.to);
  }

  private abort(): void {
    if (this.options.trace) {
      if (this.stroke) {
        this.stroke = null;
        this.options.trace.end(false);
      }
      return;
    }
    if (this.stroke?.timer != null) clearTimeout(this.stroke.timer);
    const a = this.stroke?.action ?? 'primary';
    this.stroke = null;
    this.events.preview(null, a);
  }

  private key(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const i = this.roving.index;
    const next = keyTarget(e.key, i, this.width, this.height);
    let action: Action | null = null;
    if (next === null)
      switch (e.key) {
        case ' ':
        case 'Enter':
        case 'f':
        case 'F':
          action = 'primary';
          break;
        case 'x':
        case 'X':
          action = 'secondary';
          break;
        case 'Backspace':
        case 'Delete':
        case 'c':
        case 'C':
          action = 'clear';
          break;
        default:
          return;
      }
    e.preventDefault();
    if (next !== null) this.setFocus(next);
    if (action !== null) this.events.stroke(i, i, action, false);
  }
}
