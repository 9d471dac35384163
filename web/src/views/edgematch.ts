/**
 * The edge-matching (Eternity II style) view: a board of cells and a tray of the pieces not on it.
 * Each piece is drawn as four triangles in its side colours (with the colour numbers); joints between
 * two placed pieces are marked matched (subtle) or mismatched (red), and the score counts the matched
 * ones. Gestures become the play rules' moves (play.ts): a drag from the tray or from a cell onto a cell
 * is `p7@2.3:1` (the rules swap or send back the occupant), a drag off the board is `t2.3`, a click on a
 * placed piece is `r2.3`. The view only decides which move a gesture means; the rules decide what it does.
 */
import { levelChoices, type Hint } from '../../../src/core/family.ts';
import { LEVEL_TABLE } from '../../../src/families/edgematch/generate/level-table.ts';
import { isEdgematchFocus, type EdgematchFocus } from '../../../src/families/edgematch/focus.ts';
import { isEdgematchSays } from '../../../src/families/edgematch/says.ts';
import { edgematchHintWords } from './edgematch-words.ts';
import { parseEdgematchId } from '../../../src/families/edgematch/formats/index.ts';
import { edgematchPlay, makeMove, type EdgematchMove, type EdgematchState } from '../../../src/families/edgematch/play.ts';
import { PLAY_MAX_SIDE, PLAY_MIN_SIDE } from '../../../src/families/edgematch/generator.ts';
import { greyMask, maxScore, neighbour, rimMask, scoreBoard, shownColour } from '../../../src/families/edgematch/puzzle.ts';
import type { Instance, Piece, Placement, Rotation } from '../../../src/families/edgematch/types.ts';
import type { GameSession } from '../../../src/player/session.ts';
import { edgematchProgress } from '../progress.ts';
import { keyTarget, RovingFocus } from '../board.ts';
import { deductionWords, turnWords, W as WORDS } from '../words.ts';
import type { FamilyView, ViewEntry, ViewHost } from './types.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Colours 1, 2, ...: distinct at a glance (grey is the frame's colour 0). */
const PALETTE = [
  '#e6194b',
  '#3cb44b',
  '#ffe119',
  '#4363d8',
  '#f58231',
  '#911eb4',
  '#42d4f4',
  '#f032e6',
  '#bfef45',
  '#fabed4',
  '#469990',
  '#dcbeff',
  '#9a6324',
  '#fffac8',
  '#800000',
  '#aaffc3',
  '#808000',
  '#ffd8b1',
  '#000075',
];
const GREY = '#c4c4c0';
/** Triangle paths N, E, S, W in a unit square, and where each side's number goes. */
const TRI = ['M0 0H1L.5 .5Z', 'M1 0V1L.5 .5Z', 'M1 1H0L.5 .5Z', 'M0 1V0L.5 .5Z'];
const NUM_AT: [number, number][] = [
  [0.5, 0.19],
  [0.81, 0.5],
  [0.5, 0.81],
  [0.19, 0.5],
];
/** Drags shorter than this (px) are clicks. */
const DRAG_MIN = 6;

/** The fill of colour k and whether its number reads better in black. */
function colourOf(k: number): { fill: string; dark: boolean } {
  if (k === 0) return { fill: GREY, dark: true };
  const hex = PALETTE[(k - 1) % PALETTE.length];
  if (k <= PALETTE.length) {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    return { fill: hex, dark: 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.5 };
  }
  // Beyond the palette: hues spread by the golden angle (the numbers tell them apart).
  const hue = Math.round((k * 137.508) % 360);
  const light = k % 2 === 0 ? 45 : 68;
  return { fill: `hsl(${hue} 70% ${light}%)`, dark: light > 55 };
}

/**
 * The colour numbers the pieces show, once each, for their `<use>`s (ids `em-digit-K`): an unrendered
 * sprite, hidden from assistive technology. Text drawn inside a piece's button would count as its
 * visible label, which its spoken name ("piece 4: N 3, E 5, …") does not repeat word for word.
 */
