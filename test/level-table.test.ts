/**
 * The measured level tables (`npm run level-table`): each product family's table is of its current
 * generator version, its sizes are the pickers', and what it offers is what `levelChoices` reads
 * from it; the command line refuses a level the table does not offer, naming the ones it does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEVELS, levelChoices, type LevelTable } from '../src/core/family.ts';
import { FAMILIES, familyLevels, levelOffered } from '../src/families/index.ts';
import { LEVEL_TABLE as EDGEMATCH } from '../src/families/edgematch/generate/level-table.ts';
import { LEVEL_TABLE as NONOGRAM } from '../src/families/nonogram/generate/level-table.ts';
import { LEVEL_TABLE as NUMBERLINK } from '../src/families/numberlink/generate/level-table.ts';
import { defaultLevel } from '../src/cli/generate.ts';
import { run } from './cli-helpers.ts';

const TABLES = { nonogram: NONOGRAM, numberlink: NUMBERLINK, edgematch: EDGEMATCH } as const;

describe('level tables', () => {
  for (const [name, table] of Object.entries(TABLES)) {
    it(`${name}: measured for the current generator version, every level at every size`, () => {
      const family = FAMILIES[name as keyof typeof FAMILIES];
      // A version bump without "npm run level-table" fails here (the family would offer every level).
      expect(table.version, `${name}'s table is of version ${table.version}; rerun npm run level-table`).toBe(family.version);
      expect(table.family).toBe(name);
      expect(table.seeds).toBeGreaterThanOrEqual(4);
      for (const [size, row] of Object.entries(table.sizes)) {
        expect(size).toMatch(/^\d+x\d+$/);
        for (const l of LEVELS) expect(row[l], `${size} ${l}`).toBeGreaterThanOrEqual(0);
        for (const l of LEVELS) expect(row[l], `${size} ${l}`).toBeLessThanOrEqual(table.seeds);
        const [w, h] = size.split('x').map(Number);
        const choices = familyLevels(family as never, w, h);
        expect(choices?.map((c) => [c.level, c.offered])).toEqual(LEVELS.map((l) => [l, 2 * row[l] >= table.seeds]));
      }
    });
  }

  it('offers a level made by at least half the seeds; a rectangle reads the measured size nearest in cells', () => {
    const t: LevelTable = {
      family: 'x',
      version: 1,
      seeds: 4,
      budgetMs: 1,
      measured: 'test',
      sizes: { '4x4': { easy: 4, medium: 2, hard: 1, expert: 0 }, '8x8': { easy: 0, medium: 4, hard: 4, expert: 4 } },
    };
    expect(levelChoices(t, 4, 4)?.map((c) => c.offered)).toEqual([true, true, false, false]);
    // 5x6 = 30 cells: nearer 16 than 64.
    expect(levelChoices(t, 5, 6)?.[0]).toMatchObject({ size: '4x4', level: 'easy', offered: true, made: 4, of: 4 });
    expect(levelChoices(t, 6, 8)?.[0]).toMatchObject({ size: '8x8', offered: false });
    expect(levelChoices({ ...t, sizes: {} }, 4, 4)).toBeNull();
  });

  it('the families answer through the registry: 4x4 edge matching has no expert level (it tops out at hard)', () => {
    expect(levelOffered(FAMILIES.edgematch as never, 4, 4, 'hard')).toBe(true);
    expect(levelOffered(FAMILIES.edgematch as never, 4, 4, 'expert')).toBe(false);
  });

  it('generate refuses a level its table does not offer at the size (exit 2), naming those it does', async () => {
    const r = await run(['generate', 'edgematch', '--size', '4', '--level', 'expert', '--seed', 's']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('edgematch 4x4 has no expert level');
    expect(r.stderr).toContain('Levels at this size: easy, medium, hard.');
    expect(r.stdout).toBe('');
    const table = await run(['generate', 'edgematch', '--levels']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^4x4\s+easy 6\/6 {2}medium 6\/6 {2}hard 6\/6 {2}\(expert\) 0\/6$/m);
  });

  it('an offered level that misses exits 1 naming the puzzle found; --json carries it as nearest', async () => {
    // Numberlink 5x5 medium is offered (6 of 12); this seed's 12 runs found none (bench/results/level-table-numberlink.json).
    const r = await run(['generate', 'numberlink', '--size', '5', '--level', 'medium', '--seed', 'level-table/2', '--json', '-q']);
    expect(r.code).toBe(1);
    const [g] = JSON.parse(r.stdout) as { ok: boolean; reason: string; nearest: { id: string; grade: { level: string } } }[];
    expect(g).toMatchObject({ ok: false, reason: 'other-level' });
    expect(g.nearest.id).toMatch(/^numberlink:5x5-strict:/);
    expect(g.nearest.grade.level).not.toBe('medium');
    expect(r.stderr).toContain(`the ${g.nearest.grade.level} one found: ${g.nearest.id}`);
  });

  it('no level asked: medium where every measured seed reached it, else the level most did (numberlink 5x5: easy)', async () => {
    expect(defaultLevel(FAMILIES.nonogram as never, 10, 10)).toBe('medium');
    expect(defaultLevel(FAMILIES.numberlink as never, 10, 10)).toBe('medium');
    expect(defaultLevel(FAMILIES.numberlink as never, 5, 5)).toBe('easy');
    // 30x30: medium 10 of 12, easy 12 of 12.
    expect(defaultLevel(FAMILIES.numberlink as never, 30, 30)).toBe('easy');
    // The seed whose medium run misses (above) succeeds with no level asked, at the level said on stderr.
    const r = await run(['generate', 'numberlink', '--size', '5', '--seed', 'level-table/2', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const [g] = JSON.parse(r.stdout) as { ok: boolean; seededId: string; grade: { level: string } }[];
    expect(g.ok).toBe(true);
    expect(g.grade.level).toBe('easy');
    expect(r.stderr).toContain('no level asked: easy');
    // Asked explicitly, the level is still met or refused: never swapped.
    const asked = await run(['generate', 'numberlink', '--size', '5', '--level', 'medium', '--seed', 'level-table/2', '-q']);
    expect(asked.code).toBe(1);
    expect(asked.stdout).toBe('');
  });

  it('catalogue build says first when a cell is at a level the table does not offer; its jobs fail other-level', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'proofgrid-levels-'));
    try {
      const out = join(dir, 'em.db');
      const r = await run([
        'catalogue',
        'build',
        '--family',
        'edgematch',
        '--sizes',
        '4',
        '--levels',
        'expert',
        '--per-cell',
        '1',
        '--workers',
        '1',
        '--out',
        out,
      ]);
      // Version 3 makes a 4x4 expert now and then (0 of the table's 6 seeds): this build's tenth job did, after nine other-level failures.
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('proofgrid: note: 4x4-expert: not a level edgematch generator version 3 was measured to make at that size');
      expect(r.stdout).toContain('4x4-expert: 1/1 distinct, 0 duplicates, 9 failed, 10 jobs');
      const stats = await run(['catalogue', 'stats', out, '--json']);
      expect((JSON.parse(stats.stdout) as { cells: { failureReasons: Record<string, number> }[] }).cells[0].failureReasons).toEqual({ 'other-level': 9 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
