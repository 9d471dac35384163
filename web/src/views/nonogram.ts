/**
 * The Nonogram view: clues around a grid board. Board reports become move strings (`f3.4`,
 * `x3.4-3.9p`, ...) played through the shell; the marks are drawn from the session's state.
 */
import { levelChoices, type Hint } from '../../../src/core/family.ts';
import { COLOUR_LEVEL_TABLES } from '../../../src/families/nonogram/generate/colour-level-table.ts';
import { LEVEL_TABLE } from '../../../src/families/nonogram/generate/level-table.ts';
import { W as WORDS } from '../words.ts';
import { nonogramHintWords, nonogramMeasured } from './nonogram-words.ts';
import { isNonogramFocus, type NonogramFocus } from '../../../src/families/nonogram/focus.ts';
import { isNonogramSays } from '../../../src/families/nonogram/says.ts';
import { parseNonogramId } from '../../../src/families/nonogram/formats/id.ts';
import { withAutoCross } from '../../../src/families/nonogram/clue-state.ts';
import {
  colourChar,
  colourOfMark,
  isFill,
  makeMove,
  markOfColour,
  nonogramPlay,
  parseMove,
  type NonogramMove,
  type NonogramState,
} from '../../../src/families/nonogram/play.ts';
import { EMPTY, type Nonogram } from '../../../src/families/nonogram/types.ts';
import { chipText } from './colour-chips.ts';
import type { GameSession } from '../../../src/player/session.ts';
import { GridBoard } from '../board.ts';
import { settings } from '../settings.ts';
import { ClueCues, DragCounter } from './nonogram-clues.ts';
import type { FamilyView, ViewEntry, ViewHost } from './types.ts';

/**
 * The largest side drawn. Measured (test/e2e/size-bench, Chromium on the shared 2-core machine, random
 * pictures): 80×80 builds in 150 ms, 100×100 in 330 ms with a 60 ms move, 150×150 in 660 ms with a
 * 120 ms move; 300×300 took 5.7 s and 1000×1000 froze the page for over 10 s.
 */
export const NONOGRAM_MAX_SIDE = 100;

const MARK_CLASS = ['', 'filled', 'crossed'];

const clueWords = (clue: number[]): string => (clue.length === 0 ? '0' : clue.join(' '));

/** A colour clue in words: each block's length and its colour's name ("2 red 1 black"). */
const colourClueWords = (p: Nonogram, clue: number[], colours: number[] | undefined): string =>
  clue.length === 0 || !p.colour || !colours ? clueWords(clue) : clue.map((n, b) => `${n} ${p.colour?.palette[colours[b]]?.name ?? ''}`).join(' ');

/** A clue element; on a colour puzzle each number is a chip in its block's colour, its text black or white for contrast. */
function clueEl(p: Nonogram, kind: 'row' | 'col', index: number, clue: number[]): HTMLDivElement {
  const el = document.createElement('div');
  el.className = `clue ${kind}-clue`;
  el.dataset.index = String(index);
  const nums = clue.length === 0 ? [0] : clue;
  const colours = p.colour ? (kind === 'row' ? p.colour.rows[index] : p.colour.cols[index]) : undefined;
  for (const [b, n] of nums.entries()) {
    const s = document.createElement('span');
    s.textContent = String(n);
    const c = colours?.[b];
    if (p.colour && c !== undefined && clue.length > 0) {
      const rgb = p.colour.palette[c].rgb;
      s.className = 'chip';
      s.dataset.colour = String(c);
      s.style.background = `#${rgb}`;
      s.style.color = `#${chipText(rgb)}`;
    }
    el.append(s);
  }
  el.setAttribute('aria-label', WORDS.nonogramView.clueLabel(kind, index + 1, nums.length, colourClueWords(p, clue, colours)));
  return el;
}

/**
 * The palette of a colour puzzle: a button per colour (keys 1 to 9 pick them) and the cross (key 0),
 * each at least 44 px square. `pick` is told the choice (0 the cross); the pressed button shows it.
 */
