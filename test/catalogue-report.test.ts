/**
 * Reading a catalogue back: `proofgrid catalogue export` (families' formats, JSON, a directory for
 * one-puzzle-per-file formats, refusals), `catalogue stats` (numbers hand-checked on a real small build;
 * the HTML report's plots) and `proofgrid verify catalogue.db` (clean, and tampered rows reported).
 * One small build of three families (nonogram 5x5, numberlink 5x5, edgematch 4x4) serves every test.
 */
import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCatalogue, sampleIndices } from '../src/catalogue/check.ts';
import { openCatalogueForReading } from '../src/catalogue/export.ts';
import { median, nearestRank } from '../src/catalogue/stats.ts';
import { FAMILIES } from '../src/families/index.ts';
import { cli, clis } from './catalogue-helpers.ts';
import { BIN, expectRefused, run } from './cli-helpers.ts';
import { longIt } from './long.ts';

const dir = mkdtempSync(join(tmpdir(), 'proofgrid-catalogue-report-'));
const db = join(dir, 'cat.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Row {
  family: string;
  params: string;
  job_index: number;
  puzzle_id: string;
  diag_ms: number;
  place: number;
}

const rowsOf = (path: string, sql: string): Row[] => {
  const d = new Database(path, { readonly: true });
  try {
    return d.prepare(sql).all() as Row[];
  } finally {
    d.close();
  }
};

beforeAll(async () => {
  // Numberlink 5x5 easy under seed s2 (generator 7): job 15 is job 10 again (the same id), and jobs 4, 5,
  // 7 (repair-1) and 16 (repair-2) took a fallback path; the other families under the default seed.
  const builds = [
    ['--family', 'nonogram', '--sizes', '5x5', '--levels', 'easy,medium', '--per-cell', '3'],
    ['--family', 'numberlink', '--sizes', '5x5', '--levels', 'easy', '--per-cell', '16', '--seed', 's2'],
    ['--family', 'edgematch', '--sizes', '4x4', '--levels', 'easy,medium', '--per-cell', '2'],
  ];
  for (const b of builds) {
    const r = await cli(['catalogue', 'build', ...b, '--out', db, '--workers', '2', '-q']);
    expect(r.code, r.stderr).toBe(0);
  }
}, 60_000);

