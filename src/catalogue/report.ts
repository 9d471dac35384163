/**
 * The HTML report of `catalogue stats --html`: one self-contained page (inline CSS and SVG, no script,
 * no external asset) with the statistics table and, per family, three kinds of plots drawn here:
 * - grade-score histograms, one per requested level (20 bins of 5 points over 0–100, the level
 *   bands shaded, a bar coloured by the level its scores measure), of the catalogue's puzzles;
 * - generation time per size, a dot plot on a log scale, one dot per stored job (failed ones in red),
 *   the median marked;
 * - measured score against requested level, one dot per catalogue puzzle, coloured by its measured
 *   level, over the level bands.
 * Every plot is one `<svg class="plot" data-plot=...>`; bars are `<rect class="bar" data-count>`,
 * dots `<circle class="point">`, so a test can count them. Deterministic: the same store gives the same
 * bytes (dots are spread by their rank, not at random).
 */
import { LEVEL_BANDS, LEVELS, levelOfScore, type Level } from '../core/family.ts';
import { filterSql, type CatalogueFilter } from './export.ts';
import { median, msText, type CatalogueStats } from './stats.ts';
import { CELL_ORDER, type Store } from './store.ts';

export interface ReportJob {
  family: string;
  width: number;
  height: number;
  status: string;
  ms: number;
}

export interface ReportPuzzle {
  family: string;
  width: number;
  height: number;
  level: string;
  measured: string | null;
  score: number;
}

export interface ReportData {
  jobs: ReportJob[];
  puzzles: ReportPuzzle[];
}