function paletteEl(p: Nonogram, pick: (c: number) => void): { el: HTMLDivElement; show(c: number): void } {
  const el = document.createElement('div');
  el.className = 'ng-palette';
  el.setAttribute('role', 'toolbar');
  el.setAttribute('aria-label', WORDS.nonogramView.palette);
  const buttons: HTMLButtonElement[] = [];
  const pal = p.colour?.palette ?? [];
  for (let c = 0; c < pal.length; c++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'swatch';
    b.dataset.colour = String(c);
    const key = c <= 9 ? String(c) : '';
    // Past 9 a button shows the colour's board-text letter (A to U), picked with [ and ].
    const shown = key || colourChar(c);
    if (c === 0) {
      b.textContent = '×';
      b.setAttribute('aria-label', WORDS.nonogramView.paletteCross);
    } else {
      b.style.background = `#${pal[c].rgb}`;
      b.style.color = `#${chipText(pal[c].rgb)}`;
      b.textContent = shown;
      b.setAttribute('aria-label', WORDS.nonogramView.paletteColour(pal[c].name, shown));
    }
    if (key) b.setAttribute('aria-keyshortcuts', key);
    b.title = b.getAttribute('aria-label') ?? '';
    b.addEventListener('click', () => pick(c));
    buttons.push(b);
  }
  // The colours first, the cross last, as the keys run 1, 2, ... and 0.
  el.append(...buttons.slice(1), buttons[0]);
  return {
    el,
    show(c) {
      for (const [k, b] of buttons.entries()) b.setAttribute('aria-pressed', String(k === c));
    },
  };
}

/** How a Nonogram view plays, beyond its puzzle and session. */
export interface NonogramViewOptions {
  /**
   * Whether "auto-cross finished lines" is on, asked at each move: a fill that makes a line's fills
   * spell its clue crosses that line's other unknown cells in the same move (one undo). Off when absent.
   */
  autoCross?: () => boolean;
}

