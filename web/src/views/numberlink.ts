/**
 * The Numberlink view: coloured, labelled endpoint discs and the drawn paths over a grid board.
 * A drag (or a keyboard drawing) becomes one stroke move (`s1.1-1.2-2.2`), played when it ends; a tap
 * on a path clears its piece (`x2.2`). While a stroke is in progress the board shows the state it would
 * give, computed by the family's play rules: the view decides which cells a gesture means, never what
 * a move does.
 */
import { levelChoices, type Hint } from '../../../src/core/family.ts';
import { LEVEL_TABLE } from '../../../src/families/numberlink/generate/level-table.ts';
import { deductionWords, ruleAdds, ruleName, W as WORDS } from '../words.ts';
import { isNumberlinkFocus, type NumberlinkFocus } from '../../../src/families/numberlink/focus.ts';
import { isNumberlinkSays } from '../../../src/families/numberlink/says.ts';
import { numberlinkHintWords, ruleBreakWords } from './numberlink-words.ts';
import { parseNumberlinkId } from '../../../src/families/numberlink/formats/index.ts';
import { applyMove, makeMove, numberlinkPlay, type NumberlinkMove, type NumberlinkState } from '../../../src/families/numberlink/play.ts';
import { directionTo, linkCount, neighbour, nextLinked, ruleBreak, tracePaths } from '../../../src/families/numberlink/puzzle.ts';
import { DIRS, E, S, type Numberlink } from '../../../src/families/numberlink/types.ts';
import type { GameSession } from '../../../src/player/session.ts';
import { GridBoard } from '../board.ts';
import { numberlinkProgress } from '../progress.ts';
import type { FamilyView, ViewEntry, ViewHost } from './types.ts';

/**
 * The largest side drawn. Measured (test/e2e/size-bench, Chromium on the shared 2-core machine, a pair
 * per row): 60×60 builds in 220 ms, 80×80 in 230 ms with a 60 ms stroke, 100×100 in 280 ms but strokes
 * take 170 ms, 150×150 650 ms. (Seeded ids stop at the generator's 40.)
 */
export const NUMBERLINK_MAX_SIDE = 80;

const SVG_NS = 'http://www.w3.org/2000/svg';
/** The directions' bits in the order of the words' `dirs` (north, east, south, west). */
const DIR_INDEX: Record<number, number> = { 1: 0, 2: 1, 4: 2, 8: 3 };

/** Pair colours, each in a light-theme and a dark-theme shade (strokes and discs read on both). */
const PALETTE: [string, string][] = [
  ['#d7263d', '#ff5c6c'], // red
  ['#1f5fd6', '#5c9dff'], // blue
  ['#2b9a42', '#4fd36a'], // green
  ['#e07800', '#ffa43a'], // orange
  ['#8e44ad', '#c98cf0'], // purple
  ['#00919c', '#3fd6e0'], // teal
  ['#d0338c', '#ff78c6'], // magenta
  ['#9c7f00', '#e8cb2e'], // ochre
  ['#7d4c3a', '#cf9c86'], // brown
  ['#4b5d96', '#a5b7f0'], // slate
  ['#6a9600', '#afe044'], // lime
  ['#b34700', '#ff8a50'], // rust
];
const GREY = 'light-dark(#8d8d86, #8e929a)';

/** The colour of pair k (a CSS colour that follows the theme); beyond the palette, hues spread by the golden angle. */
function pairColour(k: number): string {
  if (k < 0) return GREY;
  if (k < PALETTE.length) return `light-dark(${PALETTE[k][0]}, ${PALETTE[k][1]})`;
  const hue = Math.round((k * 137.508) % 360);
  const shade = k % 2 === 0 ? ['42%', '64%'] : ['34%', '72%'];
  return `light-dark(hsl(${hue} 70% ${shade[0]}), hsl(${hue} 75% ${shade[1]}))`;
}

const escapeXml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A stroke in progress: the cells the gesture went through, and the links it cuts away first. */
interface Draw {
  source: 'pointer' | 'keyboard';
  /** Cells walked back over before the trail, to cut off the part of a path beyond the grabbed cell. */
  prefix: number[];
  /** From the start cell to the cell the gesture is on, without doubling back (going back retracts it). */
  trail: number[];
  /** Whether the prefix has been chosen (at the first step). */
  grabbed: boolean;
  /** The pair whose path is being drawn (-1: a loose piece). */
  pair: number;
  /** The endpoint the path being drawn hangs from (-1: none); the drawing may not run into it. */
  home: number;
  moved: boolean;
}

