/**
 * What a catalogue store holds, counted per cell: jobs, distinct puzzles, duplicates, failures and
 * their reasons, how often the generator left its direct path, generation times, and the grades of
 * the catalogue's puzzles. Read from the store only (no puzzle is parsed or solved). Node only.
 *
 * Definitions (the README's and `catalogue stats --help`'s):
 * - counts are over every stored job of the cell (also jobs run beyond what its catalogue needed):
 *   `duplicates` = ok jobs − distinct canonical hashes; `inCatalogue` = puzzles of the `catalogue` view
 *   (at most N);
 * - `failureRate` = failed jobs / jobs;
 * - `fallback` = ok jobs whose diagnostics path is not `direct` (repaired, eased, nearest level...);
 *   the rate is over the ok jobs;
 * - generation time = the diagnostics ms of every job (failed ones too); median = the middle value
 *   (the mean of the two middle ones for an even count, as the build summary's), p90 and the score
 *   quartiles = nearest rank (the ⌈q·n⌉-th smallest);
 * - grades = the catalogue's puzzles (what ships): measured level counts and score quantiles.
 */
import { LEVELS } from '../core/family.ts';
import { filterSql, type CatalogueFilter } from './export.ts';
import { CELL_ORDER, type Store } from './store.ts';

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(sorted: readonly number[]): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  return n % 2 === 1 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

/** The nearest-rank quantile: the ⌈q·n⌉-th smallest (the smallest for q = 0); null for none. */
export function nearestRank(sorted: readonly number[], q: number): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  return sorted[Math.min(n - 1, Math.max(0, Math.ceil(q * n) - 1))];
}

export interface TimeStats {
  n: number;
  median: number | null;
  p90: number | null;
  max: number | null;
}

export interface ScoreStats {
  n: number;
  min: number | null;
  q1: number | null;
  median: number | null;
  q3: number | null;
  max: number | null;
}

export function timeStats(values: readonly number[]): TimeStats {
  const s = [...values].sort((a, b) => a - b);
  return { n: s.length, median: median(s), p90: nearestRank(s, 0.9), max: s.length > 0 ? s[s.length - 1] : null };
}

export function scoreStats(values: readonly number[]): ScoreStats {
  const s = [...values].sort((a, b) => a - b);
  return {
    n: s.length,
    min: s.length > 0 ? s[0] : null,
    q1: nearestRank(s, 0.25),
    median: median(s),
    q3: nearestRank(s, 0.75),
    max: s.length > 0 ? s[s.length - 1] : null,
  };
}

export interface CellStats {
  family: string;
  generatorVersion: number;
  params: string;
  baseSeed: string;
  width: number;
  height: number;
  /** The requested level. */
  level: string;
  rule: string | null;
  perCell: number;
  budgetMs: number | null;
  jobs: number;
  ok: number;
  failed: number;
  distinct: number;
  duplicates: number;
  inCatalogue: number;
  short: boolean;
  /** Failed jobs by reason, and their share of the jobs (null with none). */
  failureReasons: Record<string, number>;
  failureRate: number | null;
  /** Ok jobs whose path is not `direct`, and their share of the ok jobs (null with none). */
  fallback: number;
  fallbackRate: number | null;
  /** Ok jobs by diagnostics path. */
  paths: Record<string, number>;
  /** Generation ms of every job. */
  ms: TimeStats;
  /** Measured levels of the catalogue's puzzles, in LEVELS order (only those present). */
  measured: Record<string, number>;
  score: ScoreStats;
}

export interface CatalogueStats {
  cells: CellStats[];
  totals: {
    cells: number;
    jobs: number;
    ok: number;
    failed: number;
    distinct: number;
    duplicates: number;
    inCatalogue: number;
    shortCells: number;
    fallback: number;
  };
}

interface JobFacts {
  family: string;
  generator_version: number;
  params: string;
  base_seed: string;
  status: 'ok' | 'failed';
  canonical_hash: string | null;
  diag_path: string | null;
  diag_ms: number | null;
  failure_reason: string | null;
}

