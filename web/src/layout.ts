/**
 * The page's layout on small screens, kept out of the shell's game logic: the phone menu that holds the
 * new-puzzle controls, the stage's height (the board's own scroll box, so that sticky clues stay in view),
 * and the board's zoom and draw/pan switch.
 * - Draw mode (the default): the board gets every pointer, as before.
 * - Pan mode: pointers on the stage never reach the board; one finger (or the mouse) moves the board,
 *   two fingers pinch to zoom around their midpoint.
 * - In either mode, two fingers on the stage pan and zoom; a stroke the first finger began is cancelled.
 * The zoom scales the family view's cells (its `fit`), so a large board can reach 32-px touch targets.
 */
import { LAYOUT_WORDS as WORDS } from './words.ts';

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
/** Each zoom button press scales the cells by this. */
export const ZOOM_STEP = 1.4;
/** Below this width the new-puzzle controls live in the menu (the same width as style.css's phone rules). */
export const PHONE_QUERY = '(max-width: 640px)';

const clamp = (z: number): number => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));

interface Gesture {
  /** Pointers down on the stage, by id: where each is now. */
  points: Map<number, { x: number; y: number }>;
  /** Two fingers: their distance and the zoom when the second came down, and their last midpoint (null while one finger pans). */
  pinch: { dist: number; zoom: number; x: number; y: number } | null;
}

export class Layout {
  /** The board's zoom (1: the view's own fit). */
  zoom = 1;
  private panMode = false;
  private gesture: Gesture | null = null;
  /** Touches down on the stage in draw mode (the board has them), until a second one makes a gesture. */
  private readonly touches = new Map<number, { x: number; y: number; target: EventTarget | null }>();
  /** The animation frame a pinch is applied in (0: none pending). */
  private frame = 0;
  /** Set while the layout cancels a touch the board had (its own cancel events pass through). */
  private cancelling = false;
  private readonly stage: HTMLElement;
  private readonly modeBtn: HTMLButtonElement;
  private readonly menuBtn: HTMLButtonElement;

  constructor(
    private readonly root: HTMLElement,
    private readonly refit: () => void,
    private readonly say: (text: string) => void,
  ) {
    const q = <T extends HTMLElement>(sel: string): T => {
      const el = root.querySelector<T>(sel);
      if (!el) throw new Error(`missing element ${sel}`);
      return el;
    };
    this.stage = q('#stage');
    const button = (id: string, text: string, label?: string): HTMLButtonElement => {
      const b = document.createElement('button');
      b.type = 'button';
      b.id = id;
      b.textContent = text;
      if (label) b.setAttribute('aria-label', label);
      return b;
    };

    // The menu: on a phone the new-puzzle controls open under the header (style.css hides them otherwise).
    const controls = q('.controls');
    controls.id = 'controls';
    this.menuBtn = button('menu', WORDS.menu, WORDS.menuLabel);
    this.menuBtn.className = 'menu-btn';
    this.menuBtn.setAttribute('aria-expanded', 'false');
    this.menuBtn.setAttribute('aria-controls', 'controls');
    q('.top').insertBefore(this.menuBtn, q('#theme'));
    this.menuBtn.addEventListener('click', () => this.setMenu(!root.classList.contains('menu-open')));
    // A choice made in the menu closes it (the pickers stay open while they are changed).
    for (const sel of ['#new', '#import-btn', '#colour-example']) q(sel).addEventListener('click', () => this.setMenu(false));

    // The view bar: the draw/pan switch and the zoom buttons, at the end of the game bar.
    const bar = document.createElement('span');
    bar.className = 'viewbar';
    bar.setAttribute('role', 'group');
    bar.setAttribute('aria-label', WORDS.view);
    this.modeBtn = button('pan-mode', WORDS.pan);
    this.modeBtn.title = WORDS.panTitle;
    this.modeBtn.setAttribute('aria-pressed', 'false');
    this.modeBtn.addEventListener('click', () => this.setPan(!this.panMode));
    const out = button('zoom-out', WORDS.zoomOutSign, WORDS.zoomOut);
    const inn = button('zoom-in', WORDS.zoomInSign, WORDS.zoomIn);
    out.addEventListener('click', () => this.zoomBy(1 / ZOOM_STEP));
    inn.addEventListener('click', () => this.zoomBy(ZOOM_STEP));
    bar.append(this.modeBtn, out, inn);
    // On a phone it sits in the header's row, beside the menu; on a wider screen at the end of the game bar.
    const phone = matchMedia(PHONE_QUERY);
    const placeBar = (): void => {
      if (phone.matches) q('.top').insertBefore(bar, this.menuBtn);
      else q('.gamebar').append(bar);
    };
    placeBar();
    phone.addEventListener('change', () => {
      placeBar();
      this.setMenu(false);
    });

    // Pan mode takes the stage's pointers before the board sees them (capture phase).
    const opts = { capture: true };
    this.stage.addEventListener('pointerdown', (e) => this.down(e), opts);
    this.stage.addEventListener('pointermove', (e) => this.move(e), opts);
    this.stage.addEventListener('pointerup', (e) => this.up(e), opts);
    this.stage.addEventListener('pointercancel', (e) => this.up(e), opts);
    this.stage.addEventListener('click', (e) => this.panMode && this.hasGame() && e.stopPropagation(), opts);
    this.stage.addEventListener(
      'contextmenu',
      (e) => {
        if (!this.panMode || !this.hasGame()) return;
        e.stopPropagation();
        e.preventDefault();
      },
      opts,
    );
  }