function digitSprite(pieces: readonly Piece[]): SVGSVGElement {
  const ks = [...new Set(pieces.flat())].filter((k) => k !== 0).sort((a, b) => a - b);
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.classList.add('em-digits');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('width', '0');
  svg.setAttribute('height', '0');
  svg.innerHTML = `<defs>${ks.map((k) => `<text id="em-digit-${k}" text-anchor="middle" dominant-baseline="central">${k}</text>`).join('')}</defs>`;
  return svg;
}

/** A piece turned by `r` as SVG content in a unit square. */
function pieceSvg(colours: Piece, r: number, clue: boolean): string {
  const out: string[] = [];
  for (let d = 0; d < 4; d++) {
    const k = shownColour(colours, r, d);
    const c = colourOf(k);
    out.push(`<path d="${TRI[d]}" fill="${c.fill}" data-side="${d}" data-colour="${k}"/>`);
  }
  for (let d = 0; d < 4; d++) {
    const k = shownColour(colours, r, d);
    if (k === 0) continue;
    const [x, y] = NUM_AT[d];
    // The number is drawn from the view's digit sprite, so that a piece's button holds no text of its
    // own: its accessible name (its aria-label, which says each side) is then all it says.
    out.push(`<use href="#em-digit-${k}" x="${x}" y="${y}" font-size=".2" class="${colourOf(k).dark ? 'em-num dark' : 'em-num'}"/>`);
  }
  if (clue) out.push('<circle class="em-pin" cx=".5" cy=".5" r=".075"/>');
  return `<svg viewBox="0 0 1 1" aria-hidden="true" class="em-svg">${out.join('')}</svg>`;
}

interface Drag {
  pointer: number;
  piece: number;
  /** The cell it is dragged from, or -1 from the tray. */
  from: number;
  rotation: Rotation;
  x0: number;
  y0: number;
  moved: boolean;
  ghost: HTMLElement | null;
  /** The cell under the pointer (-1: none). */
  over: number;
}

