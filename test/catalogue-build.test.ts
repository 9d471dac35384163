/**
 * `proofgrid catalogue build`: the same catalogue whatever the number of workers, resumable after a
 * kill -9, and clear refusals that create no file.
 */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, SCHEMA_VERSION } from '../src/catalogue/store.ts';
import { catalogueRows } from '../src/catalogue/export.ts';
import { planCells } from '../src/cli/catalogue.ts';
import { buildInProcess as build, catalogueContent as content } from './catalogue-helpers.ts';
import { CLI, expectRefused, ROOT, run } from './cli-helpers.ts';
import { longIt } from './long.ts';

const dir = mkdtempSync(join(tmpdir(), 'proofgrid-catalogue-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('catalogue build', () => {
  longIt('gives the same catalogue with 1 and 2 workers, with duplicates removed in job order; a re-run runs nothing', async () => {
    // Numberlink 5x5 easy under seed h (generator 7): job 12 is job 8 turned a quarter, its numbers renamed
    // (another id, the same hash). The default seed's first repeat is the same id again (job 13 of job 9).
    const cells = planCells({ family: 'numberlink', sizes: '5x5', levels: 'easy,medium', seed: 'h' });
    const one = join(dir, 'one.db');
    const two = join(dir, 'two.db');
    await build(one, cells, 13, 1);
    await build(two, cells, 13, 2);
    const a = content(one);
    expect(a).toHaveLength(26);
    expect(content(two)).toEqual(a);
    // Every catalogue puzzle is distinct, and is the first of its hash in its cell's job order.
    const s = openStore(two, { readonly: true });
    const cat = catalogueRows(s);
    expect(new Set(cat.map((r) => `${r.params} ${r.canonical_hash}`)).size).toBe(26);
    const easy = (i: number): { puzzle_id: string; canonical_hash: string } =>
      s.db.prepare("SELECT puzzle_id, canonical_hash FROM jobs WHERE params = '5x5-easy' AND job_index = ?").get(i) as {
        puzzle_id: string;
        canonical_hash: string;
      };
    expect(easy(12).canonical_hash).toBe(easy(8).canonical_hash);
    expect(easy(12).puzzle_id).not.toBe(easy(8).puzzle_id);
    expect(cat.filter((r) => r.params === '5x5-easy').map((r) => r.job_index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13]);
    const firsts = s.db
      .prepare("SELECT params, canonical_hash, MIN(job_index) AS first, COUNT(*) AS n FROM jobs WHERE status = 'ok' GROUP BY params, canonical_hash")
      .all() as { params: string; canonical_hash: string; first: number; n: number }[];
    for (const r of cat) expect(r.job_index).toBe(firsts.find((f) => f.params === r.params && f.canonical_hash === r.canonical_hash)?.first);
    s.close();
    // Completed: running it again finds every job stored.
    expect(await build(one, cells, 13, 2)).toBe(0);
    expect(content(one)).toEqual(a);
  });

  // Long suite only (npm test's four minutes); CI runs it at every stop.
  longIt(
    'stops on SIGINT keeping its rows, survives kill -9 with no half row, and the same command resumes to the catalogue of an uninterrupted build',
    async () => {
      const args = [
        'catalogue',
        'build',
        '--family',
        'nonogram',
        '--sizes',
        '7x7',
        '--levels',
        'hard,expert',
        '--per-cell',
        '30',
        '--seed',
        'kill',
        '--workers',
        '2',
        '-q',
      ];
      const killed = join(dir, 'killed.db');
      const count = (): number => {
        const db = new Database(killed, { readonly: true, fileMustExist: true });
        try {
          return (db.prepare('SELECT count(*) AS n FROM jobs').get() as { n: number }).n;
        } finally {
          db.close();
        }
      };
      /** Runs the build until at least `rows` jobs are stored, then sends `signal`; the rows stored then. */
      const interrupt = async (rows: number, signal: NodeJS.Signals): Promise<{ stored: number; code: number | null; signal: NodeJS.Signals | null }> => {
        const child = spawn(process.execPath, [CLI, ...args, '--out', killed], { cwd: ROOT, stdio: 'ignore' });
        const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
        let stored = 0;
        for (let t = 0; t < 600 && child.exitCode === null; t++) {
          await new Promise((r) => setTimeout(r, 25));
          try {
            stored = count();
          } catch {
            // Not created or not migrated yet.
          }
          if (stored >= rows) break;
        }
        child.kill(signal);
        await exited;
        return { stored, code: child.exitCode, signal: child.signalCode };
      };

      const first = await interrupt(4, 'SIGINT');
      expect(first.code).toBe(130);
      expect(count()).toBeGreaterThanOrEqual(first.stored);
      const second = await interrupt(first.stored + 6, 'SIGKILL');
      expect(second.signal).toBe('SIGKILL');
      const db = new Database(killed);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      const after = (db.prepare('SELECT count(*) AS n FROM jobs').get() as { n: number }).n;
      expect(after).toBeGreaterThanOrEqual(second.stored);
      expect(after).toBeLessThan(60);
      // Every row is whole: ok rows carry their puzzle, certificate and grade; failed rows their reason.
      expect(
        (
          db
            .prepare(
              "SELECT count(*) AS n FROM jobs WHERE status = 'ok' AND (puzzle_id IS NULL OR canonical_hash IS NULL OR cert_kind IS NULL OR grade_level IS NULL)",
            )
            .get() as { n: number }
        ).n,
      ).toBe(0);
      expect((db.prepare("SELECT count(*) AS n FROM jobs WHERE status = 'failed' AND failure_reason IS NULL").get() as { n: number }).n).toBe(0);
      expect(db.prepare('SELECT outcome FROM builds ORDER BY id').all()).toEqual([{ outcome: 'interrupted' }, { outcome: null }]);
      db.close();

      const resumed = await run([...args, '--out', killed]);
      expect(resumed.code).toBe(0);
      expect(resumed.stdout).toContain('60 puzzles in 2 cells');
      const fresh = join(dir, 'fresh.db');
      await build(fresh, planCells({ family: 'nonogram', sizes: '7x7', levels: 'hard,expert', seed: 'kill' }), 30, 2);
      expect(content(killed)).toEqual(content(fresh));
    },
  );

  it('two builds of one file at once: one runs, the other is refused naming its pid; after kill -9 a build takes over', async () => {
    // Long builds (5x5 easy repeats itself: about 3N jobs), started together: the lock is taken in the
    // transaction recording the build, so exactly one gets it (two ran into a UNIQUE constraint, exit 3).
    const out = join(dir, 'locked.db');
    const args = ['catalogue', 'build', '--family', 'nonogram', '--sizes', '5', '--levels', 'easy', '--seed', 'lock', '--workers', '1', '-q', '--out', out];
    const start = (): { child: ReturnType<typeof spawn>; done: Promise<{ code: number | null; stderr: string }> } => {
      const child = spawn(process.execPath, [CLI, ...args, '--per-cell', '100000'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
      return { child, done: new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr }))) };
    };
    const a = start();
    const b = start();
    const first = await Promise.race([a.done.then((r) => ({ ...r, loser: a, winner: b })), b.done.then((r) => ({ ...r, loser: b, winner: a }))]);
    expect(first.code, first.stderr).toBe(2);
    expect(first.stderr).toContain(`${out} is in use by another build (pid ${first.winner.child.pid}, started `);
    expect(first.winner.child.exitCode).toBe(null);
    first.winner.child.kill('SIGKILL');
    await first.winner.done;
    // The killed build's row stays unfinished, its process gone: the next build goes ahead.
    const next = await run([...args, '--per-cell', '2']);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stdout).toContain('5x5-easy: 2/2 distinct');
  }, 60_000);

  it('refuses bad options with exit 2 and a message naming the problem, creating no file', async () => {
    const out = join(dir, 'never.db');
    const base = ['catalogue', 'build', '--per-cell', '2', '--out', out];
    const cases: [string[], string | RegExp][] = [
      [['--family', 'nonogram', '--sizes', '3x3', '--levels', 'easy'], /--sizes 3x3: .*side/],
      [['--family', 'nonogram', '--sizes', 'big', '--levels', 'easy'], '--sizes big: expected WxH'],
      [['--family', 'sudoku', '--sizes', '6x6', '--levels', 'easy'], /sudoku/],
      [['--family', 'nonogram', '--sizes', '6x6', '--levels', 'easy,tough'], 'unknown level "tough"'],
      [['--family', 'nonogram', '--sizes', '6x6', '--levels', 'easy', '--rule', 'no-2x2'], '--rule applies to numberlink'],
      [['--family', 'nonogram', '--sizes', '6x6'], /--levels/],
    ];
    const runs = await Promise.all(cases.map(([flags]) => run([...base, ...flags])));
    runs.forEach((r, i) => expectRefused(r, cases[i][1]));
    expect(existsSync(out)).toBe(false);
  });

  it('refuses a store of a newer schema, and a resume under another --budget-ms', async () => {
    const newer = join(dir, 'newer.db');
    const db = new Database(newer);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    const args = ['catalogue', 'build', '--family', 'nonogram', '--sizes', '5', '--levels', 'easy', '--per-cell', '1', '-q'];
    expectRefused(await run([...args, '--out', newer]), 'newer than this proofgrid');
    const small = join(dir, 'small.db');
    const first = await run([...args, '--out', small]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('5x5-easy: 1/1 distinct');
    expectRefused(await run([...args, '--out', small, '--budget-ms', '5000']), 'built with no --budget-ms, not --budget-ms 5000');
  });
  it('reports a cell short after 3N + 10 jobs (exit 1), its failures stored with their reason', async () => {
    const out = join(dir, 'short.db');
    // A 1 ms deadline stops every 15x15 expert generation.
    const r = await run([
      'catalogue',
      'build',
      '--family',
      'nonogram',
      '--sizes',
      '15',
      '--levels',
      'expert',
      '--per-cell',
      '1',
      '--budget-ms',
      '1',
      '--out',
      out,
      '-q',
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('15x15-expert: 0/1 distinct, 0 duplicates, 13 failed, 13 jobs');
    expect(r.stdout).toContain('1 cell short of 1 after 13 jobs: 15x15-expert');
    const db = new Database(out, { readonly: true });
    expect(db.prepare('SELECT status, failure_reason AS reason, count(*) AS n FROM jobs GROUP BY 1, 2').all()).toEqual([
      { status: 'failed', reason: 'deadline', n: 13 },
    ]);
    expect(db.prepare('SELECT outcome FROM builds').all()).toEqual([{ outcome: 'short' }]);
    db.close();
  });
});