describe('catalogue export', () => {
  it("writes JSON with each puzzle's provenance, ids of every family, and a family's own format, in cell then place order", async () => {
    // The real command once (standard output through a pipe), then in this process.
    const json = await run(['catalogue', 'export', db, '--format', 'json'], undefined, BIN);
    const [ids, non] = await clis([
      ['catalogue', 'export', db, '--format', 'id'],
      ['catalogue', 'export', db, '--format', 'non', '--family', 'nonogram', '--level', 'medium'],
    ]);
    expect(json.code, json.stderr).toBe(0);
    const records = JSON.parse(json.stdout) as Record<string, unknown>[];
    const cat = rowsOf(db, 'SELECT * FROM catalogue ORDER BY family, base_seed, generator_version, width, height, params, place');
    expect(records).toHaveLength(26);
    expect(records.map((r) => `${r.family} ${r.params} ${r.place} ${r.jobIndex}`)).toEqual(cat.map((r) => `${r.family} ${r.params} ${r.place} ${r.job_index}`));
    // The duplicate (job 15) is left out of the numberlink cell.
    expect(records.filter((r) => r.family === 'numberlink').map((r) => r.jobIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16]);
    const first = records.find((r) => r.family === 'nonogram') as Record<string, unknown>;
    expect(first).toMatchObject({
      params: '5x5-easy',
      width: 5,
      height: 5,
      requestedLevel: 'easy',
      rule: null,
      generatorVersion: 1,
      baseSeed: 'catalogue',
      jobIndex: 0,
      seed: 'catalogue/5x5-easy/0',
      place: 1,
      seededId: 'nonogram@1:5x5-easy#catalogue/5x5-easy/0',
      certificate: { kind: 'unique', stop: 'completed', budgetMs: null },
      grade: { level: 'easy' },
    });
    expect(first.id).toMatch(/^nonogram:5x5:/);
    expect(first.canonicalHash).toMatch(/^[0-9a-f]{64}$/);
    expect(typeof (first.grade as { metrics: Record<string, unknown> }).metrics.rounds).toBe('number');
    expect(records.find((r) => r.family === 'numberlink')?.rule).toBe('strict');

    expect(ids.code).toBe(0);
    expect(ids.stdout.trimEnd().split('\n')).toEqual(cat.map((r) => r.puzzle_id));

    expect(non.code, non.stderr).toBe(0);
    const back = FAMILIES.nonogram.formats.parse(non.stdout, { format: 'non' });
    expect(back.ok).toBe(true);
    if (back.ok) expect(back.value.map((p) => FAMILIES.nonogram.makePuzzle(p))).toEqual(cat.filter((r) => r.params === '5x5-medium').map((r) => r.puzzle_id));
  });

  it('--level selects the level measured, --asked the level the cell asked for', async () => {
    // A copy where one puzzle of the nonogram medium cell measured hard (as a version that keeps the nearest level may file it).
    const copy = join(dir, 'levels.db');
    copyFileSync(db, copy);
    const d = new Database(copy);
    d.prepare("UPDATE jobs SET grade_level = 'hard' WHERE family = 'nonogram' AND params = '5x5-medium' AND job_index = 1").run();
    d.close();
    const [hard, asked, medium, stats, none] = await clis([
      ['catalogue', 'export', copy, '--format', 'json', '--level', 'hard'],
      ['catalogue', 'export', copy, '--format', 'json', '--family', 'nonogram', '--asked', 'medium'],
      ['catalogue', 'export', copy, '--format', 'json', '--family', 'nonogram', '--level', 'medium'],
      ['catalogue', 'stats', copy, '--json', '--level', 'hard'],
      ['catalogue', 'export', copy, '--format', 'id', '--asked', 'hard'],
    ]);
    const records = (r: { stdout: string }): { params: string; jobIndex: number; requestedLevel: string; grade: { level: string } }[] => JSON.parse(r.stdout);
    expect(hard.code, hard.stderr).toBe(0);
    expect(records(hard).map((r) => [r.params, r.jobIndex, r.requestedLevel, r.grade.level])).toEqual([['5x5-medium', 1, 'medium', 'hard']]);
    expect(records(asked).map((r) => r.jobIndex)).toEqual([0, 1, 2]);
    expect(records(medium).map((r) => r.jobIndex)).toEqual([0, 2]);
    // Stats are per cell: the cells holding a puzzle measured at the level.
    expect((JSON.parse(stats.stdout) as { cells: { params: string }[] }).cells.map((c) => c.params)).toEqual(['5x5-medium']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('matches --asked hard');
  });

  it('writes one-puzzle-per-file formats as a new directory, atomically, and refuses them on standard output', async () => {
    const out = join(dir, 'boards');
    const [refused, written] = await clis([
      ['catalogue', 'export', db, '--format', 'heule', '--family', 'edgematch'],
      ['catalogue', 'export', db, '--format', 'heule', '--family', 'edgematch', '--out', out],
    ]);
    expectRefused(refused, /a heule file holds one edgematch puzzle, not 4.*--out DIR/);
    expect(written.code, written.stderr).toBe(0);
    const files = readdirSync(out).sort();
    expect(files).toEqual(['edgematch-4x4-easy-1.txt', 'edgematch-4x4-easy-2.txt', 'edgematch-4x4-medium-1.txt', 'edgematch-4x4-medium-2.txt']);
    const stored = rowsOf(db, "SELECT * FROM catalogue WHERE family = 'edgematch' ORDER BY params, place").map((r) => r.puzzle_id);
    const read = files.map((f) => {
      const r = FAMILIES.edgematch.formats.parse(readFileSync(join(out, f), 'utf8'), { format: 'heule' });
      if (!r.ok) throw new Error(r.error.message);
      return FAMILIES.edgematch.makePuzzle(r.value[0]);
    });
    expect(read).toEqual(stored);
    // No temporary file or directory is left beside the outputs; an existing directory is not overwritten.
    expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);
    expectRefused(await cli(['catalogue', 'export', db, '--format', 'heule', '--family', 'edgematch', '--out', out]), 'already exists');
  });

  it('refuses clearly: no such file, not a catalogue, a format the family lacks, several families; a filter matching nothing exits 1', async () => {
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'hello\n');
    const other = join(dir, 'other.db');
    const o = new Database(other);
    o.exec('CREATE TABLE t (x)');
    o.close();
    const cases: [string[], string | RegExp][] = [
      [['catalogue', 'export', join(dir, 'missing.db'), '--format', 'id'], 'missing.db: no such file'],
      [['catalogue', 'export', text, '--format', 'id'], 'not a catalogue (not an SQLite database file)'],
      [['catalogue', 'export', other, '--format', 'id'], 'not a proofgrid catalogue'],
      [['catalogue', 'stats', other], 'not a proofgrid catalogue'],
      [['catalogue', 'export', db, '--format', 'non'], /3 families .*--family nonogram/],
      [['catalogue', 'export', db, '--format', 'non', '--family', 'edgematch'], 'edgematch puzzles are written as heule, puz, anjou, tud, id or json'],
      [['catalogue', 'export', db, '--format', 'id', '--size', 'big'], '--size big: expected WxH'],
      [['catalogue', 'export', db, '--format', 'pdf'], /pdf/],
    ];
    const runs = await clis(cases.map(([args]) => args));
    runs.forEach((r, i) => expectRefused(r, cases[i][1]));
    const none = await cli(['catalogue', 'export', db, '--format', 'json', '--size', '9x9', '--out', join(dir, 'none.json')]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no catalogue puzzle in');
    // The file holds two base seeds, so each cell is named with its own.
    expect(none.stderr).toContain(
      'matches --size 9x9 (it holds: edgematch 4x4 easy (seed catalogue), edgematch 4x4 medium (seed catalogue), nonogram 5x5 easy (seed catalogue), ' +
        'nonogram 5x5 medium (seed catalogue), numberlink 5x5 easy (seed s2))',
    );
    expect(readdirSync(dir)).not.toContain('none.json');
  });
});