  /** Whether a game is on the stage (not, e.g., the panel of a link that opened nothing, whose buttons work in any mode). */
  private hasGame(): boolean {
    return this.stage.dataset.puzzle !== undefined;
  }

  get pan(): boolean {
    return this.panMode;
  }

  setMenu(open: boolean): void {
    this.root.classList.toggle('menu-open', open);
    this.menuBtn.setAttribute('aria-expanded', String(open));
    this.sizeStage();
  }

  setPan(on: boolean): void {
    this.panMode = on;
    this.gesture = null;
    this.touches.clear();
    this.modeBtn.setAttribute('aria-pressed', String(on));
    this.stage.classList.toggle('pan', on);
    // Said by the button's pressed state (the status line stays as it was, so the board does not move).
  }

  /** A new puzzle starts at its fitted size, at its top-left corner, in draw mode. */
  reset(): void {
    this.zoom = 1;
    this.stage.scrollTo(0, 0);
    if (this.panMode) {
      this.panMode = false;
      this.modeBtn.setAttribute('aria-pressed', 'false');
      this.stage.classList.remove('pan');
    }
    this.gesture = null;
  }

  /**
   * The stage is the board's scroll box: no taller than the screen below its top (at least 60 % of the
   * screen), so that a large board scrolls inside it with its clues stuck to the edges.
   */
  sizeStage(): void {
    const top = this.stage.getBoundingClientRect().top + window.scrollY;
    const h = window.innerHeight;
    this.stage.style.maxHeight = `${Math.round(Math.max(h * 0.6, h - top - 8))}px`;
  }

  /** Zooms by `factor` around the middle of the stage's part on screen. */
  zoomBy(factor: number): void {
    const r = this.stage.getBoundingClientRect();
    const top = Math.max(r.top, 0);
    const bottom = Math.min(r.bottom, window.innerHeight);
    this.setZoom(this.zoom * factor, r.left + r.width / 2, (top + bottom) / 2);
    this.say(WORDS.zoomed(Math.round(this.zoom * 100)));
  }

  /** Sets the zoom, keeping the board point under (x, y) where it is on screen. */
  setZoom(z: number, x: number, y: number): void {
    const next = clamp(z);
    if (Math.abs(next - this.zoom) < 1e-3) return;
    const board = this.stage.querySelector('.board');
    const b0 = board?.getBoundingClientRect();
    this.zoom = next;
    this.refit();
    if (!board || !b0 || b0.width === 0 || b0.height === 0) return;
    const fx = (x - b0.left) / b0.width;
    const fy = (y - b0.top) / b0.height;
    const b1 = board.getBoundingClientRect();
    this.stage.scrollLeft += b1.left + fx * b1.width - x;
    this.stage.scrollTop += b1.top + fy * b1.height - y;
  }