export function createNonogramView(
  p: Nonogram,
  session: GameSession<Nonogram, NonogramState, NonogramMove>,
  host: ViewHost,
  options: NonogramViewOptions = {},
): FamilyView<NonogramFocus> {
  const { width: W, height: H } = p;
  const root = document.createElement('div');
  root.className = 'ng';
  const corner = document.createElement('div');
  corner.className = 'ng-corner';
  const colBox = document.createElement('div');
  colBox.className = 'ng-cols';
  const rowBox = document.createElement('div');
  rowBox.className = 'ng-rows';
  const colClues = p.cols.map((c, i) => clueEl(p, 'col', i, c));
  const rowClues = p.rows.map((c, i) => clueEl(p, 'row', i, c));
  const colour = p.colour;
  // The colour a fill takes on a colour puzzle (0: taps and clicks cross).
  let pick = 1;
  colClues.forEach((el, i) => {
    if ((i + 1) % 5 === 0 && i < W - 1) el.classList.add('guide-r');
  });
  rowClues.forEach((el, i) => {
    if ((i + 1) % 5 === 0 && i < H - 1) el.classList.add('guide-b');
  });
  colBox.append(...colClues);
  rowBox.append(...rowClues);
  const rowChars = Math.max(1, ...p.rows.map((c) => clueWords(c).length));
  const colNums = Math.max(1, ...p.cols.map((c) => c.length));
  root.style.setProperty('--col-nums', String(colNums));
  root.style.setProperty('--cols', String(W));
  root.style.setProperty('--rows', String(H));

  let focusRow = -1;
  let focusCol = -1;
  let previewCells: number[] = [];
  let hintCells: number[] = [];
  let hintLine: HTMLElement | null = null;
  let wrongCells: number[] = [];
  const drawn = new Int8Array(W * H).fill(-1);

  const board = new GridBoard(W, H, WORDS.nonogramView.boardLabel(W, H), {
    stroke: (from, to, act, drag) => {
      const marks = session.state.marks;
      const start = marks[from];
      const action = act === 'primary' && colour && pick === 0 ? 'secondary' : act;
      // A fill's mark: the picked colour's on a colour puzzle (a cell of another colour is filled over).
      const fill = markOfColour(colour ? pick : 1);
      let op: 'f' | 'x' | 'c';
      if (action === 'clear') op = 'c';
      else if (action === 'primary') op = start === fill ? 'c' : 'f';
      else op = start === EMPTY ? 'c' : 'x';
      const at = (i: number) => `${Math.floor(i / W) + 1}.${(i % W) + 1}`;
      const tint = op === 'f' && colour && pick > 1 ? `@${pick}` : '';
      let move = `${op}${at(from)}${from === to ? '' : `-${at(to)}`}${drag && op !== 'c' ? 'p' : ''}${tint}`;
      // A drag's length, said once it ends (the counter showed it while dragging).
      if (drag) toSay.push(WORDS.nonogramView.strokeCells(Math.max(Math.abs(Math.floor(to / W) - Math.floor(from / W)), Math.abs((to % W) - (from % W))) + 1));
      if (op === 'f' && !colour && options.autoCross?.()) {
        const m = parseMove(move, p);
        if (m.ok) move = makeMove(withAutoCross(p, session.state, m.value));
      }
      stroking = true;
      try {
        host.play(move);
      } finally {
        stroking = false;
      }
      flush();
    },
    preview: (cells, action) => {
      counter.show(cells ? cells.map((i) => board.cells[i]) : null);
      for (const i of previewCells) board.cells[i].classList.remove('preview', 'preview-fill', 'preview-cross');
      previewCells = cells ?? [];
      const start = cells ? session.state.marks[cells[0]] : 0;
      const act = action === 'primary' && colour && pick === 0 ? 'secondary' : action;
      const kind =
        act === 'clear' || (act === 'primary' && start === markOfColour(colour ? pick : 1)) || (act === 'secondary' && start === EMPTY)
          ? 'preview'
          : act === 'primary'
            ? 'preview-fill'
            : 'preview-cross';
      for (const i of previewCells) board.cells[i].classList.add(kind);
    },
    focus: (cell) => {
      const r = Math.floor(cell / W);
      const c = cell % W;
      if (r !== focusRow) {
        rowClues[focusRow]?.classList.remove('focus');
        rowClues[r].classList.add('focus');
        focusRow = r;
      }
      if (c !== focusCol) {
        colClues[focusCol]?.classList.remove('focus');
        colClues[c].classList.add('focus');
        focusCol = c;
      }
    },
  });
  root.append(corner, colBox, rowBox, board.el);
  // A colour puzzle's palette, above the board (the view's element holds both); keys 0 to 9 pick from it.
  let el: HTMLElement = root;
  if (colour) {
    const pal = paletteEl(p, (c) => {
      pick = c;
      pal.show(c);
      board.setFocus(board.focusedCell);
    });
    pal.show(pick);
    el = document.createElement('div');
    el.className = 'ng-colour';
    el.append(pal.el, root);
    // Keys 0 to 9 pick at once; [ and ] step through the palette (every colour, past 9 too, then the cross).
    el.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const n = colour.palette.length;
      let c: number;
      if (e.key === ']' || e.key === '[') c = (pick + (e.key === ']' ? 1 : n - 1)) % n;
      else if (/^[0-9]$/.test(e.key)) c = Number(e.key);
      else return;
      if (c >= n) return;
      e.preventDefault();
      pick = c;
      pal.show(c);
    });
  }
  const counter = new DragCounter(root);
  const cues = new ClueCues(p, rowClues, colClues);
  // What the live region says next: a drag's length, then the clues it turned red (said together).
  const toSay: string[] = [];
  let stroking = false;
  let opened = false;
  const flush = (): void => {
    if (toSay.length > 0) counter.say(toSay.splice(0).join(' '));
  };
  const dirtyRows = new Uint8Array(H);
  const dirtyCols = new Uint8Array(W);

  const render = (): void => {
    const s = session.state;
    for (let i = 0; i < W * H; i++) {
      const m = s.marks[i];
      if (drawn[i] === m) continue;
      drawn[i] = m;
      dirtyRows[Math.floor(i / W)] = 1;
      dirtyCols[i % W] = 1;
      const cell = board.cells[i];
      cell.classList.remove('filled', 'crossed');
      const cls = isFill(m) ? 'filled' : MARK_CLASS[m];
      if (cls) cell.classList.add(cls);
      const label = WORDS.nonogramView.cellLabel(Math.floor(i / W) + 1, (i % W) + 1, isFill(m) ? 1 : m);
      if (colour) {
        // A colour fill is drawn in its colour, and named in the cell's label.
        const c = colourOfMark(m);
        cell.style.background = c > 0 ? `#${colour.palette[c].rgb}` : '';
        if (c > 0) cell.dataset.colour = String(c);
        else delete cell.dataset.colour;
        cell.setAttribute('aria-label', c > 0 ? `${label}, ${colour.palette[c].name}` : label);
      } else cell.setAttribute('aria-label', label);
    }
    // Only the lines whose cells changed are read again (all of them when the view opens).
    for (let r = 0; r < H; r++) if (dirtyRows[r]) cues.update(s, 'row', r);
    for (let c = 0; c < W; c++) if (dirtyCols[c]) cues.update(s, 'col', c);
    dirtyRows.fill(0);
    dirtyCols.fill(0);
    // Clues that turned red are said once (not those a saved game opens with).
    const red = cues.takeTurnedRed();
    const v = WORDS.nonogramView;
    if (opened) toSay.push(...(red.length > 3 ? [v.cluesCannotFit(red.length)] : red.map((l) => v.lineCannotFit(l.kind, l.index + 1))));
    opened = true;
    if (!stroking) flush();
  };

  return {
    el,
    intro: colour ? WORDS.nonogramView.colourIntro : WORDS.nonogramView.intro,
    help: colour ? [...WORDS.nonogramView.help, ...WORDS.nonogramView.colourHelp] : WORDS.nonogramView.help,
    winText: WORDS.nonogramView.winText,
    hasCrossMode: true,
    render,
    showHint(hint: Hint<NonogramFocus> | null) {
      for (const i of hintCells) board.cells[i].classList.remove('hint', 'hint-cell');
      hintLine?.classList.remove('hint');
      hintCells = [];
      hintLine = null;
      if (!hint) return;
      const f = hint.focus;
      const { kind, index } = f.line;
      hintLine = kind === 'row' ? rowClues[index] : colClues[index];
      hintLine.classList.add('hint');
      for (let k = 0; k < (kind === 'row' ? W : H); k++) hintCells.push(kind === 'row' ? index * W + k : k * W + index);
      for (const i of hintCells) board.cells[i].classList.add('hint');
      for (const c of f.cells) {
        const i = c.row * W + c.col;
        board.cells[i].classList.add('hint-cell');
        if (!hintCells.includes(i)) hintCells.push(i);
      }
    },
    showWrong(cells: number[]) {
      for (const i of wrongCells) board.cells[i].classList.remove('wrong');
      wrongCells = cells;
      for (const i of wrongCells) board.cells[i].classList.add('wrong');
    },
    setCrossMode(on: boolean) {
      board.crossMode = on;
    },
    fit(available: number, zoom = 1) {
      // Cells and clue numbers scale together; big boards scroll on small screens rather than shrink unreadably.
      const cell = Math.max(14, Math.min(36, Math.floor(available / (W + rowChars * 0.42 + 0.8))));
      root.style.setProperty('--cell', `${Math.round(cell * zoom)}px`);
    },
    focus() {
      board.setFocus(board.focusedCell);
    },
  };
}

