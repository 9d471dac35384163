/**
 * Benchmark page (test/e2e/size-bench/run.ts drives it): builds one family view of an N×N board on the
 * main thread, as the player does, and reports how long the build (to the first painted frame) and a
 * move (play, redraw, next frame) take. `?family=nonogram&n=40`.
 */
import '../../../web/src/style.css';
import { makeNonogram, lineClue, unwrapNonogram } from '../../../src/families/nonogram/puzzle.ts';
import { nonogram } from '../../../src/families/nonogram/index.ts';
import { makeNumberlinkId } from '../../../src/families/numberlink/formats/index.ts';
import { makeEdgematchId } from '../../../src/families/edgematch/formats/index.ts';
import { generatePlanted, profileParams } from '../../../src/families/edgematch/planted.ts';
import { createGame } from '../../../web/src/views/index.ts';

const frame = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));

function puzzleId(family: string, n: number): { id: string; move: string } {
  if (family === 'nonogram') {
    let x = 12345;
    const pic = Uint8Array.from({ length: n * n }, () => (x = (x * 1103515245 + 12345) & 0x7fffffff) % 2);
    const rows = Array.from({ length: n }, (_, r) => lineClue(pic.subarray(r * n, r * n + n)));
    const cols = Array.from({ length: n }, (_, c) => lineClue(Array.from({ length: n }, (_, r) => pic[r * n + c])));
    return { id: nonogram.makePuzzle(unwrapNonogram(makeNonogram(n, n, rows, cols))), move: `f1.1-1.${n}` };
  }
  if (family === 'numberlink') {
    // One pair per row, at its two ends.
    const pairs = Array.from({ length: n }, (_, r) => [r * n, r * n + n - 1] as [number, number]);
    return { id: makeNumberlinkId({ width: n, height: n, rule: 'strict', pairs, labels: pairs.map((_, k) => String(k + 1)) }), move: `s1.1-1.2-1.3` };
  }
  const pl = generatePlanted(profileParams('official', n, n), 'bench');
  if (!pl.ok) throw new Error(pl.error.message);
  return { id: makeEdgematchId(pl.value.instance), move: '' };
}

async function run(): Promise<void> {
  const q = new URLSearchParams(location.search);
  const family = q.get('family') ?? 'nonogram';
  const n = Number(q.get('n') ?? 10);
  const { id, move } = puzzleId(family, n);
  const stage = document.getElementById('stage')!;
  await frame();
  const t0 = performance.now();
  // Moves are played below, straight on the session; board gestures are not measured.
  const made = createGame(family, id, null, { play: () => {}, say: () => {} });
  if (!made.ok) throw new Error(made.message);
  const { view, session } = made.game;
  stage.replaceChildren(view.el);
  view.render();
  view.fit(Math.min(stage.clientWidth || innerWidth, 1100) - 8);
  void view.el.getBoundingClientRect();
  await frame();
  const build = performance.now() - t0;
  const moves: number[] = [];
  for (let k = 0; k < 3; k++) {
    const m = move || firstPlace(session.state as never);
    const t1 = performance.now();
    const r = session.play(m);
    if (!r.ok) throw new Error(r.error.message);
    view.render();
    void view.el.getBoundingClientRect();
    await frame();
    moves.push(performance.now() - t1);
    session.undo();
    view.render();
    await frame();
  }
  document.title = JSON.stringify({ family, n, build: Math.round(build), move: Math.round(Math.max(...moves)) });
}

/** An edge-matching move: the first tray piece onto the first free cell. */
function firstPlace(s: { width: number; board: readonly unknown[]; tray: readonly number[] }): string {
  const cell = s.board.indexOf(null);
  return `p${s.tray[0]}@${Math.floor(cell / s.width) + 1}.${(cell % s.width) + 1}:0`;
}

run().catch((e: unknown) => (document.title = JSON.stringify({ error: String(e) })));