export function reportData(store: Store, filter: CatalogueFilter = {}): ReportData {
  const timed = filterSql(filter, ['diag_ms IS NOT NULL']);
  const jobs = store.db
    .prepare(
      `SELECT family, width, height, status, diag_ms AS ms FROM jobs ${timed.where} ORDER BY family, width * height, width, params, base_seed, job_index`,
    )
    .all(timed.params) as ReportJob[];
  const graded = filterSql(filter, ['grade_score IS NOT NULL']);
  const puzzles = store.db
    .prepare(`SELECT family, width, height, level, grade_level AS measured, grade_score AS score FROM catalogue ${graded.where} ORDER BY ${CELL_ORDER}, place`)
    .all(graded.params) as ReportPuzzle[];
  return { jobs, puzzles };
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const r1 = (x: number): string => String(Math.round(x * 10) / 10);

const LEVEL_COLOURS: Record<Level, string> = { easy: '#4e9a06', medium: '#c4a000', hard: '#ce5c00', expert: '#a40000' };
const BAND_FILLS: Record<Level, string> = { easy: '#eef6e6', medium: '#fbf6dc', hard: '#fcebdc', expert: '#f6e0e0' };
const levelColour = (l: string | null): string => (l !== null && (LEVELS as readonly string[]).includes(l) ? LEVEL_COLOURS[l as Level] : '#555');

const W = 560;
const H = 260;
const M = { left: 52, right: 16, top: 28, bottom: 40 };
const PW = W - M.left - M.right;
const PH = H - M.top - M.bottom;

function svgOpen(plot: string, title: string, extra = ''): string {
  return `<svg class="plot" data-plot="${esc(plot)}" ${extra}xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title>
<text x="${W / 2}" y="16" text-anchor="middle" class="t">${esc(title)}</text>`;
}

/** The score axis (0–100) on the left, with the level bands shaded behind the plot. */
function scoreAxis(bandsVertical: boolean): string {
  const out: string[] = [];
  for (const l of LEVELS) {
    const [from, below] = LEVEL_BANDS[l];
    const to = Math.min(100, below);
    if (bandsVertical) {
      const x0 = M.left + (from / 100) * PW;
      const x1 = M.left + (to / 100) * PW;
      out.push(`<rect class="band" x="${r1(x0)}" y="${M.top}" width="${r1(x1 - x0)}" height="${PH}" fill="${BAND_FILLS[l]}"/>`);
      out.push(`<text x="${r1((x0 + x1) / 2)}" y="${M.top + 10}" text-anchor="middle" class="s" fill="${LEVEL_COLOURS[l]}">${l}</text>`);
    } else {
      const y0 = M.top + PH - (from / 100) * PH;
      const y1 = M.top + PH - (to / 100) * PH;
      out.push(`<rect class="band" x="${M.left}" y="${r1(y1)}" width="${PW}" height="${r1(y0 - y1)}" fill="${BAND_FILLS[l]}"/>`);
      out.push(`<text x="${W - M.right - 4}" y="${r1(y0 - 4)}" text-anchor="end" class="s" fill="${LEVEL_COLOURS[l]}">${l}</text>`);
    }
  }
  for (let s = 0; s <= 100; s += 20) {
    if (bandsVertical) {
      const x = M.left + (s / 100) * PW;
      out.push(
        `<line x1="${r1(x)}" y1="${M.top + PH}" x2="${r1(x)}" y2="${M.top + PH + 4}" class="ax"/><text x="${r1(x)}" y="${M.top + PH + 16}" text-anchor="middle" class="s">${s}</text>`,
      );
    } else {
      const y = M.top + PH - (s / 100) * PH;
      out.push(
        `<line x1="${M.left - 4}" y1="${r1(y)}" x2="${M.left}" y2="${r1(y)}" class="ax"/><text x="${M.left - 7}" y="${r1(y + 4)}" text-anchor="end" class="s">${s}</text>`,
      );
    }
  }
  return out.join('\n');
}

const frame = (): string => `<rect x="${M.left}" y="${M.top}" width="${PW}" height="${PH}" fill="none" class="ax"/>`;

export const HISTOGRAM_BINS = 20;

/** Grade scores of one requested level: 20 bins of 5 points (the last holds 95–100). */
export function histogramSvg(family: string, level: string, scores: readonly number[]): string {
  const counts = new Array<number>(HISTOGRAM_BINS).fill(0);
  for (const s of scores) counts[Math.min(HISTOGRAM_BINS - 1, Math.max(0, Math.floor(s / (100 / HISTOGRAM_BINS))))]++;
  const top = Math.max(1, ...counts);
  const bw = PW / HISTOGRAM_BINS;
  const bars = counts.map((n, i) => {
    const h = (n / top) * (PH - 14);
    const from = i * 5;
    return `<rect class="bar" data-count="${n}" x="${r1(M.left + i * bw + 1)}" y="${r1(M.top + PH - h)}" width="${r1(bw - 2)}" height="${r1(h)}" fill="${levelColour(levelOfScore(from))}"><title>score ${from}–${from + 5}: ${n}</title></rect>`;
  });
  const yTicks = [0, top].map((n) => {
    const y = M.top + PH - (n / top) * (PH - 14);
    return `<text x="${M.left - 7}" y="${r1(y + 4)}" text-anchor="end" class="s">${n}</text>`;
  });
  return [
    svgOpen(
      `histogram:${family}:${level}`,
      `${family}, requested ${level}: grade scores of ${scores.length} puzzle${scores.length === 1 ? '' : 's'}`,
      `data-family="${esc(family)}" data-level="${esc(level)}" `,
    ),
    scoreAxis(true),
    ...bars,
    ...yTicks,
    frame(),
    `<text x="${M.left + PW / 2}" y="${H - 6}" text-anchor="middle" class="s">measured grade score</text>`,
    '</svg>',
  ].join('\n');
}

/** Spreads the i-th of n dots over a column of half-width `half`, by rank (deterministic). */
function spread(i: number, n: number, half: number): number {
  if (n <= 1) return 0;
  const t = (i * 0.6180339887) % 1;
  return (t * 2 - 1) * half;
}

/** Generation ms per size on a log scale: one dot per job, failures red, the median as a bar. */
export function timeSvg(family: string, jobs: readonly ReportJob[]): string {
  const sizes = [...new Set(jobs.map((j) => `${j.width}x${j.height}`))];
  const floor = 0.1;
  const values = jobs.map((j) => Math.max(floor, j.ms));
  const lo = 10 ** Math.floor(Math.log10(Math.min(...values, 1)));
  const hi = 10 ** Math.ceil(Math.log10(Math.max(...values, 10)));
  const y = (ms: number): number => M.top + PH - ((Math.log10(Math.max(floor, ms)) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))) * PH;
  const cw = PW / Math.max(1, sizes.length);
  const out: string[] = [
    svgOpen(
      `time:${family}`,
      `${family}: generation time per size (${jobs.length} job${jobs.length === 1 ? '' : 's'}, log scale)`,
      `data-family="${esc(family)}" `,
    ),
  ];
  for (let e = Math.log10(lo); e <= Math.log10(hi) + 1e-9; e++) {
    const v = 10 ** e;
    const yy = y(v);
    out.push(
      `<line x1="${M.left}" y1="${r1(yy)}" x2="${M.left + PW}" y2="${r1(yy)}" class="grid"/><text x="${M.left - 7}" y="${r1(yy + 4)}" text-anchor="end" class="s">${msText(v)}</text>`,
    );
  }
  sizes.forEach((size, k) => {
    const col = jobs.filter((j) => `${j.width}x${j.height}` === size);
    const cx = M.left + cw * (k + 0.5);
    col.forEach((j, i) => {
      out.push(
        `<circle class="point" data-status="${esc(j.status)}" cx="${r1(cx + spread(i, col.length, Math.min(40, cw * 0.35)))}" cy="${r1(y(j.ms))}" r="3" fill="${j.status === 'ok' ? '#3465a4' : '#cc0000'}" fill-opacity="0.6"><title>${esc(size)} ${j.status}: ${msText(j.ms)} ms</title></circle>`,
      );
    });
    const med = median(col.map((j) => j.ms).sort((a, b) => a - b))!;
    const half = Math.min(48, cw * 0.42);
    out.push(
      `<line class="median" x1="${r1(cx - half)}" y1="${r1(y(med))}" x2="${r1(cx + half)}" y2="${r1(y(med))}" stroke="#000" stroke-width="2"><title>${esc(size)} median ${msText(med)} ms</title></line>`,
    );
    out.push(`<text x="${r1(cx)}" y="${M.top + PH + 16}" text-anchor="middle" class="s">${esc(size)}</text>`);
  });
  out.push(frame(), `<text x="14" y="${M.top + PH / 2}" text-anchor="middle" class="s" transform="rotate(-90 14 ${M.top + PH / 2})">ms</text>`, '</svg>');
  return out.join('\n');
}