const cellKey = (r: { family: string; generator_version: number; params: string; base_seed: string }): string =>
  `${r.family}\u0000${r.generator_version}\u0000${r.params}\u0000${r.base_seed}`;

const inc = (m: Record<string, number>, k: string): void => {
  m[k] = (m[k] ?? 0) + 1;
};

/** The statistics of every cell the filter selects, in catalogue order (family, seed, version, size, params). */
export function catalogueStats(store: Store, filter: CatalogueFilter = {}): CatalogueStats {
  // The measured level picks the cells holding a puzzle measured at it; their stats are whole.
  const picked = filterSql(filter, [], 'cells');
  const { where, params } = filterSql({ ...filter, level: undefined });
  const cells = store.db.prepare(`SELECT * FROM cells ${picked.where} ORDER BY ${CELL_ORDER}`).all(picked.params) as {
    family: string;
    generator_version: number;
    params: string;
    base_seed: string;
    width: number;
    height: number;
    level: string;
    rule: string | null;
    per_cell: number;
    budget_ms: number | null;
  }[];
  const jobs = store.db
    .prepare(
      `SELECT family, generator_version, params, base_seed, status, canonical_hash, diag_path, diag_ms, failure_reason FROM jobs ${where} ORDER BY job_index`,
    )
    .all(params) as JobFacts[];
  const catalogue = store.db.prepare(`SELECT family, generator_version, params, base_seed, grade_level, grade_score FROM catalogue ${where}`).all(params) as {
    family: string;
    generator_version: number;
    params: string;
    base_seed: string;
    grade_level: string | null;
    grade_score: number | null;
  }[];
  const jobsOf = new Map<string, JobFacts[]>();
  for (const j of jobs) {
    const k = cellKey(j);
    const list = jobsOf.get(k);
    if (list) list.push(j);
    else jobsOf.set(k, [j]);
  }
  const gradesOf = new Map<string, { level: string | null; score: number | null }[]>();
  for (const g of catalogue) {
    const k = cellKey(g);
    const list = gradesOf.get(k) ?? [];
    list.push({ level: g.grade_level, score: g.grade_score });
    gradesOf.set(k, list);
  }
  const out: CellStats[] = cells.map((c) => {
    const js = jobsOf.get(cellKey(c)) ?? [];
    const ok = js.filter((j) => j.status === 'ok');
    const distinct = new Set(ok.map((j) => j.canonical_hash)).size;
    const failureReasons: Record<string, number> = {};
    for (const j of js) if (j.status === 'failed') inc(failureReasons, j.failure_reason ?? 'unknown');
    const paths: Record<string, number> = {};
    for (const j of ok) inc(paths, j.diag_path ?? 'unknown');
    const fallback = ok.filter((j) => j.diag_path !== 'direct').length;
    const grades = gradesOf.get(cellKey(c)) ?? [];
    const measured: Record<string, number> = {};
    for (const l of [...LEVELS, ...new Set(grades.map((g) => g.level ?? 'unknown'))]) {
      const n = grades.filter((g) => (g.level ?? 'unknown') === l).length;
      if (n > 0) measured[l] = n;
    }
    const inCatalogue = grades.length;
    return {
      family: c.family,
      generatorVersion: c.generator_version,
      params: c.params,
      baseSeed: c.base_seed,
      width: c.width,
      height: c.height,
      level: c.level,
      rule: c.rule,
      perCell: c.per_cell,
      budgetMs: c.budget_ms,
      jobs: js.length,
      ok: ok.length,
      failed: js.length - ok.length,
      distinct,
      duplicates: ok.length - distinct,
      inCatalogue,
      short: inCatalogue < c.per_cell,
      failureReasons,
      failureRate: js.length > 0 ? (js.length - ok.length) / js.length : null,
      fallback,
      fallbackRate: ok.length > 0 ? fallback / ok.length : null,
      paths,
      ms: timeStats(js.filter((j) => j.diag_ms !== null).map((j) => j.diag_ms as number)),
      measured,
      score: scoreStats(grades.filter((g) => g.score !== null).map((g) => g.score as number)),
    };
  });
  const sum = (f: (c: CellStats) => number): number => out.reduce((n, c) => n + f(c), 0);
  return {
    cells: out,
    totals: {
      cells: out.length,
      jobs: sum((c) => c.jobs),
      ok: sum((c) => c.ok),
      failed: sum((c) => c.failed),
      distinct: sum((c) => c.distinct),
      duplicates: sum((c) => c.duplicates),
      inCatalogue: sum((c) => c.inCatalogue),
      shortCells: out.filter((c) => c.short).length,
      fallback: sum((c) => c.fallback),
    },
  };
}

