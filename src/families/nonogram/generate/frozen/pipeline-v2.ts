/**
 * FROZEN (nonogram generator version 2, colour puzzles): the generation of colour nonograms with 2
 * to 6 colours besides the background (issue 20). Seeded pictures (a background mask of smoothed
 * noise, its filled cells coloured by the nearest of a few seeded colour centres, so colour regions
 * touch as in a drawn picture), visual filters, the colour ladder (colour-grade.ts, pinned) stopped
 * as soon as the picture needs a rung above the level asked, repairs where it stalled, and the
 * certificate: the colour search (colour-solver.ts, pinned) counting to 2 in a fixed node budget.
 * Never edit this file to change behaviour: a change is a new generator version (see ../versions.ts).
 */
import { Meter, type Budget } from '../../../../core/budget.ts';
import type { GenerateDiagnostics, GenerateProgress, GenerateResult, Level } from '../../../../core/family.ts';
import { Rng } from '../../../../core/rng.ts';
import type { BudgetStop } from '../../../../core/verdict.ts';
import { colourCluesOfPicture, makeColourNonogram, type ColourPuzzle } from '../../colour.ts';
import { assessColour, RUNG_OF_LEVEL } from '../../colour-grade.ts';
import { verifySolution } from '../../puzzle.ts';
import type { Nonogram, PaletteColour, Solution } from '../../types.ts';

const GENERATOR_VERSION = 2;

export interface ColourPipelineParams {
  width: number;
  height: number;
  level: Level;
  /** Colours besides the background, 2 to 6. */
  colours: number;
}

const makeParams = (p: ColourPipelineParams): string => `${p.width}x${p.height}-${p.level}-c${p.colours}`;

export interface ColourPipelineOptions {
  maxAttempts?: number;
  /** Line solves of each candidate's ladder. */
  ladderNodes?: number;
  /** Propagations of each candidate's certificate. */
  certificateNodes?: number;
  maxRepairs?: number;
  onProgress?: (p: GenerateProgress) => void;
}

export const COLOUR_PIPELINE_DEFAULTS: Required<Omit<ColourPipelineOptions, 'onProgress'>> = {
  maxAttempts: 400,
  ladderNodes: 60_000,
  certificateNodes: 20_000,
  maxRepairs: 12,
};

/** The palette of a generated puzzle: white background, then the first `colours` of these. */
const PALETTE: readonly PaletteColour[] = [
  { name: 'white', rgb: 'ffffff' },
  { name: 'black', rgb: '000000' },
  { name: 'red', rgb: 'ff0000' },
  { name: 'blue', rgb: '0000ff' },
  { name: 'green', rgb: '008000' },
  { name: 'orange', rgb: 'ffa500' },
  { name: 'purple', rgb: '800080' },
];

/** Filled share (percent, integers), smoothing passes and colour centres per 100 cells, per level. */
const STYLE: Record<Level, { lo: number; hi: number; smooth: number; centres: number }> = {
  easy: { lo: 55, hi: 68, smooth: 1, centres: 3 },
  medium: { lo: 48, hi: 60, smooth: 1, centres: 5 },
  hard: { lo: 44, hi: 56, smooth: 0, centres: 6 },
  expert: { lo: 40, hi: 52, smooth: 0, centres: 8 },
};

/** A seeded colour picture: palette indices, 0 the background. */
export function randomColourPicture(rng: Rng, w: number, h: number, level: Level, colours: number): Uint8Array {
  const style = STYLE[level];
  const pct = rng.range(style.lo, style.hi);
  let g = new Uint8Array(w * h);
  for (let i = 0; i < g.length; i++) g[i] = rng.int(100) < pct ? 1 : 0;
  for (let pass = 0; pass < style.smooth; pass++) {
    const next = new Uint8Array(g.length);
    for (let r = 0; r < h; r++) {
      for (let c = 0; c < w; c++) {
        let n = 0;
        let cells = 0;
        for (let dr = -1; dr <= 1; dr++) {
          for (let dc = -1; dc <= 1; dc++) {
            const rr = r + dr;
            const cc = c + dc;
            if (rr < 0 || rr >= h || cc < 0 || cc >= w) continue;
            cells++;
            n += g[rr * w + cc];
          }
        }
        const i = r * w + c;
        next[i] = 2 * n > cells ? 1 : 2 * n < cells ? 0 : g[i];
      }
    }
    g = next;
  }
  // Colour centres: at least one per colour, the rest by area; each filled cell takes the nearest's colour.
  const k = Math.max(colours, Math.floor((style.centres * w * h) / 100));
  const centres: { r: number; c: number; colour: number }[] = [];
  for (let j = 0; j < k; j++) centres.push({ r: rng.int(h), c: rng.int(w), colour: j < colours ? j + 1 : 1 + rng.int(colours) });
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      const i = r * w + c;
      if (g[i] === 0) continue;
      let best = 0;
      let bestD = Number.POSITIVE_INFINITY;
      for (let j = 0; j < k; j++) {
        const d = Math.abs(centres[j].r - r) + Math.abs(centres[j].c - c);
        if (d < bestD) {
          bestD = d;
          best = j;
        }
      }
      g[i] = centres[best].colour;
    }
  }
  return g;
}