export function createEdgematchView(p: Instance, session: GameSession<Instance, EdgematchState, EdgematchMove>, host: ViewHost): FamilyView<EdgematchFocus> {
  const { width: W, height: H } = p;
  const n = W * H;
  const full = maxScore(W, H);
  const clueAt = new Set(p.clues.map((c) => c.cell));
  const em = WORDS.edgematchView;
  const where = (i: number): string => em.where(Math.floor(i / W) + 1, (i % W) + 1);
  const sidesText = (piece: number, r: number): string => em.sides.map((s, d) => `${s} ${shownColour(p.pieces[piece], r, d)}`).join(', ');

  const root = document.createElement('div');
  root.className = 'em';
  root.style.setProperty('--cols', String(W));
  root.style.setProperty('--rows', String(H));

  const score = document.createElement('p');
  score.className = 'em-score';

  const board = document.createElement('div');
  board.className = 'board em-board';
  board.setAttribute('role', 'grid');
  board.setAttribute('aria-label', em.boardLabel(W, H, p.pieces.length));
  board.style.setProperty('--cols', String(W));
  board.style.setProperty('--rows', String(H));
  const cells: HTMLDivElement[] = [];
  for (let r = 0; r < H; r++) {
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    row.className = 'board-row';
    for (let c = 0; c < W; c++) {
      const i = r * W + c;
      const el = document.createElement('div');
      el.className = clueAt.has(i) ? 'cell clue' : 'cell';
      el.setAttribute('role', 'gridcell');
      el.dataset.i = String(i);
      el.tabIndex = i === 0 ? 0 : -1;
      row.append(el);
      cells.push(el);
    }
    board.append(row);
  }
  const marks = document.createElementNS(SVG_NS, 'svg');
  marks.classList.add('em-marks');
  marks.setAttribute('viewBox', `0 0 ${W} ${H}`);
  marks.setAttribute('aria-hidden', 'true');
  board.append(marks);

  const trayHead = document.createElement('p');
  trayHead.className = 'em-tray-head';
  const tray = document.createElement('div');
  tray.className = 'em-tray';
  tray.setAttribute('role', 'group');
  tray.setAttribute('aria-label', WORDS.edgematchView.tray);
  const trayButtons = new Map<number, HTMLButtonElement>();
  root.append(digitSprite(p.pieces), score, board, trayHead, tray);

  const roving = new RovingFocus(cells);
  /** The tray piece Enter (or a tap on an empty cell) places; null when the tray is empty. */
  let selected: number | null = null;
  /** Whether the player chose the selected piece (then a tap on an empty cell places it). */
  let armed = false;
  /** A placed piece picked up by keyboard (M), to be put on another cell. */
  let carry: { piece: number; from: number } | null = null;
  let drag: Drag | null = null;
  let hintCells: number[] = [];
  let hintPiece: number | null = null;
  /** The placement the hint on screen names, if any. */
  let hinted: { cell: number; piece: number; rotation: Rotation } | null = null;
  let wrongCells: number[] = [];
  const drawn: string[] = new Array<string>(n).fill('?');
  const labels: string[] = new Array<string>(n).fill('');

  const state = (): EdgematchState => session.state;
  const cellOfPiece = (piece: number): number => state().board.findIndex((pl) => pl !== null && pl.piece === piece);

  /** The turn a piece gets on a cell: its current one when its grey sides fit the cell's frame, else the first that fits. */
  const fitRotation = (piece: number, cell: number, current: Rotation): Rotation => {
    const rim = rimMask(W, H, cell);
    if (greyMask(p.pieces[piece], current) === rim) return current;
    for (let r = 0; r < 4; r++) if (greyMask(p.pieces[piece], r) === rim) return r as Rotation;
    return current;
  };

  const setFocus = (i: number, move = true): void => roving.set(i, move);

  /** Puts a piece on a cell (from the tray or another cell), after the view's own checks. */
  const place = (piece: number, cell: number, from: number, rotation: Rotation): void => {
    if (clueAt.has(cell)) {
      host.say(em.clueStays(where(cell)));
      return;
    }
    if (from === cell) return;
    // The hinted piece put on the hinted cell takes the hinted turn; otherwise it is turned to fit the frame.
    const r = hinted && hinted.piece === piece && hinted.cell === cell ? hinted.rotation : fitRotation(piece, cell, rotation);
    const occupant = state().board[cell];
    host.say(em.placed(piece, where(cell), occupant ? occupant.piece : null, from >= 0 ? where(from) : null));
    host.play(makeMove({ kind: 'place', width: W, piece, cell, rotation: r }));
  };

  const rotate = (cell: number, turns: 1 | 3): void => {
    if (clueAt.has(cell)) {
      host.say(em.clueFixed(where(cell)));
      return;
    }
    const pl = state().board[cell];
    if (!pl) {
      host.say(em.nothingToTurn(where(cell)));
      return;
    }
    host.say(em.turned(pl.piece, turns === 1, sidesText(pl.piece, (pl.rotation + turns) & 3)));
    host.play(makeMove({ kind: 'rotate', width: W, cell, turns }));
  };

  const take = (cell: number): void => {
    if (clueAt.has(cell)) {
      host.say(em.clueOnBoard(where(cell)));
      return;
    }
    const pl = state().board[cell];
    if (!pl) {
      host.say(em.nothingToTake(where(cell)));
      return;
    }
    host.say(em.backToTray(pl.piece));
    host.play(makeMove({ kind: 'take', width: W, cell }));
  };

  const select = (piece: number | null, announce: boolean): void => {
    selected = piece;
    for (const [k, b] of trayButtons) {
      b.setAttribute('aria-pressed', String(k === piece));
      b.tabIndex = k === piece ? 0 : -1;
    }
    if (piece === null)
      for (const b of trayButtons.values()) {
        b.tabIndex = 0;
        break;
      }
    armed = announce && piece !== null;
    if (announce && piece !== null) host.say(em.selected(piece, sidesText(piece, 0)));
  };

  const cycle = (step: 1 | -1): void => {
    const t = state().tray;
    if (t.length === 0) {
      host.say(em.trayEmpty);
      return;
    }
    const k = selected === null ? -1 : t.indexOf(selected);
    const next = k < 0 ? (step > 0 ? 0 : t.length - 1) : (k + step + t.length) % t.length;
    select(t[next], true);
    trayButtons.get(t[next])?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  // --- Keyboard.

  board.addEventListener('focusin', (e) => {
    const el = e.target instanceof Element ? e.target.closest<HTMLElement>('.cell[data-i]') : null;
    if (el) setFocus(Number(el.dataset.i), false);
  });
  board.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const i = roving.index;
    const next = keyTarget(e.key, i, W, H);
    if (next === null)
      switch (e.key) {
        case 'r':
        case ' ':
          rotate(i, 1);
          break;
        case 'R':
          rotate(i, 3);
          break;
        case 'Enter':
        case 'p':
        case 'P':
          if (carry) {
            const k = carry;
            carry = null;
            if (k.from === i) host.say(em.putBack(k.piece));
            else place(k.piece, i, k.from, state().board[k.from]?.rotation ?? 0);
            paint();
          } else if (selected === null) host.say(em.nothingToPlace);
          else place(selected, i, -1, 0);
          break;
        case 'm':
        case 'M': {
          const pl = state().board[i];
          if (clueAt.has(i)) host.say(em.clueStays(where(i)));
          else if (!pl) host.say(em.nothingToMove(where(i)));
          else {
            carry = { piece: pl.piece, from: i };
            host.say(em.moving(pl.piece));
            paint();
          }
          break;
        }
        case 'Escape':
          if (!carry) return;
          carry = null;
          host.say(em.moveCancelled);
          paint();
          break;
        case 'Delete':
        case 'Backspace':
        case 't':
        case 'T':
          take(i);
          break;
        case ']':
          cycle(1);
          break;
        case '[':
          cycle(-1);
          break;
        default:
          return;
      }
    e.preventDefault();
    if (next !== null) setFocus(next);
  });
  tray.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const b = e.target instanceof Element ? e.target.closest<HTMLElement>('.em-piece') : null;
    if (!b) return;
    const t = state().tray;
    const k = t.indexOf(Number(b.dataset.piece));
    switch (e.key) {
      case 'ArrowLeft':
      case 'ArrowUp':
      case 'ArrowRight':
      case 'ArrowDown': {
        const step = e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 1;
        const to = t[(k + step + t.length) % t.length];
        select(to, false);
        trayButtons.get(to)?.focus();
        break;
      }
      case 'Enter':
      case ' ':
      case 'p':
      case 'P':
        select(t[k], false);
        host.say(em.selectedKeys(t[k], sidesText(t[k], 0)));
        setFocus(roving.index);
        break;
      default:
        return;
    }
    e.preventDefault();
  });

  // --- Pointer: drags from the tray or a cell, clicks and taps.

  const cellUnder = (x: number, y: number): number => {
    const el = document.elementFromPoint(x, y)?.closest<HTMLElement>('.cell[data-i]');
    return el && board.contains(el) ? Number(el.dataset.i) : -1;
  };
  const setOver = (d: Drag, cell: number): void => {
    if (d.over === cell) return;
    if (d.over >= 0) cells[d.over].classList.remove('drop');
    d.over = cell;
    if (cell >= 0) cells[cell].classList.add('drop');
  };

  root.addEventListener('pointerdown', (e) => {
    if (drag || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const t = e.target instanceof Element ? e.target : null;
    const cellEl = t?.closest<HTMLElement>('.cell[data-i]');
    const pieceEl = t?.closest<HTMLElement>('.em-piece');
    let piece = -1;
    let from = -1;
    let rotation: Rotation = 0;
    if (cellEl && board.contains(cellEl)) {
      from = Number(cellEl.dataset.i);
      const pl = state().board[from];
      if (pl) ({ piece, rotation } = pl);
      setFocus(from);
    } else if (pieceEl && tray.contains(pieceEl)) piece = Number(pieceEl.dataset.piece);
    else return;
    e.preventDefault();
    try {
      root.setPointerCapture(e.pointerId);
    } catch {
      // No capture for this pointer: moves are still read from the view.
    }
    drag = { pointer: e.pointerId, piece, from, rotation, x0: e.clientX, y0: e.clientY, moved: false, ghost: null, over: -1 };
  });
  root.addEventListener('pointermove', (e) => {
    const d = drag;
    if (!d || d.pointer !== e.pointerId) return;
    if (!d.moved) {
      if (Math.hypot(e.clientX - d.x0, e.clientY - d.y0) < DRAG_MIN) return;
      // Only a piece can be dragged (an empty cell or a clue cannot).
      if (d.piece < 0 || clueAt.has(d.from)) return;
      d.moved = true;
      const g = document.createElement('div');
      g.className = 'em-ghost';
      g.innerHTML = pieceSvg(p.pieces[d.piece], d.rotation, false);
      root.append(g);
      d.ghost = g;
      if (d.from >= 0) cells[d.from].classList.add('lifted');
      else trayButtons.get(d.piece)?.classList.add('lifted');
    }
    d.ghost!.style.left = `${e.clientX}px`;
    d.ghost!.style.top = `${e.clientY}px`;
    setOver(d, cellUnder(e.clientX, e.clientY));
  });
  const endDrag = (commit: boolean): void => {
    const d = drag;
    drag = null;
    if (!d) return;
    d.ghost?.remove();
    const target = d.over;
    setOver(d, -1);
    if (d.from >= 0) cells[d.from].classList.remove('lifted');
    trayButtons.get(d.piece)?.classList.remove('lifted');
    if (!commit) return;
    carry = null;
    if (!d.moved) {
      // A click or a tap.
      if (d.from < 0) {
        select(d.piece, true);
        return;
      }
      if (clueAt.has(d.from)) host.say(em.clueIsFixed(where(d.from)));
      else if (d.piece >= 0) rotate(d.from, 1);
      else if (selected !== null && armed) place(selected, d.from, -1, 0);
      else host.say(selected === null ? em.nothingToPlace : em.emptyCell(where(d.from)));
      return;
    }
    if (target >= 0) {
      setFocus(target);
      place(d.piece, target, d.from, d.rotation);
    } else if (d.from >= 0) take(d.from);
  };
  root.addEventListener('pointerup', (e) => {
    if (drag && drag.pointer === e.pointerId) {
      const d = drag;
      if (d.moved) setOver(d, cellUnder(e.clientX, e.clientY));
      endDrag(true);
    }
  });
  root.addEventListener('pointercancel', () => endDrag(false));
  // Right-click (or a long press that opens the menu) turns a placed piece anticlockwise.
  root.addEventListener('contextmenu', (e) => {
    const el = e.target instanceof Element ? e.target.closest<HTMLElement>('.cell[data-i]') : null;
    if (!el || !board.contains(el)) return;
    e.preventDefault();
    if (drag) return;
    const i = Number(el.dataset.i);
    setFocus(i);
    if (state().board[i]) rotate(i, 3);
  });

  // --- Drawing.

  function paint(): void {
    const s = state();
    for (let i = 0; i < n; i++) {
      const pl = s.board[i];
      const key = pl ? `${pl.piece}:${pl.rotation}` : '.';
      const el = cells[i];
      if (drawn[i] !== key) {
        drawn[i] = key;
        el.innerHTML = pl ? pieceSvg(p.pieces[pl.piece], pl.rotation, clueAt.has(i)) : '';
        if (pl) {
          el.dataset.piece = String(pl.piece);
          el.dataset.rot = String(pl.rotation);
        } else {
          delete el.dataset.piece;
          delete el.dataset.rot;
        }
      }
      el.classList.toggle('carry', carry?.from === i);
    }
    // Joints between placed pieces, and coloured sides against the frame.
    const out: string[] = [];
    let bad = 0;
    const shown = (pl: Placement, d: number): number => shownColour(p.pieces[pl.piece], pl.rotation, d);
    /** Per cell, the sides that do not match (a neighbour or the frame). */
    const badSides: number[][] = Array.from({ length: n }, () => []);
    for (let i = 0; i < n; i++) {
      const a = s.board[i];
      if (!a) continue;
      const x = i % W;
      const y = Math.floor(i / W);
      for (let d = 0; d < 4; d++) {
        const j = neighbour(W, H, i, d);
        const seg = d === 0 ? [x, y, x + 1, y] : d === 1 ? [x + 1, y, x + 1, y + 1] : d === 2 ? [x, y + 1, x + 1, y + 1] : [x, y, x, y + 1];
        if (j < 0) {
          if (shown(a, d) !== 0) {
            bad++;
            badSides[i].push(d);
            out.push(`<line class="em-bad em-frame" data-cell="${i}" data-side="${d}" x1="${seg[0]}" y1="${seg[1]}" x2="${seg[2]}" y2="${seg[3]}"/>`);
          }
          continue;
        }
        if (d === 0 || d === 3) continue; // each joint once, from the cell west or north of it
        const b = s.board[j];
        if (!b) continue;
        const ca = shown(a, d);
        const ok = ca !== 0 && ca === shown(b, d + 2);
        const attrs = `data-a="${i}" data-b="${j}" x1="${seg[0]}" y1="${seg[1]}" x2="${seg[2]}" y2="${seg[3]}"`;
        if (ok) out.push(`<line class="em-ok" ${attrs}/>`);
        else {
          bad++;
          badSides[i].push(d);
          badSides[j].push(d + 2);
          const [mx, my] = [(seg[0] + seg[2]) / 2, (seg[1] + seg[3]) / 2];
          out.push(
            `<line class="em-bad" ${attrs}/><circle class="em-bad-dot" cx="${mx}" cy="${my}" r=".11"/><path class="em-bad-x" d="M${mx - 0.05} ${my - 0.05}l.1 .1m0 -.1l-.1 .1"/>`,
          );
        }
      }
    }
    marks.innerHTML = out.join('');
    for (let i = 0; i < n; i++) {
      const pl = s.board[i];
      const off = badSides[i].sort((x, y) => x - y).map((d) => em.sides[d]);
      const label = em.cellLabel(
        where(i),
        pl ? { clue: clueAt.has(i), piece: pl.piece, turn: turnWords(pl.rotation), sides: sidesText(pl.piece, pl.rotation), off } : null,
      );
      if (labels[i] !== label) {
        labels[i] = label;
        cells[i].setAttribute('aria-label', label);
      }
    }
    const got = scoreBoard(p, s.board);
    score.dataset.score = String(got);
    const placed = edgematchProgress(s.board);
    score.dataset.placed = String(placed.placed);
    score.textContent = em.score(placed.placed, placed.cells, got, full, bad);

    // The tray: one button per piece not on the board, in piece order.
    const inTray = new Set(s.tray);
    for (const [k, b] of trayButtons) {
      if (!inTray.has(k)) {
        b.remove();
        trayButtons.delete(k);
      }
    }
    let before: HTMLButtonElement | null = null;
    for (let t = s.tray.length - 1; t >= 0; t--) {
      const k = s.tray[t];
      let b = trayButtons.get(k);
      if (!b) {
        b = document.createElement('button');
        b.type = 'button';
        b.className = 'em-piece';
        b.dataset.piece = String(k);
        b.innerHTML = pieceSvg(p.pieces[k], 0, false);
        b.setAttribute('aria-label', em.trayPiece(k, sidesText(k, 0)));
        trayButtons.set(k, b);
        tray.insertBefore(b, before);
      }
      before = b;
    }
    trayHead.textContent = s.tray.length === 0 ? em.trayDone : em.trayHead;
    if (selected === null || !inTray.has(selected)) {
      const after = selected === null ? undefined : s.tray.find((k) => k > selected!);
      selected = after ?? s.tray[0] ?? null;
    }
    select(selected, false);
    trayButtons.get(hintPiece ?? -1)?.classList.add('hint');
  }

  const clearHint = (): void => {
    for (const i of hintCells) cells[i].classList.remove('hint');
    trayButtons.get(hintPiece ?? -1)?.classList.remove('hint');
    hintCells = [];
    hintPiece = null;
    hinted = null;
  };

  return {
    el: root,
    intro: WORDS.edgematchView.intro,
    help: WORDS.edgematchView.help,
    winText: WORDS.edgematchView.winText,
    hasCrossMode: false,
    render() {
      if (drag) endDrag(false);
      if (carry && state().board[carry.from]?.piece !== carry.piece) carry = null;
      paint();
    },
    showHint(hint: Hint<EdgematchFocus> | null) {
      clearHint();
      if (!hint) return;
      const f = hint.focus;
      const cell = f.cell;
      if (hint.technique !== 'mistake' && cell < n) hinted = { cell, piece: f.piece, rotation: f.rotation };
      if (cell < n) hintCells.push(cell);
      const at = cellOfPiece(f.piece);
      if (at >= 0 && !hintCells.includes(at)) hintCells.push(at);
      if (state().tray.includes(f.piece)) {
        hintPiece = f.piece;
        select(f.piece, false);
        trayButtons.get(f.piece)?.classList.add('hint');
        trayButtons.get(f.piece)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      }
      for (const i of hintCells) cells[i].classList.add('hint');
    },
    showWrong(list: number[]) {
      for (const i of wrongCells) cells[i].classList.remove('wrong');
      wrongCells = list.filter((i) => i >= 0 && i < n);
      for (const i of wrongCells) cells[i].classList.add('wrong');
    },
    setCrossMode() {},
    fit(available: number, zoom = 1) {
      const cell = Math.max(30, Math.min(72, Math.floor((available - 4) / W)));
      root.style.setProperty('--cell', `${Math.round(cell * zoom)}px`);
      root.style.setProperty('--piece', `${Math.max(30, Math.min(52, Math.round(cell * 0.8)))}px`);
    },
    focus() {
      setFocus(roving.index);
    },
  };
}