  private down(e: PointerEvent): void {
    const g = this.gesture;
    if (g) {
      // A finger more on a gesture in progress: it pans, and with two down they pinch.
      this.own(e, g);
      return;
    }
    if (this.panMode) {
      if ((e.pointerType === 'mouse' && e.button !== 0) || !this.hasGame()) return;
      this.own(e, { points: new Map(), pinch: null });
      return;
    }
    if (e.pointerType !== 'touch') return;
    this.touches.set(e.pointerId, { x: e.clientX, y: e.clientY, target: e.target });
    if (this.touches.size < 2) return;
    // A second finger in draw mode: what the first one began is called off (the board sees its pointer
    // cancelled, as when the browser takes a touch), and the two fingers pan and zoom.
    const others = [...this.touches].filter(([id]) => id !== e.pointerId);
    const next: Gesture = { points: new Map(), pinch: null };
    for (const [id, t] of others) next.points.set(id, { x: t.x, y: t.y });
    this.touches.clear();
    this.cancelling = true;
    try {
      for (const [id, t] of others) t.target?.dispatchEvent(new PointerEvent('pointercancel', { pointerId: id, pointerType: 'touch', bubbles: true }));
    } finally {
      this.cancelling = false;
    }
    this.own(e, next);
  }

  /** Takes pointer `e` into gesture `g` (the board never sees it). */
  private own(e: PointerEvent, g: Gesture): void {
    e.stopPropagation();
    e.preventDefault();
    try {
      this.stage.setPointerCapture(e.pointerId);
    } catch {
      // A synthetic pointer cannot be captured: its moves still reach the stage.
    }
    this.gesture = g;
    g.points.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (g.points.size === 2) g.pinch = this.pinchOf(g);
  }

  private pinchOf(g: Gesture): { dist: number; zoom: number; x: number; y: number } {
    const [a, b] = [...g.points.values()];
    return { dist: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), zoom: this.zoom, x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }

  private move(e: PointerEvent): void {
    const g = this.gesture;
    const last = g?.points.get(e.pointerId);
    if (!g || !last) {
      const t = this.touches.get(e.pointerId);
      if (t) Object.assign(t, { x: e.clientX, y: e.clientY });
      return;
    }
    e.stopPropagation();
    e.preventDefault();
    const now = { x: e.clientX, y: e.clientY };
    g.points.set(e.pointerId, now);
    if (!g.pinch) {
      this.panBy(now.x - last.x, now.y - last.y);
      return;
    }
    // Two fingers move as one touch event but arrive as one pointer event each: the pinch is applied
    // once both have moved (once a frame), never from one finger's new place and the other's old one.
    this.frame ||= requestAnimationFrame(() => this.applyPinch());
  }

  /** Two fingers: the board follows their midpoint, and their spread zooms it around that point. */
  private applyPinch(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    const g = this.gesture;
    if (!g?.pinch || g.points.size < 2) return;
    const [a, b] = [...g.points.values()];
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    this.panBy(mid.x - g.pinch.x, mid.y - g.pinch.y);
    g.pinch.x = mid.x;
    g.pinch.y = mid.y;
    this.setZoom(g.pinch.zoom * (Math.hypot(a.x - b.x, a.y - b.y) / g.pinch.dist), mid.x, mid.y);
  }

  private up(e: PointerEvent): void {
    if (this.cancelling) return;
    const g = this.gesture;
    if (!g?.points.has(e.pointerId)) {
      this.touches.delete(e.pointerId);
      return;
    }
    e.stopPropagation();
    // What the fingers did before this one lifted is applied first.
    if (this.frame) this.applyPinch();
    g.points.delete(e.pointerId);
    if (g.points.size < 2) g.pinch = null;
    if (g.points.size === 0) this.gesture = null;
  }

  /** Moves the board with the finger; what the stage cannot scroll moves the page. */
  private panBy(dx: number, dy: number): void {
    const s = this.stage;
    const [x0, y0] = [s.scrollLeft, s.scrollTop];
    s.scrollLeft -= dx;
    s.scrollTop -= dy;
    const restY = dy + (s.scrollTop - y0);
    const restX = dx + (s.scrollLeft - x0);
    if (Math.abs(restY) >= 1 || Math.abs(restX) >= 1) window.scrollBy(-restX, -restY);
  }
}