/** Milliseconds for a table: one decimal under 10, whole above. */
export function msText(ms: number | null): string {
  if (ms === null) return '-';
  return ms < 10 ? ms.toFixed(1) : String(Math.round(ms));
}

const pct = (x: number | null): string => (x === null ? '-' : `${Math.round(x * 100)}%`);
const num = (x: number | null): string => (x === null ? '-' : Number.isInteger(x) ? String(x) : x.toFixed(1));

/** Left-aligned columns, two spaces apart. */
function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd(),
  );
}

/** The statistics as text: a table per family and seed, failure reasons and paths below it, totals. */
export function statsText(stats: CatalogueStats, path: string): string {
  const lines: string[] = [];
  const groups = new Map<string, CellStats[]>();
  for (const c of stats.cells) {
    const k = `${c.family} (generator ${c.generatorVersion}, seed "${c.baseSeed}")`;
    groups.set(k, [...(groups.get(k) ?? []), c]);
  }
  for (const [title, cells] of groups) {
    lines.push(title);
    const rows = [['cell', 'catalogue', 'jobs', 'distinct', 'dup', 'failed', 'fallback', 'ms median/p90/max', 'measured levels', 'score min/q1/median/q3/max']];
    for (const c of cells) {
      rows.push([
        c.params,
        `${c.inCatalogue}/${c.perCell}${c.short ? ' SHORT' : ''}`,
        String(c.jobs),
        String(c.distinct),
        String(c.duplicates),
        c.failed === 0 ? '0' : `${c.failed} (${pct(c.failureRate)})`,
        `${c.fallback} (${pct(c.fallbackRate)})`,
        `${msText(c.ms.median)}/${msText(c.ms.p90)}/${msText(c.ms.max)}`,
        Object.entries(c.measured)
          .map(([l, n]) => `${l} ${n}`)
          .join(', ') || '-',
        [c.score.min, c.score.q1, c.score.median, c.score.q3, c.score.max].map(num).join('/'),
      ]);
    }
    lines.push(...table(rows).map((l) => `  ${l}`));
    for (const c of cells) {
      const reasons = Object.entries(c.failureReasons);
      if (reasons.length > 0) lines.push(`  ${c.params} failures: ${reasons.map(([r, n]) => `${r} ${n}`).join(', ')}`);
      const fallbacks = Object.entries(c.paths).filter(([p]) => p !== 'direct');
      if (fallbacks.length > 0) lines.push(`  ${c.params} paths other than direct: ${fallbacks.map(([p, n]) => `${p} ${n}`).join(', ')}`);
    }
    lines.push('');
  }
  const t = stats.totals;
  lines.push(
    `${t.inCatalogue} catalogue puzzle${t.inCatalogue === 1 ? '' : 's'} in ${t.cells} cell${t.cells === 1 ? '' : 's'} of ${path}` +
      `${t.shortCells > 0 ? ` (${t.shortCells} short)` : ''}; ${t.jobs} jobs: ${t.distinct} distinct, ${t.duplicates} duplicate${t.duplicates === 1 ? '' : 's'}, ${t.failed} failed, ` +
      `${t.fallback} off the direct path`,
  );
  return `${lines.join('\n')}\n`;
}