/**
 * The largest side drawn (the board and a tray of width × height pieces). Measured (test/e2e/size-bench,
 * Chromium on the shared 2-core machine, planted boards): 16×16 builds in 250 ms, 24×24 in 220–250 ms
 * with a 100 ms move, 32×32 in 380 ms.
 */
export const EDGEMATCH_MAX_SIDE = 24;

/** The edge-matching entry of the view registry. */
export const edgematchEntry: ViewEntry<Instance, EdgematchState, EdgematchMove, EdgematchFocus> = {
  family: 'edgematch',
  get label() {
    return WORDS.edgematchView.label;
  },
  levels: (width, height) => levelChoices(LEVEL_TABLE, width, height),
  // The playable generator's sides; shared and imported boards may be larger.
  sides: Array.from({ length: PLAY_MAX_SIDE - PLAY_MIN_SIDE + 1 }, (_, k) => PLAY_MIN_SIDE + k),
  initialSide: 6,
  maxSide: EDGEMATCH_MAX_SIDE,
  files: '.txt,.puz,.json,.tud,.id,.ids',
  companions: '.clue',
  parse: (id) => parseEdgematchId(id),
  rules: edgematchPlay,
  isFocus: isEdgematchFocus,
  hintWords: (says) => (isEdgematchSays(says) ? edgematchHintWords(says) : null),
  view: createEdgematchView,
  measured: (metrics) => deductionWords('pieces', metrics),
  daily: { width: 5, height: 5, level: 'medium' },
};