/** Measured score (y) per requested level (x): one dot per catalogue puzzle, coloured by its measured level. */
export function scoreVsLevelSvg(family: string, puzzles: readonly ReportPuzzle[]): string {
  const levels = [
    ...(LEVELS as readonly string[]).filter((l) => puzzles.some((p) => p.level === l)),
    ...new Set(puzzles.map((p) => p.level).filter((l) => !(LEVELS as readonly string[]).includes(l))),
  ];
  const cw = PW / Math.max(1, levels.length);
  const out: string[] = [
    svgOpen(
      `score-vs-level:${family}`,
      `${family}: measured score by requested level (${puzzles.length} puzzle${puzzles.length === 1 ? '' : 's'})`,
      `data-family="${esc(family)}" `,
    ),
    scoreAxis(false),
  ];
  levels.forEach((level, k) => {
    const col = puzzles.filter((p) => p.level === level);
    const cx = M.left + cw * (k + 0.5);
    col.forEach((p, i) => {
      const yy = M.top + PH - (Math.min(100, Math.max(0, p.score)) / 100) * PH;
      out.push(
        `<circle class="point" cx="${r1(cx + spread(i, col.length, Math.min(50, cw * 0.35)))}" cy="${r1(yy)}" r="3" fill="${levelColour(p.measured)}" fill-opacity="0.7"><title>${p.width}x${p.height} asked ${esc(level)}, measured ${esc(p.measured ?? '?')} ${p.score}</title></circle>`,
      );
    });
    out.push(`<text x="${r1(cx)}" y="${M.top + PH + 16}" text-anchor="middle" class="s">${esc(level)} (${col.length})</text>`);
  });
  out.push(frame(), `<text x="${M.left + PW / 2}" y="${H - 6}" text-anchor="middle" class="s">requested level</text>`, '</svg>');
  return out.join('\n');
}