describe('catalogue stats', () => {
  it('counts per cell as checked by hand on the build, with a failure added; times match the stored rows', async () => {
    // A copy with one failed job added to the numberlink cell (beyond its catalogue, as a build leaves them).
    const copy = join(dir, 'stats.db');
    copyFileSync(db, copy);
    const d = new Database(copy);
    d.prepare(
      `INSERT INTO jobs (family, generator_version, params, base_seed, job_index, seed, width, height, level, rule, status, seeded_id, diag_path, diag_attempts, diag_nodes, diag_ms, diag_rejected, failure_reason, failure_message, created_at)
       SELECT family, generator_version, params, base_seed, 17, base_seed || '/5x5-easy/17', width, height, level, rule, 'failed', 'numberlink@' || generator_version || ':5x5-easy#' || base_seed || '/5x5-easy/17', 'direct', 9, 100, 30.5, '{}', 'deadline', 'deadline passed', created_at
       FROM jobs WHERE family = 'numberlink' AND job_index = 0`,
    ).run();
    d.close();
    const r = await cli(['catalogue', 'stats', copy, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const stats = JSON.parse(r.stdout) as { cells: Record<string, unknown>[]; totals: Record<string, number> };
    const cell = (family: string, params: string): Record<string, unknown> =>
      stats.cells.find((c) => c.family === family && c.params === params) as Record<string, unknown>;
    expect(stats.cells.map((c) => `${c.family} ${c.params}`)).toEqual([
      'edgematch 4x4-easy',
      'edgematch 4x4-medium',
      'nonogram 5x5-easy',
      'nonogram 5x5-medium',
      'numberlink 5x5-easy',
    ]);
    // Numberlink 5x5 easy: jobs 0-16 ok (job 15 a copy of job 10), then the added failure; paths off
    // direct: repair-1 (jobs 4, 5, 7), repair-2 (job 16).
    expect(cell('numberlink', '5x5-easy')).toMatchObject({
      perCell: 16,
      jobs: 18,
      ok: 17,
      failed: 1,
      distinct: 16,
      duplicates: 1,
      inCatalogue: 16,
      short: false,
      failureReasons: { deadline: 1 },
      fallback: 4,
      paths: { direct: 13, 'repair-1': 3, 'repair-2': 1 },
      measured: { easy: 16 },
      score: { n: 16, min: 0, q1: 0, median: 0, q3: 0, max: 0 },
    });
    expect(cell('numberlink', '5x5-easy').fallbackRate).toBeCloseTo(4 / 17, 10);
    expect(cell('numberlink', '5x5-easy').failureRate).toBeCloseTo(1 / 18, 10);
    // Nonogram 5x5 easy scores 20, 2, 2 (job 0 repaired once); medium 28, 33, 28.
    expect(cell('nonogram', '5x5-easy')).toMatchObject({
      jobs: 3,
      distinct: 3,
      duplicates: 0,
      failed: 0,
      fallback: 1,
      measured: { easy: 3 },
      score: { min: 2, q1: 2, median: 2, q3: 20, max: 20 },
    });
    expect(cell('nonogram', '5x5-medium')).toMatchObject({ fallback: 0, measured: { medium: 3 }, score: { min: 28, q1: 28, median: 28, q3: 33, max: 33 } });
    // Edgematch 4x4 medium scores 28, 44 (both on the direct path): the median is their mean.
    expect(cell('edgematch', '4x4-medium')).toMatchObject({
      jobs: 2,
      fallback: 0,
      measured: { medium: 2 },
      score: { min: 28, q1: 28, median: 36, q3: 44, max: 44 },
    });
    expect(stats.totals).toEqual({ cells: 5, jobs: 28, ok: 27, failed: 1, distinct: 26, duplicates: 1, inCatalogue: 26, shortCells: 0, fallback: 5 });
    // Times are the machine's: recomputed here from the stored rows, failure included (18: the median
    // is the mean of the 9th and 10th, p90 the 17th).
    const ms = rowsOf(copy, "SELECT diag_ms FROM jobs WHERE family = 'numberlink' ORDER BY diag_ms").map((x) => x.diag_ms);
    expect(ms).toHaveLength(18);
    expect(cell('numberlink', '5x5-easy').ms).toEqual({ n: 18, median: (ms[8] + ms[9]) / 2, p90: ms[16], max: ms[17] });

    const text = await cli(['catalogue', 'stats', copy, '--family', 'numberlink']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('numberlink (generator');
    expect(text.stdout).toMatch(/5x5-easy\s+16\/16\s+18\s+16\s+1\s+1 \(6%\)\s+4 \(24%\)/);
    expect(text.stdout).toContain('5x5-easy failures: deadline 1');
    expect(text.stdout).not.toContain('nonogram');
    const none = await cli(['catalogue', 'stats', copy, '--level', 'expert']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no cell in');
  });

  it('the quantiles: median of the middle two, p90 and quartiles by nearest rank', () => {
    expect(median([1, 2, 3, 4])).toBe(2.5);
    expect(median([5])).toBe(5);
    expect(median([])).toBeNull();
    const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(nearestRank(ten, 0.9)).toBe(9);
    expect(nearestRank(ten, 0.25)).toBe(3);
    expect(nearestRank([7], 0.9)).toBe(7);
  });

  it('writes an HTML report that parses: one SVG per plot, a bar per score bin, a dot per job and per puzzle', async () => {
    const html = join(dir, 'report.html');
    const r = await cli(['catalogue', 'stats', db, '--html', html]);
    expect(r.code, r.stderr).toBe(0);
    const page = readFileSync(html, 'utf8');
    expect(page.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(page).not.toMatch(/<script|<link|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    const svgs = [...page.matchAll(/<svg[\s\S]*?<\/svg>/g)].map((m) => m[0]);
    for (const svg of svgs) expect(XMLValidator.validate(svg)).toBe(true);
    const plot = (name: string): string => {
      const found = svgs.filter((s) => s.includes(`data-plot="${name}"`));
      expect(found, name).toHaveLength(1);
      return found[0];
    };
    const plots = svgs.map((s) => /data-plot="([^"]+)"/.exec(s)?.[1]);
    expect(plots).toEqual([
      'histogram:edgematch:easy',
      'histogram:edgematch:medium',
      'time:edgematch',
      'score-vs-level:edgematch',
      'histogram:nonogram:easy',
      'histogram:nonogram:medium',
      'time:nonogram',
      'score-vs-level:nonogram',
      'histogram:numberlink:easy',
      'time:numberlink',
      'score-vs-level:numberlink',
    ]);
    const bars = (svg: string): number[] => [...svg.matchAll(/class="bar" data-count="(\d+)"/g)].map((m) => Number(m[1]));
    const points = (svg: string): number => [...svg.matchAll(/<circle class="point"/g)].length;
    // Nonogram easy scores 20, 2, 2: bins 0-5 (2) and 20-25 (1) of 20 bins.
    const easy = bars(plot('histogram:nonogram:easy'));
    expect(easy).toHaveLength(20);
    expect(easy[0]).toBe(2);
    expect(easy[4]).toBe(1);
    expect(easy.reduce((a, b) => a + b, 0)).toBe(3);
    expect(bars(plot('histogram:numberlink:easy'))[0]).toBe(16);
    expect(bars(plot('histogram:edgematch:medium')).reduce((a, b) => a + b, 0)).toBe(2);
    // A dot per stored job in the time plots, per catalogue puzzle in the score plots.
    expect(points(plot('time:numberlink'))).toBe(17);
    expect(points(plot('time:nonogram'))).toBe(6);
    expect(points(plot('score-vs-level:numberlink'))).toBe(16);
    expect(points(plot('score-vs-level:edgematch'))).toBe(4);
    expect([...plot('time:nonogram').matchAll(/class="median"/g)]).toHaveLength(1);
  });
});

describe('verify catalogue.db', () => {
  it('finds a built catalogue clean, regenerating a sample', async () => {
    const r = await cli(['verify', db, '--regenerate', '4', '-q']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('27 stored puzzles checked: 27 passed, 0 failed (count to 2 and verifier 27, canonical hash 27, SAT witness 27, regenerated 4)');
    expect([...sampleIndices(27, 4)]).toEqual([0, 9, 17, 26]);
  });

  longIt('reports each tampered row with the check and why, and exits 1', async () => {
    const bad = join(dir, 'tampered.db');
    copyFileSync(db, bad);
    const d = new Database(bad);
    // An ambiguous 5x5 nonogram (two cells on a diagonal, either one), a wrong hash, a foreign seeded id.
    d.prepare("UPDATE jobs SET puzzle_id = 'nonogram:5x5:1/1////1/1///' WHERE family = 'nonogram' AND params = '5x5-easy' AND job_index = 1").run();
    d.prepare("UPDATE jobs SET canonical_hash = '00' || substr(canonical_hash, 3) WHERE family = 'numberlink' AND job_index = 2").run();
    d.prepare("UPDATE jobs SET seeded_id = 'edgematch@1:4x4-easy#elsewhere' WHERE family = 'edgematch' AND params = '4x4-medium' AND job_index = 0").run();
    d.close();
    const json = await cli(['verify', bad, '--json', '--regenerate']);
    const text = await run(['verify', bad, '-q'], undefined, BIN);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as {
      puzzles: number;
      passed: number;
      failed: number;
      failures: { family: string; params: string; jobIndex: number; check: string; reason: string }[];
    };
    expect(report).toMatchObject({ puzzles: 27, passed: 24, failed: 3 });
    expect(report.failures.map((f) => `${f.family} ${f.params} ${f.jobIndex} ${f.check}`)).toEqual([
      'edgematch 4x4-medium 0 seeded-id',
      'nonogram 5x5-easy 1 count',
      'nonogram 5x5-easy 1 regenerate',
      'numberlink 5x5-easy 2 hash',
    ]);
    expect(report.failures[1].reason).toBe('the puzzle has more than one solution');
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('FAIL nonogram 5x5-easy job 1 (nonogram@1:5x5-easy#catalogue/5x5-easy/1): count: the puzzle has more than one solution');
    expect(text.stdout).toContain('24 passed, 3 failed');
  });

  longIt('gives the same report on a pool of worker threads as in this thread', async () => {
    const bad = join(dir, 'tampered.db');
    const store = openCatalogueForReading(bad);
    try {
      const here = await checkCatalogue(store, { budgetMs: 10_000, regenerate: 3 });
      const pooled = await checkCatalogue(store, { budgetMs: 10_000, regenerate: 3, workers: 2, poolMinPuzzles: 1 });
      expect(pooled).toEqual(here);
      expect(here.failed).toBe(3);
    } finally {
      store.close();
    }
  });

  it('keeps puzzle files as they were, and refuses options of the other kind', async () => {
    const notes = join(dir, 'plain.txt');
    writeFileSync(notes, 'nonogram:5x5:1/1////1/1///\n');
    const [withSolution, withoutSolution, regenerate] = await clis([
      ['verify', db, '--solution', notes],
      ['verify', notes],
      ['verify', notes, '--solution', notes, '--regenerate'],
    ]);
    expectRefused(withSolution, 'is a catalogue: --solution applies to puzzle files');
    expectRefused(withoutSolution, '--solution is required');
    expectRefused(regenerate, '--regenerate applies to catalogue files');
  });
});
