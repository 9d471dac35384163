/**
 * `proofgrid catalogue build --queue` and `catalogue worker`: a coordinator and two worker processes on
 * a local Redis give the catalogue of a plain local build with one worker, also after the coordinator
 * was killed (its stale queue dropped on resume); an unreachable Redis is refused creating no file.
 *
 * The setup starts its own `redis-server` (Debian package redis-server) on a free port, in a temp dir,
 * without persistence, and stops it after. Without redis-server the tests are skipped loudly, or fail
 * when PROOFGRID_REQUIRE_REDIS=1 (as in CI, see .ci/run).
 */
import Database from 'better-sqlite3';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planCells } from '../src/cli/catalogue.ts';
import { buildInProcess, catalogueContent as content } from './catalogue-helpers.ts';
import { CLI, expectRefused, ROOT, run } from './cli-helpers.ts';

const haveRedis = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
if (!haveRedis) {
  const msg = 'redis-server is not installed (apt-get install redis-server): the distributed catalogue build tests are skipped';
  if (process.env.PROOFGRID_REQUIRE_REDIS === '1') throw new Error(msg);
  console.warn(`\n*** ${msg} ***\n`);
}

/** A TCP port free right now on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Waits until `child` has written `text` to `stream`, or fails after `ms`. */
function waitFor(child: ChildProcess, stream: 'stdout' | 'stderr', text: string, ms = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`timed out waiting for "${text}"; got: ${seen}`)), ms);
    const onData = (d: Buffer): void => {
      seen += d.toString();
      if (seen.includes(text)) {
        clearTimeout(timer);
        child[stream]?.off('data', onData);
        resolve();
      }
    };
    child[stream]?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!seen.includes(text)) reject(new Error(`exited (${code}) before "${text}"; got: ${seen}`));
    });
  });
}

describe.skipIf(!haveRedis)('catalogue build through a Redis queue (BullMQ)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'proofgrid-queue-'));
  let redis: ChildProcess | null = null;
  let url = '';
  const workers: { child: ChildProcess; stdout: string; exit: Promise<number | null> }[] = [];

  beforeAll(async () => {
    const port = await freePort();
    url = `redis://127.0.0.1:${port}`;
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await waitFor(redis, 'stdout', 'Ready to accept connections');
    // Two worker processes, one job at a time each, both listening before any build starts.
    for (let k = 0; k < 2; k++) {
      const child = spawn(process.execPath, [CLI, 'catalogue', 'worker', '--queue', url, '--concurrency', '1'], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const w = { child, stdout: '', exit: new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code))) };
      child.stdout?.on('data', (d: Buffer) => (w.stdout += d.toString()));
      workers.push(w);
    }
    await Promise.all(workers.map((w) => waitFor(w.child, 'stderr', 'waiting for builds')));
  }, 30_000);

  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
    if (redis !== null && redis.exitCode === null) {
      const exited = new Promise((resolve) => redis?.once('exit', resolve));
      redis.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('a coordinator and two workers give the catalogue of a local build with one worker', async () => {
    // Numberlink 5x5 easy under seed h repeats a puzzle (generator v7: job 12 is job 8 turned, see catalogue-build.test.ts): de-duplication in job order.
    const args = ['catalogue', 'build', '--family', 'numberlink', '--sizes', '5x5,6x6', '--levels', 'easy,medium', '--per-cell', '13', '--seed', 'h', '-q'];
    const queued = join(dir, 'queued.db');
    const r = await run([...args, '--out', queued, '--queue', url]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('5x5-easy: 13/13 distinct, 1 duplicate');
    expect(r.stdout).toContain('52 puzzles in 4 cells');
    const local = join(dir, 'local.db');
    await buildInProcess(local, planCells({ family: 'numberlink', sizes: '5x5,6x6', levels: 'easy,medium', seed: 'h' }), 13, 1);
    const expected = content(local);
    expect(expected).toHaveLength(52);
    expect(content(queued)).toEqual(expected);
    // The coordinator left nothing in Redis: its queue, lock and announcement are gone.
    const client = new Redis(url);
    expect((await client.keys('*')).filter((k) => !k.endsWith(':stalled-check'))).toEqual([]);
    client.disconnect();
    const db = new Database(queued, { readonly: true });
    expect(db.prepare('SELECT outcome, workers FROM builds').all()).toEqual([{ outcome: 'complete', workers: 64 }]);
    db.close();
  });

  it('a killed coordinator leaves a stale queue that the resumed build drops, ending with the same catalogue', async () => {
    const args = ['catalogue', 'build', '--family', 'nonogram', '--sizes', '7x7', '--levels', 'hard,expert', '--per-cell', '20', '--seed', 'queue-kill', '-q'];
    const killed = join(dir, 'killed.db');
    const child = spawn(process.execPath, [CLI, ...args, '--out', killed, '--queue', url, '--in-flight', '8'], { cwd: ROOT, stdio: 'ignore' });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    let stored = 0;
    for (let t = 0; t < 800 && child.exitCode === null && stored < 5; t++) {
      await new Promise((r) => setTimeout(r, 25));
      try {
        const db = new Database(killed, { readonly: true, fileMustExist: true });
        stored = (db.prepare('SELECT count(*) AS n FROM jobs').get() as { n: number }).n;
        db.close();
      } catch {
        // Not created or not migrated yet.
      }
    }
    child.kill('SIGKILL');
    await exited;
    expect(child.signalCode).toBe('SIGKILL');
    expect(stored).toBeGreaterThanOrEqual(5);
    // What the killed run left: its lock (its pid now dead) and its queue.
    const client = new Redis(url);
    expect(await client.keys('proofgrid:catalogue:lock:*')).toHaveLength(1);
    expect((await client.keys('bull:*')).length).toBeGreaterThan(0);
    client.disconnect();
    // The same command resumes: the queue of the killed run (its lock, its waiting jobs) is taken over and emptied.
    const resumed = await run([...args, '--out', killed, '--queue', url]);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain('40 puzzles in 2 cells');
    const fresh = join(dir, 'fresh.db');
    await buildInProcess(fresh, planCells({ family: 'nonogram', sizes: '7x7', levels: 'hard,expert', seed: 'queue-kill' }), 20, 1);
    expect(content(killed)).toEqual(content(fresh));
  });

  it('refuses an unreachable Redis with exit 2 naming the URL, creating no file', async () => {
    const out = join(dir, 'never.db');
    const nowhere = `redis://127.0.0.1:${await freePort()}`;
    const [build, worker, notRedis] = await Promise.all([
      run(['catalogue', 'build', '--family', 'nonogram', '--sizes', '5', '--levels', 'easy', '--per-cell', '1', '--out', out, '--queue', nowhere, '-q']),
      run(['catalogue', 'worker', '--queue', nowhere]),
      run(['catalogue', 'worker', '--queue', 'http://127.0.0.1']),
    ]);
    expectRefused(build, `cannot reach Redis at ${nowhere}`);
    expect(existsSync(out)).toBe(false);
    expectRefused(worker, `cannot reach Redis at ${nowhere}`);
    expectRefused(notRedis, 'expected a redis:// or rediss:// URL');
  });

  it('workers stop cleanly on SIGTERM, each having run jobs', async () => {
    for (const w of workers) w.child.kill('SIGTERM');
    const codes = await Promise.all(workers.map((w) => w.exit));
    expect(codes).toEqual([0, 0]);
    for (const w of workers) {
      const m = /ran (\d+) jobs? for (\d+) builds?/.exec(w.stdout);
      expect(m, w.stdout).not.toBeNull();
      expect(Number(m?.[1])).toBeGreaterThan(0);
    }
  });
});
