/**
 * Damaged catalogue files (issue 15): a file truncated or overwritten in a page, an index that no
 * longer matches its table, rows whose columns are not of their types. `verify` reports them (exit 1,
 * or 2 for a file SQLite cannot read at all); `export`, `stats` and a resumed `build` refuse them
 * (exit 2) with a clear message and write nothing. Never an internal error (exit 3).
 */
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { damagedRows } from '../src/catalogue/damage.ts';
import { openStore } from '../src/catalogue/store.ts';
import { cli } from './catalogue-helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'proofgrid-catalogue-damage-'));
const db = join(dir, 'cat.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BUILD = ['catalogue', 'build', '--family', 'nonogram', '--sizes', '5x5', '--levels', 'easy', '--workers', '1', '-q'];

/** Where a table or index starts in the file (its root page), and the page size. */
function rootPage(path: string, name: string): { offset: number; pageSize: number } {
  const d = new Database(path, { readonly: true });
  try {
    const { rootpage } = d.prepare('SELECT rootpage FROM sqlite_schema WHERE name = ?').get(name) as { rootpage: number };
    const pageSize = d.pragma('page_size', { simple: true }) as number;
    return { offset: (rootpage - 1) * pageSize, pageSize };
  } finally {
    d.close();
  }
}

/** A copy of the catalogue, damaged by `f`. */
function damaged(name: string, f: (path: string) => void): string {
  const path = join(dir, `${name}.db`);
  copyFileSync(db, path);
  f(path);
  return path;
}

const editBytes = (path: string, f: (b: Buffer) => void): void => {
  const b = readFileSync(path);
  f(b);
  writeFileSync(path, b);
};

const sql = (path: string, ...statements: string[]): void => {
  const d = new Database(path);
  try {
    for (const s of statements) d.exec(s);
  } finally {
    d.close();
  }
};

const jobCount = (path: string): number => {
  const d = new Database(path, { readonly: true });
  try {
    return (d.prepare('SELECT count(*) AS n FROM jobs').get() as { n: number }).n;
  } finally {
    d.close();
  }
};

beforeAll(async () => {
  const r = await cli([...BUILD, '--per-cell', '3', '--out', db]);
  expect(r.code, r.stderr).toBe(0);
}, 60_000);

/** Runs export (to a file and as JSON), stats and verify on a file; asserts export and stats refuse it, writing nothing. */
async function readers(path: string, message: string | RegExp): Promise<{ verify: { code: number | null; stdout: string; stderr: string } }> {
  const out = join(dir, 'out.non');
  const runs = {
    non: await cli(['catalogue', 'export', path, '--format', 'non', '--out', out]),
    json: await cli(['catalogue', 'export', path, '--format', 'json']),
    stats: await cli(['catalogue', 'stats', path, '--html', join(dir, 'r.html')]),
  };
  for (const [what, r] of Object.entries(runs)) {
    expect(r.code, `${what}: ${r.stderr}`).toBe(2);
    if (typeof message === 'string') expect(r.stderr, what).toContain(message);
    else expect(r.stderr, what).toMatch(message);
    expect(r.stdout, what).toBe('');
  }
  expect(existsSync(out)).toBe(false);
  expect(existsSync(join(dir, 'r.html'))).toBe(false);
  return { verify: await cli(['verify', path, '-q', '--no-sat']) };
}

describe('damaged catalogue files', () => {
  it("a file truncated inside its last page: verify names SQLite's findings (exit 1), the readers refuse it (exit 2)", async () => {
    const path = damaged('truncated', (p) => truncateSync(p, statSync(p).size - 1000));
    const { verify } = await readers(path, `${path}: the catalogue file is damaged`);
    expect(verify.code).toBe(1);
    expect(verify.stdout).toMatch(/^DAMAGED file: /);
    expect(verify.stdout).toContain("the file is damaged (SQLite's integrity check, above); no puzzle was checked");
  });

  it('the jobs table overwritten at its root page ("database disk image is malformed"): exit 2 everywhere', async () => {
    const path = damaged('flipped', (p) => {
      const { offset } = rootPage(p, 'jobs');
      editBytes(p, (b) => {
        for (let i = offset; i < offset + 8; i++) b[i] ^= 0xff;
      });
    });
    const { verify } = await readers(path, `${path}: the catalogue file is damaged (database disk image is malformed)`);
    expect(verify.code).toBe(2);
    expect(verify.stderr).toContain('the catalogue file is damaged (database disk image is malformed): restore it from a copy, or build it again');
  });

  it('a damaged index: verify finds it, and a resumed build refuses the file instead of adding to it', async () => {
    // The unique index of the jobs emptied: its table still holds the rows (exit 3 before).
    const path = damaged('index', (p) => {
      const { offset } = rootPage(p, 'sqlite_autoindex_jobs_1');
      editBytes(p, (b) => b.writeUInt16BE(0, offset + 3));
    });
    const { verify } = await readers(path, 'wrong # of entries in index sqlite_autoindex_jobs_1');
    expect(verify.code).toBe(1);
    expect(verify.stdout).toContain('DAMAGED file: wrong # of entries in index sqlite_autoindex_jobs_1');
    const before = readFileSync(path);
    const build = await cli([...BUILD, '--per-cell', '5', '--out', path]);
    expect(build.code, build.stderr).toBe(2);
    expect(build.stderr).toContain(`${path}: the catalogue file is damaged`);
    expect(readFileSync(path).equals(before)).toBe(true);
  }, 30_000);

  it('rows of the wrong types: verify reports each (exit 1) and checks the rest; the readers and a build refuse them', async () => {
    const path = damaged('rows', (p) =>
      sql(
        p,
        "UPDATE jobs SET grade_metrics = '{not json' WHERE job_index = 0",
        "UPDATE jobs SET grade_score = 'high' WHERE job_index = 1",
        'PRAGMA ignore_check_constraints = ON',
        'UPDATE jobs SET puzzle_id = NULL WHERE job_index = 2',
      ),
    );
    const { verify } = await readers(
      path,
      /3 damaged rows: jobs row nonogram 5x5-easy \(seed "catalogue"\) job 0: grade_metrics is not JSON; .*job 1: grade_score is text, not a number/,
    );
    expect(verify.code).toBe(1);
    expect(verify.stdout).toContain('DAMAGED jobs row nonogram 5x5-easy (seed "catalogue") job 0: grade_metrics is not JSON');
    expect(verify.stdout).toContain('DAMAGED jobs row nonogram 5x5-easy (seed "catalogue") job 1: grade_score is text, not a number');
    expect(verify.stdout).toContain('DAMAGED jobs row nonogram 5x5-easy (seed "catalogue") job 2: puzzle_id is NULL in an ok row');
    expect(verify.stdout).toContain('0 stored puzzles checked: 0 passed, 0 failed');
    expect(verify.stdout).toContain('3 damaged rows (not checked)');
    const json = JSON.parse((await cli(['verify', path, '--json', '--no-sat'])).stdout) as {
      integrity: string[];
      damaged: { id: number; problems: string[] }[];
    };
    expect(json.integrity).toEqual([]);
    expect(json.damaged.map((d) => d.problems)).toEqual([
      ['grade_metrics is not JSON'],
      ['grade_score is text, not a number'],
      ['puzzle_id is NULL in an ok row'],
    ]);
    const build = await cli([...BUILD, '--per-cell', '5', '--out', path]);
    expect(build.code).toBe(2);
    // Writing, SQLite's quick_check also checks the CHECK constraints (the NULL id of an ok row).
    expect(build.stderr).toContain(`${path}: the catalogue file is damaged (CHECK constraint failed in jobs)`);
    expect(jobCount(path)).toBe(3);
  }, 30_000);

  it('names what is wrong with a row, column by column', () => {
    const path = damaged('columns', (p) =>
      sql(
        p,
        'PRAGMA ignore_check_constraints = ON',
        "UPDATE jobs SET width = 5.5, seed = X'00', diag_rejected = X'7b7d', status = 'done', cert_nodes = 9007199254740993, cert_ms = 9e999 WHERE job_index = 0",
        "UPDATE jobs SET status = 'failed', puzzle_id = NULL, canonical_hash = NULL WHERE job_index = 1",
        "UPDATE cells SET per_cell = 'many'",
      ),
    );
    const store = openStore(path, { readonly: true });
    try {
      expect(damagedRows(store).map(({ table, where, problems }) => ({ table, where, problems }))).toEqual([
        { table: 'cells', where: 'nonogram 5x5-easy (seed "catalogue")', problems: ['per_cell is text, not an integer'] },
        {
          table: 'jobs',
          where: 'nonogram 5x5-easy (seed "catalogue") job 0',
          problems: [
            'seed is blob, not text',
            'width is real, not an integer',
            'cert_nodes is too large an integer',
            'cert_ms is not a finite number',
            'diag_rejected is blob, not JSON text',
            'status is "done", not ok or failed',
          ],
        },
      ]);
      // A failed row may lack a puzzle; the filter narrows the check.
      expect(damagedRows(store, { family: 'edgematch' })).toEqual([]);
    } finally {
      store.close();
    }
  });
});