export function createNumberlinkView(
  p: Numberlink,
  session: GameSession<Numberlink, NumberlinkState, NumberlinkMove>,
  host: ViewHost,
): FamilyView<NumberlinkFocus> {
  const { width: W, height: H } = p;
  const n = W * H;
  const ends = session.state.ends;
  const root = document.createElement('div');
  root.className = 'nl';
  root.style.setProperty('--cols', String(W));
  root.style.setProperty('--rows', String(H));

  let draw: Draw | null = null;
  /** A pending animation frame for drawing a drag (0: none). */
  let frame = 0;
  let hintCells: number[] = [];
  let hintLinks: [number, number][] = [];
  /** Paints so far: a stroke that played a move knows the shell repainted. */
  let paints = 0;
  let wrongCells: number[] = [];
  const labels: string[] = new Array<string>(n).fill('');
  const shown = new Int16Array(n).fill(-1);

  const rc = (i: number): string => `${Math.floor(i / W) + 1}.${(i % W) + 1}`;
  const nl = WORDS.numberlinkView;
  const where = (i: number): string => nl.where(Math.floor(i / W) + 1, (i % W) + 1);
  const capacity = (i: number): number => (ends[i] >= 0 ? 1 : 2);

  /** The cells from `from` along the links away from `not`, to the end of the piece (or back to `stop`). */
  const walk = (links: Uint8Array, from: number, not: number, stop: number): number[] => {
    const out = [from];
    let prev = not;
    let cur = from;
    for (;;) {
      const next = nextLinked(p, links, cur, prev);
      if (next < 0 || next === stop) return out;
      out.push(next);
      prev = cur;
      cur = next;
    }
  };

  /**
   * Grabbing cell m of a path: the side of it to keep (towards an endpoint, else the longer) and the
   * cells to walk back over to cut the other side away, tip first. An endpoint keeps nothing beyond itself.
   */
  const grab = (links: Uint8Array, m: number): { cut: number[]; pair: number; home: number } => {
    const sides = DIRS.filter((d) => links[m] & d).map((d) => {
      const cells = walk(links, neighbour(p, m, d), m, m);
      const tip = cells[cells.length - 1];
      return { cells, pair: ends[tip] >= 0 ? ends[tip] : -1, home: ends[tip] >= 0 ? tip : -1 };
    });
    if (ends[m] >= 0) return { cut: sides.length ? [...sides[0].cells].reverse() : [], pair: ends[m], home: m };
    if (sides.length < 2) return { cut: [], pair: sides[0]?.pair ?? -1, home: sides[0]?.home ?? -1 };
    const [a, b] = sides;
    const keepA = a.pair >= 0 !== b.pair >= 0 ? a.pair >= 0 : a.cells.length >= b.cells.length;
    const [keep, drop] = keepA ? [a, b] : [b, a];
    return { cut: [...drop.cells].reverse(), pair: keep.pair, home: keep.home };
  };

  const strokeCells = (d: Draw): number[] => [...d.prefix, ...d.trail];

  /** The state the stroke in progress would give (the session's state when there is none). */
  const previewState = (): NumberlinkState => {
    const cells = draw ? strokeCells(draw) : [];
    return cells.length >= 2 ? applyMove(session.state, { kind: 'stroke', width: W, cells }) : session.state;
  };

  const begin = (cell: number, source: Draw['source']): void => {
    if (draw) finish(true);
    const links = session.state.links;
    const { pair, home } = links[cell] ? grab(links, cell) : { pair: ends[cell], home: ends[cell] >= 0 ? cell : -1 };
    draw = { source, prefix: [], trail: [cell], grabbed: false, pair, home, moved: false };
    board.el.classList.add('drawing');
    paint();
  };

  /** One step of the gesture into a neighbour of the trail's end; false when the step is refused. */
  const step = (d: Draw, next: number): boolean => {
    const t = d.trail;
    const k = t.indexOf(next);
    if (k >= 0) {
      t.length = k + 1;
      return true;
    }
    const last = t[t.length - 1];
    if (t.length > 1 && ends[last] >= 0) return false; // the path has reached an endpoint: only back
    if (ends[next] >= 0 && ((d.pair >= 0 && ends[next] !== d.pair) || next === d.home)) return false; // another pair's endpoint, or its own start
    if (!d.grabbed) {
      d.grabbed = true;
      if (session.state.links[last]) d.prefix = grab(session.state.links, last).cut;
    }
    t.push(next);
    d.moved = true;
    return true;
  };

  /** Extends the gesture towards `cell`, filling in cells a fast pointer skipped. */
  const extend = (cell: number): void => {
    const d = draw;
    if (!d) return;
    for (let guard = W + H; guard > 0; guard--) {
      const last = d.trail[d.trail.length - 1];
      if (last === cell) break;
      const dr = Math.floor(cell / W) - Math.floor(last / W);
      const dc = (cell % W) - (last % W);
      const next = Math.abs(dc) >= Math.abs(dr) ? last + Math.sign(dc) : last + Math.sign(dr) * W;
      if (!step(d, next)) break;
    }
    if (d.source === 'keyboard') paint();
    else if (frame === 0) {
      // A pointer moves faster than frames: draw once per frame.
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (draw) paint();
      });
    }
  };

  const finish = (commit: boolean): void => {
    const d = draw;
    draw = null;
    board.el.classList.remove('drawing');
    if (!d) return;
    const cells = strokeCells(d);
    const start = d.trail[0];
    const last = d.trail[d.trail.length - 1];
    let move: string | null = null;
    if (commit && d.moved && cells.length >= 2) move = makeMove({ kind: 'stroke', width: W, cells });
    else if (commit && !d.moved && d.source === 'pointer' && session.state.links[start]) move = `x${rc(start)}`;
    // Said before the move is played, so that a win's message comes last.
    if (d.source === 'keyboard') {
      host.say(!commit ? nl.cancelled : move === null ? nl.unchanged : d.trail.length > 1 && ends[last] >= 0 ? nl.reached(p.labels[ends[last]]) : nl.stopped);
    }
    // A move played repaints through the shell (render); otherwise (none, or refused) the stroke's preview is cleared here.
    const before = paints;
    if (move !== null) host.play(move);
    if (paints === before) paint();
  };

  const clearAt = (cell: number): void => {
    if (draw) finish(true);
    if (session.state.links[cell]) host.play(`x${rc(cell)}`);
    else host.say(nl.nothingToClear(where(cell)));
  };

  const board = new GridBoard(
    W,
    H,
    `Numberlink, ${W} columns by ${H} rows, ${p.pairs.length} pairs`,
    {
      stroke: (from, _to, action) => {
        if (action === 'clear' || action === 'secondary') {
          clearAt(from);
          return;
        }
        // Space or Enter: start or stop drawing at the focused cell.
        if (draw?.source === 'keyboard') {
          finish(true);
          return;
        }
        begin(from, 'keyboard');
        host.say(nl.drawingFrom(ends[from] >= 0 ? p.labels[ends[from]] : session.state.links[from] ? 'path' : 'empty'));
      },
      preview: () => {},
      focus: (cell) => {
        const d = draw;
        if (d?.source !== 'keyboard') return;
        extend(cell);
        const last = d.trail[d.trail.length - 1];
        if (last !== cell) board.setFocus(last);
        else if (d.trail.length > 1 && ends[last] >= 0) finish(true); // reached an endpoint: done
      },
    },
    {
      guides: false,
      trace: {
        begin: (cell) => begin(cell, 'pointer'),
        enter: (cell) => {
          if (draw?.source === 'pointer') extend(cell);
        },
        end: (commit) => {
          if (draw?.source === 'pointer') finish(commit);
        },
      },
    },
  );
  board.el.addEventListener('keydown', (e) => {
    if (draw?.source !== 'keyboard') return;
    if (e.key === 'Escape') finish(true);
    else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z' && !e.shiftKey) {
      // Undo while drawing takes back the drawing in progress (nothing was played yet).
      e.preventDefault();
      e.stopPropagation();
      finish(false);
    }
  });
  board.el.addEventListener('focusout', (e) => {
    if (draw?.source === 'keyboard' && !(e.relatedTarget instanceof Node && board.el.contains(e.relatedTarget))) finish(true);
  });
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.classList.add('nl-svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('aria-hidden', 'true');
  board.el.append(svg);
  // Pairs joined and cells filled, as the board on screen (a stroke in progress too) has them.
  const counter = document.createElement('p');
  counter.className = 'nl-progress';
  root.append(counter, board.el);

  /** Draws a state: tints of joined paths, strokes, endpoint discs, hint links; and the cells' labels. */
  function paint(): void {
    paints++;
    const s = previewState();
    const links = s.links;
    const got = numberlinkProgress(p, links);
    counter.dataset.joined = String(got.joined);
    counter.dataset.filled = String(got.percent);
    counter.textContent = WORDS.comforts.numberlink(got.joined, got.pairs, got.percent);
    // Pieces: cells joined by links, coloured by the first endpoint on them (grey when none).
    const piece = new Int32Array(n).fill(-1);
    const colour: number[] = [];
    const joined: boolean[] = [];
    for (let i = 0; i < n; i++) {
      if (piece[i] >= 0 || links[i] === 0) continue;
      const id = colour.length;
      const stack = [i];
      const endCells: number[] = [];
      piece[i] = id;
      while (stack.length > 0) {
        const x = stack.pop()!;
        if (ends[x] >= 0) endCells.push(x);
        for (const d of DIRS) {
          if (!(links[x] & d)) continue;
          const y = neighbour(p, x, d);
          if (y >= 0 && piece[y] < 0) {
            piece[y] = id;
            stack.push(y);
          }
        }
      }
      endCells.sort((a, b) => a - b);
      const pairs = endCells.map((x) => ends[x]);
      colour.push(draw && draw.pair >= 0 && pairs.includes(draw.pair) ? draw.pair : (pairs[0] ?? -1));
      joined.push(endCells.length === 2 && pairs[0] === pairs[1]);
    }
    const pairOf = (i: number): number => (piece[i] >= 0 ? colour[piece[i]] : ends[i]);
    const tints = new Map<number, string[]>();
    const segs = new Map<number, string[]>();
    const add = (m: Map<number, string[]>, k: number, v: string) => {
      const l = m.get(k);
      if (l) l.push(v);
      else m.set(k, [v]);
    };
    for (let i = 0; i < n; i++) {
      const x = i % W;
      const y = Math.floor(i / W);
      if (piece[i] >= 0 && joined[piece[i]]) add(tints, colour[piece[i]], `M${x} ${y}h1v1h-1z`);
      if (links[i] & E) add(segs, pairOf(i), `M${x + 0.5} ${y + 0.5}h1`);
      if (links[i] & S) add(segs, pairOf(i), `M${x + 0.5} ${y + 0.5}v1`);
    }
    const out: string[] = ['<g fill-opacity="0.2">'];
    for (const [k, d] of tints) out.push(`<path style="fill:${pairColour(k)}" d="${d.join('')}"/>`);
    out.push('</g><g fill="none" stroke-width="0.34" stroke-linecap="round" stroke-linejoin="round">');
    for (const [k, d] of segs) out.push(`<path style="stroke:${pairColour(k)}" d="${d.join('')}"/>`);
    out.push('</g>');
    p.pairs.forEach(([a, b], k) => {
      const label = escapeXml(p.labels[k]);
      const size = p.labels[k].length <= 1 ? 0.56 : p.labels[k].length === 2 ? 0.46 : 0.34;
      const done = piece[a] >= 0 && piece[a] === piece[b] && joined[piece[a]];
      for (const c of [a, b]) {
        const cx = (c % W) + 0.5;
        const cy = Math.floor(c / W) + 0.5;
        out.push(`<circle cx="${cx}" cy="${cy}" r="0.4" style="fill:${pairColour(k)}"${done ? ' class="nl-done"' : ''}/>`);
        out.push(`<text class="nl-label" x="${cx}" y="${cy}" font-size="${size}" stroke-width="${size * 0.16}">${label}</text>`);
      }
    });
    for (const [a, b] of hintLinks) {
      const [x1, y1, x2, y2] = [(a % W) + 0.5, Math.floor(a / W) + 0.5, (b % W) + 0.5, Math.floor(b / W) + 0.5];
      out.push(`<line class="nl-hint" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`);
    }
    if (draw) {
      const t = draw.trail[draw.trail.length - 1];
      out.push(`<circle class="nl-tip" cx="${(t % W) + 0.5}" cy="${Math.floor(t / W) + 0.5}" r="0.2"/>`);
    }
    svg.innerHTML = out.join('');
    // Labels for screen readers, and the links as data for anyone else (after a drag, not during it).
    if (draw?.source === 'pointer') return;
    for (let i = 0; i < n; i++) {
      const m = links[i];
      const linked = nl.linked(DIRS.filter((d) => m & d).map((d) => nl.dirs[DIR_INDEX[d]]));
      const k = pairOf(i);
      const what =
        ends[i] >= 0
          ? nl.endpoint(p.labels[ends[i]], piece[i] >= 0 && joined[piece[i]], linked)
          : m === 0
            ? nl.empty
            : nl.piece(k >= 0 ? p.labels[k] : null, linkCount(m) < capacity(i), linked);
      const label = `${where(i)}, ${what}`;
      if (labels[i] !== label) {
        labels[i] = label;
        board.cells[i].setAttribute('aria-label', label);
      }
      if (shown[i] !== m) {
        shown[i] = m;
        board.cells[i].dataset.links = String(m);
        board.cells[i].classList.toggle('linked', m !== 0);
      }
    }
  }

  const rule = { name: ruleName(p.rule), adds: ruleAdds(p.rule) };
  return {
    el: root,
    intro: WORDS.numberlinkView.intro(p.rule === 'strict' ? null : rule.adds),
    help: WORDS.numberlinkView.help(rule.name, rule.adds),
    winText: WORDS.numberlinkView.winText,
    hasCrossMode: false,
    rules: WORDS.numberlinkView.rules(rule.name),
    render() {
      draw = null;
      board.el.classList.remove('drawing');
      paint();
      // A full board that still breaks the puzzle's rule set (no-2x2, no-touch) says why it has not won.
      const links = session.state.links;
      const traced = tracePaths(p, links);
      const broken = traced.ok ? ruleBreak(p, links, traced.owner, p.rule) : null;
      if (broken) host.say(WORDS.numberlinkView.brokenRule(ruleBreakWords(broken), rule.adds));
    },
    showHint(hint: Hint<NumberlinkFocus> | null) {
      // Clearing a highlight that is not there (after every move) repaints nothing.
      if (hint === null && hintCells.length === 0 && hintLinks.length === 0) return;
      for (const i of hintCells) board.cells[i].classList.remove('hint');
      hintLinks = [];
      const cells = (hint?.focus.cells ?? []).map((c) => c.row * W + c.col).filter((i) => i >= 0 && i < n);
      hintCells = cells;
      for (const i of cells) board.cells[i].classList.add('hint');
      for (let t = 0; t + 1 < cells.length; t++) if (directionTo(p, cells[t], cells[t + 1])) hintLinks.push([cells[t], cells[t + 1]]);
      paint();
    },
    showWrong(cells: number[]) {
      for (const i of wrongCells) board.cells[i].classList.remove('wrong');
      wrongCells = cells;
      for (const i of wrongCells) board.cells[i].classList.add('wrong');
    },
    setCrossMode() {},
    fit(available: number, zoom = 1) {
      const cell = Math.max(14, Math.min(48, Math.floor((available - 4) / W)));
      root.style.setProperty('--cell', `${Math.round(cell * zoom)}px`);
    },
    focus() {
      board.setFocus(board.focusedCell);
    },
  };
}

/** The Numberlink entry of the view registry. */
export const numberlinkEntry: ViewEntry<Numberlink, NumberlinkState, NumberlinkMove, NumberlinkFocus> = {
  family: 'numberlink',
  get label() {
    return WORDS.numberlinkView.label;
  },
  levels: (width, height) => levelChoices(LEVEL_TABLE, width, height),
  // Boards past 30 take the generator several seconds; seeded share links up to its 40 still open, other
  // boards up to NUMBERLINK_MAX_SIDE.
  sides: [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 25, 30],
  initialSide: 7,
  maxSide: NUMBERLINK_MAX_SIDE,
  files: '.txt,.nl,.flow,.id,.ids',
  parse: (id) => parseNumberlinkId(id),
  rules: numberlinkPlay,
  isFocus: isNumberlinkFocus,
  hintWords: (says) => (isNumberlinkSays(says) ? numberlinkHintWords(says) : null),
  view: createNumberlinkView,
  measured: (metrics) => deductionWords('links', metrics),
  daily: { width: 8, height: 8, level: 'medium' },
};
