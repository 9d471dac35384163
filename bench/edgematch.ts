/**
 * Edge matching: the published study's table reproduced with each paradigm, the board suite's known
 * solution counts, the official clue puzzles, and the backtracker's placement rate on 16x16 boards with
 * Eternity II's colour profile.
 *
 * Study table: planted boards (our seeded generator, no clues) of each size, `--seeds` seeds each, at
 * each colour profile, by the backtracker (best-score run), Algorithm C and the Debian cadical binary on
 * the CNF (up to --xcc-max and --sat-max sides): solved count, time per solve (median, max over solved ones) and the best score
 * reached within the limit (matched joints of the best board seen, full = 2N(N-1)). "22 colours" is
 * measured in both readings (5 border + 17 interior, Eternity II's profile; and 22 interior colours
 * plus 5 border), "26 colours" likewise (5 + 21; 26 interior + 5).
 *   npx tsx bench/edgematch.ts [--sizes 10,11,12,13,14,16] [--seeds 5] [--limit-ms 60000] [--other-limit-ms 20000]
 *     [--xcc-max 11] [--sat-max 11] [--e2-sizes 10,11,12] [--suite-max 8] [--suite-ms 5000] [--parts study,suite,clues,rate]
 *     [--profiles i22,e2,26,i26] [--engine-ms 2000] [--suite-count-ms 60000] [--out edgematch.json]
 * Suite-count part (not in the default parts): every board-suite board up to --suite-max whose
 * enumeration finished upstream, counted to the end (limit 100,000) by what \`proofgrid count\` runs
 * (the default engine, solutions as colourings), CPU user time per board: decided counts (each equal
 * to the suite's, else the run fails) and the boards left undecided in --suite-count-ms.
 * Engines part: the entry point \`proofgrid solve\` and \`count\` run (src/cli/engine.ts), every engine
 * on planted, board-suite and Heule boards, find and count to 2, CPU user seconds (a SAT binary's
 * time counted as the process's waited-for children).
 * `npm run bench` also runs the target rows at the issue's own limit (120 s) into edgematch-long.json.
 */