/** The Nonogram entry of the view registry. */
export const nonogramEntry: ViewEntry<Nonogram, NonogramState, NonogramMove, NonogramFocus> = {
  family: 'nonogram',
  get label() {
    return WORDS.nonogramView.label;
  },
  // Colour puzzles (generator version 2) read their colours' measured table.
  levels: (width, height, colours) => {
    if (colours === undefined) return levelChoices(LEVEL_TABLE, width, height);
    const table = COLOUR_LEVEL_TABLES[colours];
    return table ? levelChoices(table, width, height) : null;
  },
  colours: [2, 3, 4, 5, 6],
  sides: [5, 10, 15, 20, 25, 30, 35, 40],
  initialSide: 10,
  maxSide: NONOGRAM_MAX_SIDE,
  // Colour puzzles (issue 20) too: Olšák's .g, .cnon, JSON and CSV colour files, and webpbn's XML.
  files: '.non,.nonpack,.xml,.pbn,.nin,.txt,.g,.cnon,.json,.csv',
  parse: (id) => parseNonogramId(id),
  rules: nonogramPlay,
  isFocus: isNonogramFocus,
  hintWords: (says) => (isNonogramSays(says) ? nonogramHintWords(says) : null),
  // Auto-cross follows the player's settings (web/src/settings.ts), read at each move.
  view: (p, session, host) => createNonogramView(p, session, host, { autoCross: () => settings().autoCross }),
  measured: nonogramMeasured,
  daily: { width: 10, height: 10, level: 'medium' },
};