/** Visual filters: no empty line, every colour used, the filled share inside the level's band (±8 points). */
export function colourVisualReject(g: Uint8Array, w: number, h: number, level: Level, colours: number): string | null {
  for (let r = 0; r < h; r++) {
    let s = 0;
    for (let c = 0; c < w; c++) if (g[r * w + c] !== 0) s++;
    if (s === 0) return 'empty-line';
  }
  for (let c = 0; c < w; c++) {
    let s = 0;
    for (let r = 0; r < h; r++) if (g[r * w + c] !== 0) s++;
    if (s === 0) return 'empty-line';
  }
  const used = new Uint8Array(colours + 1);
  let total = 0;
  for (let i = 0; i < g.length; i++) {
    used[g[i]] = 1;
    if (g[i] !== 0) total++;
  }
  for (let c = 1; c <= colours; c++) if (!used[c]) return 'palette';
  const pct = Math.floor((100 * total) / g.length);
  const style = STYLE[level];
  if (pct < style.lo - 8 || pct > style.hi + 8) return 'density';
  return null;
}

function puzzleOf(grid: Uint8Array, w: number, h: number, colours: number): ColourPuzzle {
  const { rows, cols } = colourCluesOfPicture(grid, w, h);
  const r = makeColourNonogram(w, h, PALETTE.slice(0, colours + 1), rows, cols);
  if (!r.ok) throw new Error(`colour generator made clues its constructor refuses: ${r.error.message}`);
  return r.value as ColourPuzzle;
}

/**
 * Generates a colour nonogram of the requested size and colours whose measured level is the one asked
 * and whose uniqueness a completed count proved. Never throws; a budget stop or running out of
 * attempts gives a typed failure.
 */
export function runColourPipeline(
  params: ColourPipelineParams,
  seed: string,
  budget: Budget = {},
  options: ColourPipelineOptions = {},
): GenerateResult<Nonogram, Solution> {
  const opts = { ...COLOUR_PIPELINE_DEFAULTS, ...options };
  const meter = new Meter(budget);
  const { width: w, height: h, level, colours } = params;
  const diag: GenerateDiagnostics = { attempts: 0, ms: 0, nodes: 0, path: 'direct', rejected: {} };
  const reject = (why: string): void => {
    diag.rejected[why] = (diag.rejected[why] ?? 0) + 1;
  };
  const fail = (reason: BudgetStop | 'attempts-exhausted', message: string): GenerateResult<Nonogram, Solution> => {
    diag.ms = meter.elapsedMs();
    return { ok: false, reason, message, diagnostics: diag };
  };
  const maxRung = RUNG_OF_LEVEL[level];
  const rootSeed = `nonogram@${GENERATOR_VERSION}:${makeParams(params)}#${seed}`;
  for (let attempt = 0; attempt < opts.maxAttempts; attempt++) {
    if (!meter.check()) return fail(meter.stopped!, `stopped (${meter.stopped}) after ${attempt} attempts`);
    diag.attempts = attempt + 1;
    opts.onProgress?.({ attempts: attempt + 1, maxAttempts: opts.maxAttempts, ms: meter.elapsedMs() });
    const rng = new Rng(`${rootSeed}/${attempt}`);
    let grid = randomColourPicture(rng, w, h, level, colours);
    const why = colourVisualReject(grid, w, h, level, colours);
    if (why) {
      reject(why);
      continue;
    }
    /** Repaints one cell the ladder left open with another value; false when the result fails the filters. */
    const repair = (cells: Uint32Array): boolean => {
      const open: number[] = [];
      for (let i = 0; i < cells.length; i++) if ((cells[i] & (cells[i] - 1)) !== 0) open.push(i);
      if (open.length === 0) return false;
      const i = rng.pick(open);
      const next = new Uint8Array(grid);
      next[i] = (grid[i] + 1 + rng.int(colours)) % (colours + 1);
      if (colourVisualReject(next, w, h, level, colours)) {
        reject('repair-visual');
        return false;
      }
      grid = next;
      return true;
    };
    for (let round = 0; round <= opts.maxRepairs; round++) {
      const p = puzzleOf(grid, w, h, colours);
      const a = assessColour(p, meter.remaining(), { ladderNodes: opts.ladderNodes, certificateNodes: opts.certificateNodes, maxRung });
      // The caller's node limit counts every candidate's nodes, read between candidates.
      if (!meter.tick(a.nodes)) return fail(meter.stopped!, `stopped (${meter.stopped}) during attempt ${attempt + 1}`);
      diag.nodes += a.nodes;
      const stopped = a.run.stop ?? (a.grade && !a.grade.ok && a.grade.stop !== 'not-unique' ? a.grade.stop : undefined);
      if (stopped === 'deadline' || stopped === 'cancelled') return fail(stopped, `stopped (${stopped}) during attempt ${attempt + 1}`);
      const certificate = a.certificate;
      // Above the level asked, or not unique: repair one cell the ladder left open, then assess again.
      const needsRepair = a.run.outcome === 'above' || (a.run.outcome === 'stuck' && certificate?.kind === 'multiple');
      if (needsRepair) {
        if (round < opts.maxRepairs && repair(a.run.cells)) continue;
        reject(a.run.outcome === 'above' ? 'level-above' : 'certificate-multiple');
        break;
      }
      if (!a.grade || !a.grade.ok || !certificate || certificate.kind !== 'unique') {
        reject(a.grade && !a.grade.ok ? a.grade.stop : `certificate-${certificate?.kind ?? 'missing'}`);
        break;
      }
      if (a.grade.grade.level !== level) {
        reject(`level-${a.grade.grade.level}`);
        break;
      }
      const solution = certificate.solution;
      if (!verifySolution(p, solution).ok) {
        reject('verify');
        break;
      }
      diag.path = round === 0 ? 'direct' : `repair-${round}`;
      diag.ms = meter.elapsedMs();
      return { ok: true, puzzle: p, solution, id: rootSeed, grade: a.grade.grade, certificate, diagnostics: diag };
    }

  }
  return fail('attempts-exhausted', `no ${level} ${w}x${h} puzzle in ${colours} colours certified in ${opts.maxAttempts} attempts`);
}