import { mkdirSync, readdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { bestBacktrack, cellOrder, countBacktrack, solveBacktrack } from '../src/families/edgematch/backtrack.ts';
import { LEVELS } from '../src/core/family.ts';
import { parseBoardSuite, parseHeule } from '../src/families/edgematch/formats/index.ts';
import { generatePlayable, playableParams } from '../src/families/edgematch/generator.ts';
import { generatePlanted } from '../src/families/edgematch/planted.ts';
import { greyMask, isBorderJoint, maxScore, neighbour, rimMask, rotatePiece, verifyBoard } from '../src/families/edgematch/puzzle.ts';
import { verdictSolutions, type Verdict } from '../src/core/verdict.ts';
import type { Board, Instance } from '../src/families/edgematch/types.ts';
import { countEdgematch, findEdgematch } from '../src/families/edgematch/xcc-model.ts';
import { toDimacs } from '../src/core/sat.ts';
import { edgematchCnf } from '../src/families/edgematch/cnf.ts';
import { availableBinaries, solveDimacs } from '../src/witness/sat-count.ts';
import { fmtMs, machine, quantiles, requireData, RESULTS } from './lib.ts';
import { countBy, engineFor, findBy } from '../src/cli/engine.ts';
import { FAMILIES } from '../src/families/index.ts';

const opts = new Command()
  .option('--sizes <list>', 'board sides of the study table', '10,11,12,13,14,16')
  .option('--seeds <n>', 'planted boards per size and profile', (v) => Number(v), 5)
  .option('--limit-ms <ms>', 'time limit per solve', (v) => Number(v), 60_000)
  .option('--xcc-max <n>', 'largest side Algorithm C is run on in the study table', (v) => Number(v), 11)
  .option('--sat-max <n>', 'largest side cadical is run on in the study table', (v) => Number(v), 11)
  .option('--other-limit-ms <ms>', 'time limit per solve for Algorithm C and cadical in the study table', (v) => Number(v), 20_000)
  .option('--e2-sizes <list>', 'board sides at which the 5 + 17 reading is measured', '10,11,12')
  .option('--suite-max <n>', 'largest board of the suite whose counts are reproduced', (v) => Number(v), 8)
  .option('--suite-ms <ms>', 'time limit per suite board and paradigm', (v) => Number(v), 5_000)
  .option('--parts <list>', 'study, suite, clues, rate, playable, tree, engines', 'study,suite,clues,rate,playable')
  .option('--suite-count-ms <ms>', 'time limit per suite board in the suite-count part', (v) => Number(v), 60_000)
  .option('--engine-ms <ms>', 'time limit of each run in the engines part', (v) => Number(v), 2_000)
  .option('--playable-n <n>', 'playable puzzles generated per size and level', (v) => Number(v), 5)
  .option('--playable-sizes <list>', 'board sides of the playable part', '4,5,6,7,8,9,10')
  .option('--profiles <list>', 'colour profiles of the study table: i22, e2, 26, i26', 'i22,e2,26,i26')
  .option('--tree-ms <ms>', 'time limit of each complete enumeration in the tree part', (v) => Number(v), 60_000)
  .option('--tree-max <log10>', 'enumerate completely only where the estimated tree is at most 10^this', (v) => Number(v), 9)
  .option('--out <name>', 'results file in bench/results', 'edgematch.json')
  .parse()
  .opts<{
    sizes: string;
    seeds: number;
    limitMs: number;
    xccMax: number;
    satMax: number;
    otherLimitMs: number;
    e2Sizes: string;
    suiteMax: number;
    suiteMs: number;
    parts: string;
    profiles: string;
    out: string;
    playableN: number;
    playableSizes: string;
    treeMs: number;
    treeMax: number;
    engineMs: number;
    suiteCountMs: number;
  }>();
const parts = new Set(opts.parts.split(','));
const root = requireData('edgematch');

// The table is at 22 interior colours and at 26 colours; the other reading of 22 (Eternity
// II's own 5 + 17) is measured at the sizes given by --e2-sizes.
const ALL_PROFILES = [
  { key: 'i22', name: '22 interior + 5 border', borderColours: 5, interiorColours: 22, e2: false },
  { key: 'e2', name: '22 = 5 border + 17 interior (E2 profile)', borderColours: 5, interiorColours: 17, e2: true },
  { key: '26', name: '26 = 5 border + 21 interior', borderColours: 5, interiorColours: 21, e2: false },
  { key: 'i26', name: '26 interior + 5 border', borderColours: 5, interiorColours: 26, e2: false },
];
const PROFILES = ALL_PROFILES.filter((p) => opts.profiles.split(',').includes(p.key));

interface Cell {
  solved: number;
  n: number;
  medianMs: number | null;
  maxMs: number | null;
  bestScores: number[];
  full: number;
}

const summary = (solvedMs: number[], n: number, bestScores: number[], full: number): Cell => {
  const q = quantiles(solvedMs);
  return { solved: solvedMs.length, n, medianMs: solvedMs.length ? q.median : null, maxMs: solvedMs.length ? q.max : null, bestScores, full };
};

const check = (inst: Instance, b: Board, what: string): void => {
  if (!verifyBoard(inst, b).ok) throw new Error(`${what}: a solution that does not verify`);
};

/**
 * Distinct solutions as the suite counts them: as edge colourings (a piece that looks the same after a
 * half turn gives two boards, one picture).
 */
const pictures = (inst: Instance, v: Verdict<Board>): number => {
  if (v.kind === 'inconclusive') return -1;
  return new Set(verdictSolutions(v).map((b) => b.map((pl) => rotatePiece(inst.pieces[pl!.piece], pl!.rotation).join(',')).join(' '))).size;
};

/**
 * The expected number of partial boards consistent on every joint checked, per depth of the
 * growing-squares order, summed over depths: log10 of the total and of the largest depth.
 */
function treeEstimate(inst: Instance): { log10Total: number; log10Peak: number } {
  const { width, height, pieces } = inst;
  // Colour shares of the sides that meet at rim joints (between two frame pieces, along the frame) and
  // at all other joints.
  const rimSide = new Map<number, number>();
  const inSide = new Map<number, number>();
  const kinds = [0, 0, 0]; // interior, edge, corner pieces
  for (const p of pieces) {
    const g = p.map((c, i) => (c === 0 ? i : -1)).filter((i) => i >= 0);
    kinds[g.length]++;
    for (let i = 0; i < 4; i++) {
      if (p[i] === 0) continue;
      const alongRim = g.some((gi) => (gi + 1) % 4 === i || (gi + 3) % 4 === i);
      const m = alongRim ? rimSide : inSide;
      m.set(p[i], (m.get(p[i]) ?? 0) + 1);
    }
  }
  const matchChance = (m: Map<number, number>): number => {
    const total = [...m.values()].reduce((a, b) => a + b, 0);
    return [...m.values()].reduce((a, b) => a + (b / total) ** 2, 0);
  };
  const logRim = Math.log10(matchChance(rimSide));
  const logIn = Math.log10(matchChance(inSide));
  const order = cellOrder(width, height, 'shells');
  const left = kinds.slice();
  let log = 0;
  let peak = -Infinity;
  let total = -Infinity;
  const addLog = (a: number, b: number): number => (a === -Infinity ? b : Math.max(a, b) + Math.log10(1 + 10 ** -Math.abs(a - b)));
  for (const x of order) {
    const kind = greyCount(rimMask(width, height, x));
    log += Math.log10(Math.max(1, left[kind]) * (kind === 0 ? 4 : 1));
    left[kind]--;
    // The joints towards the west and north neighbours, placed before it in this order.
    for (const d of [3, 0]) if (neighbour(width, height, x, d) >= 0) log += isBorderJoint(width, height, x, d) ? logRim : logIn;
    peak = Math.max(peak, log);
    total = addLog(total, log);
  }
  return { log10Total: total, log10Peak: peak };
}

/** Sides on the frame of a cell (0 interior, 1 edge, 2 corner; boards are at least 2 wide). */
const greyCount = (m: number): number => (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1);

const hasCadical = availableBinaries().includes('cadical');
const out: Record<string, unknown> = { machine: machine(), limitMs: opts.limitMs, otherLimitMs: opts.otherLimitMs, seeds: opts.seeds };

if (parts.has('study')) {
  const rows: Record<string, unknown>[] = [];
  for (const profile of PROFILES) {
    for (const size of (profile.e2 ? opts.e2Sizes : opts.sizes).split(',').map(Number)) {
      const bt = { ms: [] as number[], best: [] as number[] };
      const xc = { ms: [] as number[], run: size <= opts.xccMax };
      const sat = { ms: [] as number[], run: size <= opts.satMax && hasCadical };
      for (let s = 0; s < opts.seeds; s++) {
        const planted = generatePlanted(
          { width: size, height: size, borderColours: profile.borderColours, interiorColours: profile.interiorColours, clues: 0 },
          `study-${s}`,
        );
        if (!planted.ok) throw new Error(planted.error.message);
        const inst = planted.value.instance;
        let t = performance.now();
        const b = bestBacktrack(inst, { seed: `study-${s}`, budget: { deadlineMs: opts.limitMs } });
        const ms = performance.now() - t;
        bt.best.push(b.best.score);
        if (b.result.kind === 'found') {
          check(inst, b.result.solution, 'backtracker');
          bt.ms.push(ms);
        }
        if (xc.run) {
          t = performance.now();
          const x = findEdgematch(inst, { budget: { deadlineMs: opts.otherLimitMs } });
          if (x.kind === 'found') {
            check(inst, x.solution, 'Algorithm C');
            xc.ms.push(performance.now() - t);
          }
        }
        if (sat.run) {
          // cadical on the CNF (Heule's diamond encoding), one call: the time to the first model.
          const cnf = edgematchCnf(inst);
          t = performance.now();
          const r = await solveDimacs('cadical', toDimacs(cnf), { timeoutMs: opts.otherLimitMs });
          if (r.status === 'sat') {
            check(inst, cnf.decode(r.model), 'cadical');
            sat.ms.push(performance.now() - t);
          }
        }
        console.error(`study ${profile.name} ${size}x${size} seed ${s}: backtracker ${b.result.kind} ${fmtMs(ms)} best ${b.best.score}`);
      }
      const full = maxScore(size, size);
      const row = {
        profile: profile.name,
        size: `${size}x${size}`,
        backtrack: summary(bt.ms, opts.seeds, bt.best, full),
        xcc: xc.run ? summary(xc.ms, opts.seeds, [], full) : null,
        cadical: sat.run ? summary(sat.ms, opts.seeds, [], full) : null,
      };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  }
  out.study = rows;
}

if (parts.has('suite')) {
  // Boards whose enumeration finished upstream (`done`): every solution with the clue is on file.
  const base = join(root, 'gallicchio', 'board_suite');
  const rows: Record<string, unknown>[] = [];
  for (const n of readdirSync(base)
    .map(Number)
    .filter((n) => n <= opts.suiteMax)
    .sort((a, b) => a - b)) {
    let boards = 0;
    let agreed = 0;
    let undecided = 0;
    let btAgreed = 0;
    let btUndecided = 0;
    const ms: number[] = [];
    for (const { dir, board, known } of suiteBoards(base, n)) {
      boards++;
      const t = performance.now();
      const v = countEdgematch(board, { limit: 1000, budget: { deadlineMs: opts.suiteMs } });
      ms.push(performance.now() - t);
      const got = pictures(board, v);
      if (got < 0) undecided++;
      else if (got === known) agreed++;
      else throw new Error(`${dir}: Algorithm C counts ${got}, the suite lists ${known}`);
      const w = countBacktrack(board, { limit: 1000, budget: { deadlineMs: opts.suiteMs } });
      const gotB = pictures(board, w);
      if (gotB < 0) btUndecided++;
      else if (gotB === known) btAgreed++;
      else throw new Error(`${dir}: the backtracker counts ${gotB}, the suite lists ${known}`);
    }
    const q = quantiles(ms);
    const row = {
      n,
      boards,
      xccReproduced: agreed,
      xccUndecided: undecided,
      backtrackReproduced: btAgreed,
      backtrackUndecided: btUndecided,
      xccMedianMs: q.median,
      xccMaxMs: q.max,
    };
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  out.suite = rows;
}

/** The board-suite boards of side `n` whose enumeration finished upstream (a `done` file), read, with their listed solution count. */
function* suiteBoards(base: string, n: number): Generator<{ dir: string; c: string; b: string; board: Instance; known: number }> {
  for (const c of readdirSync(join(base, String(n)))) {
    for (const b of readdirSync(join(base, String(n), c))) {
      const dir = join(base, String(n), c, b);
      if (!existsSync(join(dir, 'done'))) continue;
      const inst = parseBoardSuite(readFileSync(join(dir, 'puzzle.puz'), 'utf8'), readFileSync(join(dir, 'puzzle.clue'), 'utf8'));
      if (!inst.ok) throw new Error(`${dir}: ${inst.error.message}`);
      yield { dir, c, b, board: inst.value, known: readdirSync(dir).filter((f) => f.endsWith('.sol')).length };
    }
  }
}

if (parts.has('suite-count')) {
  const base = join(root, 'gallicchio', 'board_suite');
  const rows: Record<string, unknown>[] = [];
  for (const n of readdirSync(base)
    .map(Number)
    .filter((n) => n <= opts.suiteMax)
    .sort((a, b) => a - b)) {
    const cpu: number[] = [];
    const undecided: string[] = [];
    let boards = 0;
    for (const { dir, c, b, board, known } of suiteBoards(base, n)) {
      boards++;
      const edgematch = FAMILIES.edgematch;
      const engine = engineFor(edgematch, board, 'count', {});
      const t = process.cpuUsage();
      const v = (await countBy(edgematch, board, engine, { limit: 100_000, budget: { deadlineMs: opts.suiteCountMs } })) as Verdict<Board>;
      const ms = process.cpuUsage(t).user / 1000;
      if (v.kind === 'inconclusive') {
        undecided.push(`${c}/${b}`);
        continue;
      }
      const got = verdictSolutions(v).length;
      if (got !== known) throw new Error(`${dir}: counted ${got} colourings, the suite lists ${known}`);
      if (pictures(board, v) !== got) throw new Error(`${dir}: two solutions with one colouring`);
      for (const s of verdictSolutions(v)) check(board, s, dir);
      cpu.push(ms);
    }
    const q = quantiles(cpu);
    const row = {
      n,
      boards,
      decided: cpu.length,
      undecided: undecided.length,
      cpuMedianMs: q.median,
      cpuMaxMs: q.max,
      limitMs: opts.suiteCountMs,
      undecidedBoards: undecided,
    };
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  out.suiteCount = rows;
}

if (parts.has('clues')) {
  // The four official clue puzzles (piece sets only, no hints): solved, and counted to 2 with their
  // first corner piece fixed at the top-left (without it every board has a turned copy of itself).
  const rows: Record<string, unknown>[] = [];
  for (const f of ['clue1.txt', 'clue2.txt', 'clue3.txt', 'clue4.txt']) {
    const inst = parseHeule(readFileSync(join(root, 'heule', f), 'utf8'));
    if (!inst.ok) throw new Error(`${f}: ${inst.error.message}`);
    const corner = inst.value.pieces.findIndex((pc) => pc.filter((c) => c === 0).length === 2);
    const rotation = ([0, 1, 2, 3] as const).find((r) => greyMask(inst.value.pieces[corner], r) === 9)!;
    const p: Instance = { ...inst.value, clues: [{ cell: 0, piece: corner, rotation }] };
    let t = performance.now();
    const s = solveBacktrack(p, { budget: { deadlineMs: opts.limitMs } });
    const solveMs = performance.now() - t;
    if (s.kind === 'found') check(p, s.solution, f);
    t = performance.now();
    const c = countBacktrack(p, { budget: { deadlineMs: opts.limitMs } });
    const countMs = performance.now() - t;
    t = performance.now();
    const x = countEdgematch(p, { budget: { deadlineMs: opts.limitMs } });
    const xccMs = performance.now() - t;
    const row = {
      file: f,
      size: `${p.width}x${p.height}`,
      backtrackFind: s.kind,
      backtrackFindMs: solveMs,
      backtrackCount: c.kind,
      backtrackCountMs: countMs,
      xccCount: x.kind,
      xccCountMs: xccMs,
    };
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  out.clues = rows;
}

if (parts.has('tree')) {
  // Why the study table has a cliff: the search tree of an exact backtracker in the growing-squares
  // order is, to a first approximation, the number of partial boards consistent on every joint checked
  // so far. Its expectation follows from the instance alone: at depth d, the pieces of the cell's kind
  // still unused (times 4 turns for interior pieces), times for each joint checked the chance that two
  // sides show the same colour (the sum of squared colour shares of the sides that meet there). The
  // estimate is set against complete enumerations (every solution counted, the whole tree walked)
  // where they finish within --tree-ms, so that the sizes out of reach can be read off it.
  const rows: Record<string, unknown>[] = [];
  const treeMs = opts.treeMs;
  for (const profile of PROFILES) {
    for (const size of (profile.e2 ? opts.e2Sizes : opts.sizes).split(',').map(Number)) {
      const est: number[] = [];
      const peak: number[] = [];
      const measured: (number | null)[] = [];
      let rate = 0;
      for (let s = 0; s < Math.min(3, opts.seeds); s++) {
        const planted = generatePlanted(
          { width: size, height: size, borderColours: profile.borderColours, interiorColours: profile.interiorColours, clues: 0 },
          `study-${s}`,
        );
        if (!planted.ok) throw new Error(planted.error.message);
        const inst = planted.value.instance;
        const e = treeEstimate(inst);
        est.push(e.log10Total);
        peak.push(e.log10Peak);
        if (e.log10Total > opts.treeMax) {
          measured.push(null);
          continue;
        }
        const t = performance.now();
        const v = countBacktrack(inst, { limit: 100_000, budget: { deadlineMs: treeMs } });
        const ms = performance.now() - t;
        measured.push(v.kind === 'inconclusive' ? null : Math.log10(v.stats.nodes));
        if (v.kind !== 'inconclusive') rate = Math.max(rate, v.stats.nodes / (ms / 1000));
      }
      const row = {
        profile: profile.name,
        size: `${size}x${size}`,
        log10Estimate: est,
        log10Peak: peak,
        log10Measured: measured,
        placementsPerSecond: Math.round(rate),
      };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  }
  out.tree = rows;
}

if (parts.has('rate')) {
  // Placements per second of the backtracker on the 16x16 boards with the Eternity II profile.
  const dir = join(root, 'e2profile');
  const files = readdirSync(dir)
    .filter((f) => /^EternityII_Generator\d+\.txt$/.test(f))
    .sort()
    .slice(0, 10);
  // Measured with the look-ahead (the default: fewer placements, each dearer) and without it (the
  // plain placement loop), on the same boards.
  const modes: Record<string, unknown> = {};
  for (const lookAhead of [false, true]) {
    const rates: number[] = [];
    for (const f of files) {
      const inst = parseHeule(readFileSync(join(dir, f), 'utf8'));
      if (!inst.ok) throw new Error(`${f}: ${inst.error.message}`);
      const t = performance.now();
      const r = solveBacktrack(inst.value, { lookAhead, budget: { deadlineMs: 3_000 } });
      rates.push(r.stats.nodes / ((performance.now() - t) / 1000));
    }
    const q = quantiles(rates);
    modes[lookAhead ? 'lookAhead' : 'plain'] = { placementsPerSecondMedian: Math.round(q.median), placementsPerSecondMin: Math.round(Math.min(...rates)) };
  }
  out.rate = { boards: files.length, secondsEach: 3, ...modes };
  console.log(JSON.stringify(out.rate));
}

if (parts.has('playable')) {
  // The playable generator (certified unique, graded): CPU time (user, this process) per generation
  // and the levels measured, per size and requested level; every puzzle (the other-level failure's
  // nearest too) is counted again: cadical on the CNF where installed, else Algorithm C, else the
  // backtracker reading placements (each row says which did).
  const rows: Record<string, unknown>[] = [];
  const sat = availableBinaries().includes('cadical');
  for (const size of opts.playableSizes.split(',').map(Number)) {
    for (const level of LEVELS) {
      const ms: number[] = [];
      const cpu: number[] = [];
      const graded: Record<string, number> = {};
      const recount: Record<string, number> = {};
      let failures = 0;
      for (let i = 0; i < opts.playableN; i++) {
        const t = performance.now();
        const c = process.cpuUsage();
        const r = generatePlayable(playableParams(size, size, level), `bench-${i}`, { deadlineMs: 120_000 });
        cpu.push(process.cpuUsage(c).user / 1000);
        ms.push(performance.now() - t);
        const got = r.ok ? r : r.nearest;
        if (!r.ok) failures++;
        if (!got) continue;
        // Each recount under a cap (one-clue 9x9 and 10x10 experts outlast cadical's minutes); the
        // backtracker reading placements (no symmetry broken) when neither decides.
        let again = sat ? await countBy(FAMILIES.edgematch, got.puzzle, 'sat', { limit: 2, budget: { deadlineMs: 60_000 } }) : null;
        let by = 'cadical';
        if (!again || again.kind === 'inconclusive') {
          again = countEdgematch(got.puzzle, { limit: 2, budget: { maxNodes: 2_000_000 } });
          by = 'Algorithm C';
        }
        if (again.kind === 'inconclusive') {
          again = countBacktrack(got.puzzle, { limit: 2, distinct: 'placements' });
          by = 'backtracker (placements)';
        }
        if (again.kind !== 'unique') throw new Error(`playable ${size}x${size} ${level} ${i}: ${again.kind} by ${by}`);
        recount[by] = (recount[by] ?? 0) + 1;
        graded[got.grade.level] = (graded[got.grade.level] ?? 0) + 1;
      }
      const q = quantiles(ms);
      const qc = quantiles(cpu);
      const row = {
        size: `${size}x${size}`,
        level,
        n: opts.playableN,
        failures,
        cpuMedianMs: qc.median,
        cpuMaxMs: qc.max,
        medianMs: q.median,
        maxMs: q.max,
        graded,
        recount,
      };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  }
  out.playable = rows;
  out.playableVersion = FAMILIES.edgematch.version;
  out.playableRecount = sat
    ? 'cadical, else Algorithm C, else the backtracker reading placements (per row: recount)'
    : 'Algorithm C, else the backtracker reading placements (per row: recount)';
}

if (parts.has('engines')) {
  // User CPU seconds of this process and of its finished children (the SAT binaries), from /proc.
  const ticks = (): number => {
    try {
      const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
      return Number(f[13]); // cutime (field 16): the waited-for children's user ticks
    } catch {
      return 0;
    }
  };
  const userS = (): number => process.cpuUsage().user / 1e6 + ticks() / 100;
  const boards: { board: string; size: string; inst: Instance }[] = [];
  const planted: [number, number, number][] = [
    [6, 3, 3],
    [8, 3, 3],
    [6, 3, 6],
    [7, 4, 8],
    [8, 4, 10],
    [10, 5, 22],
    [12, 5, 22],
  ];
  for (const [n, b, i] of planted) {
    for (const seed of ['1', '2']) {
      const r = generatePlanted({ width: n, height: n, borderColours: b, interiorColours: i }, `engines-${seed}`);
      if (!r.ok) throw new Error(r.error.message);
      boards.push({ board: `planted b${b} i${i} #${seed}`, size: `${n}x${n}`, inst: r.value.instance });
    }
  }
  const suite = join(root, 'gallicchio', 'board_suite');
  for (const n of [6, 7]) {
    const dirs = readdirSync(join(suite, String(n))).flatMap((c) => readdirSync(join(suite, String(n), c)).map((b) => join(suite, String(n), c, b)));
    for (const dir of dirs.filter((d) => existsSync(join(d, 'done'))).slice(0, 2)) {
      const inst = parseBoardSuite(readFileSync(join(dir, 'puzzle.puz'), 'utf8'), readFileSync(join(dir, 'puzzle.clue'), 'utf8'));
      if (!inst.ok) throw new Error(`${dir}: ${inst.error.message}`);
      boards.push({ board: `suite ${dir.split('/').slice(-2).join('/')}`, size: `${n}x${n}`, inst: inst.value });
    }
  }
  for (const f of ['em_7_3_6.txt', 'em_8_4_5.txt']) {
    const inst = parseHeule(readFileSync(join(root, 'heule', f), 'utf8'));
    if (!inst.ok) throw new Error(`${f}: ${inst.error.message}`);
    boards.push({ board: `heule ${f}`, size: `${inst.value.width}x${inst.value.height}`, inst: inst.value });
  }
  const family = FAMILIES.edgematch;
  // turns: what the CLI runs by default (the other three in turn).
  const engines = ['backtrack', 'xcc', ...(availableBinaries().length > 0 ? ['sat'] : []), 'turns'];
  const rows: Record<string, unknown>[] = [];
  for (const { board, size, inst } of boards) {
    const row: Record<string, unknown> = { board, size, pickFind: engineFor(family, inst, 'find', {}), pickCount: engineFor(family, inst, 'count', {}) };
    for (const task of ['find', 'count'] as const) {
      // Counting a 10x10 or larger board to 2 is beyond every engine here: left out.
      if (task === 'count' && inst.width >= 10) continue;
      for (const e of engines) {
        const budget = { deadlineMs: opts.engineMs };
        const u = userS();
        const r = task === 'find' ? await findBy(family, inst, e, budget) : await countBy(family, inst, e, { limit: 2, budget });
        const s = userS() - u;
        if (r.kind === 'found') check(inst, r.solution as Board, `${board} ${e}`);
        if (task === 'count') for (const b of verdictSolutions(r as Verdict<Board>)) check(inst, b, `${board} ${e}`);
        row[`${task}:${e}`] = { kind: r.kind, userS: Math.round(s * 1000) / 1000 };
      }
    }
    // The verdicts of the engines that finished must agree.
    const counts = engines.map((e) => (row[`count:${e}`] as { kind: string } | undefined)?.kind).filter((k) => k !== undefined && k !== 'inconclusive');
    if (new Set(counts).size > 1) throw new Error(`${board}: the engines disagree: ${counts.join(', ')}`);
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  out.engines = { limitMs: opts.engineMs, rows };
}

mkdirSync(RESULTS, { recursive: true });
writeFileSync(join(RESULTS, opts.out), `${JSON.stringify(out, null, 2)}\n`);
console.log(`wrote bench/results/${opts.out}`);