const CSS = `body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222;max-width:1200px}
h1{font-size:20px}h2{font-size:17px;margin-top:28px}h3{font-size:15px}
table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}td:first-child,th{text-align:left}
.plots{display:flex;flex-wrap:wrap;gap:12px}svg.plot{border:1px solid #ddd;background:#fff}
svg .t{font-size:13px;font-weight:600}svg .s{font-size:11px}svg .ax{stroke:#888}svg .grid{stroke:#e4e4e4}
.short{color:#a40000;font-weight:600}`;

/** The whole page. */
export function reportHtml(path: string, stats: CatalogueStats, data: ReportData): string {
  const families = [...new Set([...stats.cells.map((c) => c.family), ...data.jobs.map((j) => j.family)])];
  const parts: string[] = [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>proofgrid catalogue report: ${esc(path)}</title>`,
    `<style>${CSS}</style></head><body>`,
    `<h1>Catalogue report: ${esc(path)}</h1>`,
  ];
  const t = stats.totals;
  parts.push(
    `<p>${t.inCatalogue} catalogue puzzles in ${t.cells} cells${t.shortCells > 0 ? ` (<span class="short">${t.shortCells} short</span>)` : ''}; ${t.jobs} jobs stored: ${t.distinct} distinct, ${t.duplicates} duplicates, ${t.failed} failed, ${t.fallback} off the direct path.</p>`,
  );
  for (const family of families) {
    const cells = stats.cells.filter((c) => c.family === family);
    parts.push(
      `<h2>${esc(family)}</h2>`,
      '<table><thead><tr><th>cell</th><th>seed</th><th>catalogue</th><th>jobs</th><th>distinct</th><th>duplicates</th><th>failed</th><th>failure reasons</th><th>fallback</th><th>ms median</th><th>ms p90</th><th>ms max</th><th>measured levels</th><th>score min / q1 / median / q3 / max</th></tr></thead><tbody>',
    );
    for (const c of cells) {
      const reasons = Object.entries(c.failureReasons)
        .map(([r, n]) => `${r} ${n}`)
        .join(', ');
      const score = [c.score.min, c.score.q1, c.score.median, c.score.q3, c.score.max].map((x) => (x === null ? '-' : String(x))).join(' / ');
      parts.push(
        `<tr><td>${esc(c.params)}</td><td>${esc(c.baseSeed)}</td><td${c.short ? ' class="short"' : ''}>${c.inCatalogue}/${c.perCell}</td><td>${c.jobs}</td><td>${c.distinct}</td><td>${c.duplicates}</td><td>${c.failed}${c.failureRate ? ` (${Math.round(c.failureRate * 100)}%)` : ''}</td><td>${esc(reasons) || '-'}</td>` +
          `<td>${c.fallback}${c.fallbackRate === null ? '' : ` (${Math.round(c.fallbackRate * 100)}%)`}</td><td>${msText(c.ms.median)}</td><td>${msText(c.ms.p90)}</td><td>${msText(c.ms.max)}</td>` +
          `<td>${
            esc(
              Object.entries(c.measured)
                .map(([l, n]) => `${l} ${n}`)
                .join(', '),
            ) || '-'
          }</td><td>${score}</td></tr>`,
      );
    }
    parts.push('</tbody></table>');
    const puzzles = data.puzzles.filter((p) => p.family === family);
    const levels = [
      ...(LEVELS as readonly string[]).filter((l) => puzzles.some((p) => p.level === l)),
      ...new Set(puzzles.map((p) => p.level).filter((l) => !(LEVELS as readonly string[]).includes(l))),
    ];
    parts.push('<h3>Grade scores per requested level</h3><div class="plots">');
    for (const level of levels)
      parts.push(
        histogramSvg(
          family,
          level,
          puzzles.filter((p) => p.level === level).map((p) => p.score),
        ),
      );
    parts.push('</div><h3>Generation time and measured score</h3><div class="plots">');
    const jobs = data.jobs.filter((j) => j.family === family);
    if (jobs.length > 0) parts.push(timeSvg(family, jobs));
    if (puzzles.length > 0) parts.push(scoreVsLevelSvg(family, puzzles));
    parts.push('</div>');
  }
  parts.push(
    "<p><small>Made by <code>proofgrid catalogue stats --html</code>. Counts are over every stored job; grades over the catalogue's puzzles (the first N distinct per cell).</small></p>",
    '</body></html>',
    '',
  );
  return parts.join('\n');
}
