/**
 * Catalogue builds beyond one machine, through a BullMQ job queue on Redis. Node only.
 *
 * The build (`catalogue build --queue URL`) is the coordinator: it keeps its scheduling (build.ts, per
 * cell in job order) and its one store, and only hands each job instruction (family, params, seed,
 * generator version, deadline: jobs.ts) to the queue instead of a local thread pool; the row comes back
 * as the job's return value and the coordinator alone writes it. Workers (`catalogue worker --queue
 * URL`, on any machine) run the jobs on a pool of threads with the same job runner as a local build
 * (worker.ts), so a job gives the same row wherever it runs and the catalogue equals a local build's.
 *
 * Redis keys (besides BullMQ's own under `bull:<queue>:`):
 * - the queue of a build is `proofgrid-catalogue-<16 hex>`, a hash of the coordinator's host name and
 *   the store's absolute path: the same store gets the same queue on every run, and the coordinator
 *   empties it (BullMQ `obliterate`) when it starts, so jobs left by a killed coordinator are dropped,
 *   never mixed into the new run. It empties it again when it stops.
 * - `proofgrid:catalogue:lock:<queue>`: which coordinator owns the queue (a random token, its host and
 *   pid), expiring `STALE_MS` after its last heartbeat. A second coordinator on the same store is refused
 *   while the first is alive; one killed on this host is recognised at once (its pid is gone), one killed
 *   elsewhere after `STALE_MS`.
 * - `proofgrid:catalogue:active`: the queues of running builds (a sorted set scored by heartbeat time);
 *   workers poll it and serve every queue whose coordinator beat within `STALE_MS`.
 *
 * Each job in the queue has an id made of a token of this coordinator run and a counter, and only the
 * results of the jobs this run issued are taken: a late result of a killed run is never stored. Results
 * are checked to be rows of the job asked (seed, params, index, generator version).
 */
import { createHash, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import type { Queue, QueueEvents, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { jobPool, type JobRunner } from './build.ts';
import type { Job } from './jobs.ts';
import { alive } from './lock.ts';
import { missingPackage } from '../packages.ts';
import type { JobRow } from './store.ts';

/** The shape of a queued job's data; a worker refuses another protocol (another proofgrid). */
export const QUEUE_PROTOCOL = 1;
const ACTIVE = 'proofgrid:catalogue:active';
const lockKey = (queue: string): string => `proofgrid:catalogue:lock:${queue}`;
/** How often a coordinator renews its lock and its entry in ACTIVE. */
export const HEARTBEAT_MS = 2000;
/** A coordinator silent this long is taken for dead. */
export const STALE_MS = 10_000;
/** How often a worker looks for builds to serve. */
const POLL_MS = 500;

interface QueuedJob {
  protocol: number;
  job: Job;
}

/** Redis cannot be reached or was lost, or the queue cannot be used: the message says which and where. */
export class QueueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueueError';
  }
}

/** The URL as it may be shown: a password in it replaced by `***`. */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== '') u.password = '***';
    return u.toString().replace(/\/$/, '');
  } catch {
    return url;
  }
}

/** Checks the URL's form: `redis://host[:port][/db]` or `rediss://` (TLS). QueueError otherwise. */
export function checkQueueUrl(url: string): void {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new QueueError(`--queue ${url}: expected a Redis URL, e.g. redis://127.0.0.1:6379`);
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:')
    throw new QueueError(`--queue ${shownUrl(url)}: expected a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379`);
  if (u.hostname === '') throw new QueueError(`--queue ${shownUrl(url)}: the URL names no host`);
}

/** Connects once, without retrying, and pings: QueueError naming the URL when Redis is not there. */
export async function probeRedis(url: string, timeoutMs = 5000): Promise<void> {
  checkQueueUrl(url);
  const { Redis } = await queueLibraries();
  const client = new Redis(url, {
    lazyConnect: true,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
    connectTimeout: timeoutMs,
    enableOfflineQueue: false,
  });
  let last: Error | null = null;
  client.on('error', (e: Error) => {
    last = e;
  });
  try {
    await client.connect();
    await client.ping();
  } catch (e) {
    const reason = (last as Error | null)?.message ?? (e as Error).message;
    throw new QueueError(`cannot reach Redis at ${shownUrl(url)}: ${reason}`);
  } finally {
    client.disconnect();
  }
}

/**
 * bullmq and ioredis, imported when a queue is first used (probeRedis, which every entry point here
 * calls first): importing them costs every other command of the CLI ~150 ms of CPU at start-up.
 */
let libraries: { Queue: typeof Queue; QueueEvents: typeof QueueEvents; Worker: typeof Worker; Redis: typeof Redis } | undefined;
async function queueLibraries(): Promise<NonNullable<typeof libraries>> {
  if (libraries === undefined) {
    const [{ Queue, QueueEvents, Worker }, { Redis }] = await Promise.all([import('bullmq'), import('ioredis')]).catch((e: unknown) => {
      throw missingPackage(e, ['bullmq', 'ioredis'], 'the Redis queue');
    });
    libraries = { Queue, QueueEvents, Worker, Redis };
  }
  return libraries;
}

/** A long-lived client that reconnects (errors are reported through `onError`, not thrown at large). */
async function client(url: string, onError: (e: Error) => void): Promise<Redis> {
  const { Redis } = await queueLibraries();
  const c = new Redis(url, { maxRetriesPerRequest: 1 });
  c.on('error', onError);
  return c;
}

/** The queue of a build writing `dbPath` on this host: the same store gets the same queue. */
export function queueNameFor(dbPath: string): string {
  return `proofgrid-catalogue-${createHash('sha256')
    .update(`${hostname()}\0${resolve(dbPath)}`)
    .digest('hex')
    .slice(0, 16)}`;
}

/** Waits for `p` at most `ms` milliseconds; its failure is ignored. */
async function within(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([p.catch(() => {}), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 else return 0 end`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/** A coordinator's side of the queue: a JobRunner for runBuild, to be closed when the build ends. */
export interface QueueRunner extends JobRunner {
  /** The BullMQ queue name. */
  readonly name: string;
  /** Drops the jobs still queued, gives up the queue, disconnects. */
  close(): Promise<void>;
}

/**
 * Opens the queue of the build writing `dbPath` as its coordinator: checks Redis, takes the queue's
 * lock, empties what a killed run left in it, and announces it to the workers. `slots` jobs are kept in
 * the queue at once. QueueError when Redis is unreachable or another coordinator owns the queue.
 */
export async function openQueueRunner(url: string, dbPath: string, slots: number): Promise<QueueRunner> {
  await probeRedis(url);
  const { Queue, QueueEvents } = await queueLibraries();
  const name = queueNameFor(dbPath);
  const token = randomUUID();
  const me = JSON.stringify({ token, host: hostname(), pid: process.pid, db: resolve(dbPath) });
  let broken: QueueError | null = null;
  const pending = new Map<string, { job: Job; resolve: (row: JobRow) => void; reject: (e: Error) => void }>();
  const fail = (e: QueueError): void => {
    if (broken !== null) return;
    broken = e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };
  let lastError: Error | null = null;
  const redis = await client(url, (e) => {
    lastError = e;
  });
  const connection = { url };
  let queue: Queue | null = null;
  let events: QueueEvents | null = null;
  let beat: NodeJS.Timeout | null = null;
  const shut = async (): Promise<void> => {
    if (beat !== null) clearInterval(beat);
    // With Redis gone these would wait for it forever: each step gets a few seconds, then the
    // connections are dropped (the lock expires and the workers stop serving the queue on their own).
    await within(
      (async (): Promise<void> => {
        if (queue !== null) await queue.obliterate({ force: true });
        await redis.eval(RELEASE, 1, lockKey(name), me);
        await redis.zrem(ACTIVE, name);
      })(),
      5000,
    );
    await within(Promise.all([events?.close(), queue?.close()]), 2000);
    await within(Promise.all([events?.disconnect(), queue?.disconnect()]), 1000);
    redis.disconnect();
  };

  try {
    // The lock: one coordinator per queue.
    for (let attempt = 0; ; attempt++) {
      if ((await redis.set(lockKey(name), me, 'PX', STALE_MS, 'NX')) === 'OK') break;
      const held = await redis.get(lockKey(name));
      let other: { host?: string; pid?: number } = {};
      try {
        other = JSON.parse(held ?? '{}') as typeof other;
      } catch {
        // Not ours: treat as held.
      }
      if (held !== null && other.host === hostname() && typeof other.pid === 'number' && !alive(other.pid) && attempt === 0) {
        // Its coordinator was killed on this host: its lock is stale.
        await redis.eval(RELEASE, 1, lockKey(name), held);
        continue;
      }
      if (held === null && attempt < 3) continue;
      throw new QueueError(
        `another coordinator (pid ${other.pid ?? '?'} on ${other.host ?? '?'}) is building ${resolve(dbPath)} through Redis at ${shownUrl(url)} (queue ${name}): ` +
          `stop it first${other.host !== hostname() ? `, or wait ${STALE_MS / 1000} s if it was killed` : ''}`,
      );
    }
    queue = new Queue(name, { connection });
    queue.on('error', (e: Error) => {
      lastError = e;
    });
    // Jobs left by a killed coordinator of this store: dropped, never mixed into this run.
    await queue.obliterate({ force: true });
    // Read the (now empty) event stream from its start, so that no result is missed between here and the first read.
    events = new QueueEvents(name, { connection, lastEventId: '0-0' });
    events.on('error', (e: Error) => {
      lastError = e;
    });
    await events.waitUntilReady();
    events.on('completed', ({ jobId, returnvalue }) => {
      const p = pending.get(jobId);
      if (p === undefined) return;
      pending.delete(jobId);
      let row: JobRow;
      try {
        row = (typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue) as JobRow;
      } catch {
        p.reject(new Error(`a worker returned no row for job ${p.job.seed}`));
        return;
      }
      const j = p.job;
      if (
        row === null ||
        typeof row !== 'object' ||
        row.seed !== j.seed ||
        row.params !== j.params ||
        row.job_index !== j.index ||
        row.generator_version !== j.generatorVersion ||
        row.family !== j.family
      ) {
        p.reject(new Error(`a worker returned a row that is not job ${j.seed}'s (another proofgrid version on a worker?)`));
        return;
      }
      p.resolve(row);
    });
    events.on('failed', ({ jobId, failedReason }) => {
      const p = pending.get(jobId);
      if (p === undefined) return;
      pending.delete(jobId);
      // As a job that throws in a local pool: a bug, or a worker of another proofgrid (exit 3, the reason shown).
      p.reject(new Error(`job ${p.job.family} ${p.job.seed} failed on a worker: ${failedReason}`));
    });
    await redis.zadd(ACTIVE, Date.now(), name);
  } catch (e) {
    await shut();
    if (e instanceof QueueError) throw e;
    throw new QueueError(`cannot use Redis at ${shownUrl(url)}: ${(lastError as Error | null)?.message ?? (e as Error).message}`);
  }

  let lastBeat = Date.now();
  beat = setInterval(() => {
    redis
      .eval(RENEW, 1, lockKey(name), me, String(STALE_MS))
      .then(async (held) => {
        if (held !== 1) {
          fail(new QueueError(`lost queue ${name} in Redis at ${shownUrl(url)} (Redis restarted or lost its data): run the same command again to continue`));
          return;
        }
        await redis.zadd(ACTIVE, Date.now(), name);
        lastBeat = Date.now();
      })
      .catch((e: unknown) => {
        const reason = (lastError as Error | null)?.message ?? (e as Error).message;
        if (Date.now() - lastBeat > STALE_MS)
          fail(
            new QueueError(
              `lost Redis at ${shownUrl(url)} for over ${STALE_MS / 1000} s (${reason}); the rows stored are kept: run the same command again to continue`,
            ),
          );
      });
  }, HEARTBEAT_MS);
  beat.unref();

  const runToken = token.slice(0, 8);
  let counter = 0;
  const q = queue as Queue;
  return {
    name,
    slots: Math.max(1, slots),
    run(job: Job): Promise<JobRow> {
      if (broken !== null) return Promise.reject(broken);
      const id = `${runToken}-${++counter}`;
      return new Promise<JobRow>((resolve, reject) => {
        pending.set(id, { job, resolve, reject });
        const data: QueuedJob = { protocol: QUEUE_PROTOCOL, job };
        q.add('job', data, { jobId: id, removeOnComplete: true, removeOnFail: true }).catch((e: unknown) => {
          fail(new QueueError(`cannot queue jobs in Redis at ${shownUrl(url)}: ${(e as Error).message}`));
        });
      });
    },
    close: shut,
  };
}

export interface ServeOptions {
  url: string;
  /** Jobs run at once by this process (threads of its pool). */
  concurrency: number;
  /** Stops taking jobs; the jobs running are finished and returned first. */
  signal: AbortSignal;
  /** One line per event worth telling (a build joined or left, a Redis error). */
  log?: (line: string) => void;
  /** Called once Redis answered and the pool is up. */
  onReady?: () => void;
}

export interface ServeResult {
  /** Jobs run and returned. */
  jobs: number;
  /** Builds (queues) served. */
  builds: number;
  /**
   * False when Redis was gone at the stop, so the BullMQ workers could not close: their reconnection
   * loops may keep the process alive, and the caller should exit.
   */
  clean: boolean;
}

/**
 * A worker process: serves the queues of every running build on the Redis at `url` until `signal`
 * aborts, running their jobs on a pool of `concurrency` threads (worker.ts's runJob). QueueError when
 * Redis cannot be reached at the start; later outages are waited out (BullMQ reconnects).
 */
export async function serveQueue(options: ServeOptions): Promise<ServeResult> {
  const { url, signal } = options;
  const log = options.log ?? ((): void => {});
  await probeRedis(url);
  const { Worker } = await queueLibraries();
  const concurrency = Math.max(1, options.concurrency);
  const pool = jobPool(concurrency);
  let reported = '';
  const report = (line: string): void => {
    if (line !== reported) log(line);
    reported = line;
  };
  const redis = await client(url, (e) => report(`Redis at ${shownUrl(url)}: ${e.message}`));
  const serving = new Map<string, Worker>();
  const closing: Promise<void>[] = [];
  let jobs = 0;
  let builds = 0;
  options.onReady?.();
  const processor = async (qj: { data: QueuedJob }): Promise<JobRow> => {
    const d = qj.data;
    if (d?.protocol !== QUEUE_PROTOCOL)
      throw new Error(
        `this worker reads queue protocol ${QUEUE_PROTOCOL}, the job has ${String(d?.protocol)}: run the same proofgrid on the coordinator and its workers`,
      );
    const row = await pool.run(d.job);
    jobs++;
    return row;
  };

  const poll = async (): Promise<void> => {
    let names: string[];
    try {
      names = await redis.zrangebyscore(ACTIVE, Date.now() - STALE_MS, '+inf');
    } catch {
      return; // Reported by the client's error handler; try again at the next poll.
    }
    if (signal.aborted) return;
    for (const name of names) {
      if (serving.has(name)) continue;
      const w = new Worker(name, processor, { connection: { url, maxRetriesPerRequest: null }, concurrency, maxStalledCount: 5 });
      w.on('error', (e: Error) => report(`queue ${name}: ${e.message}`));
      serving.set(name, w);
      builds++;
      log(`serving build queue ${name}`);
    }
    for (const [name, w] of serving) {
      if (names.includes(name)) continue;
      // Its coordinator is gone and emptied the queue: a job still running has no one to go to.
      serving.delete(name);
      closing.push(w.close(true));
      log(`build queue ${name} ended`);
    }
  };

  await new Promise<void>((resolveStop) => {
    let timer: NodeJS.Timeout | null = null;
    const tick = (): void => {
      void poll().then(() => {
        if (!signal.aborted) timer = setTimeout(tick, POLL_MS);
      });
    };
    const stop = (): void => {
      if (timer !== null) clearTimeout(timer);
      resolveStop();
    };
    if (signal.aborted) stop();
    else {
      signal.addEventListener('abort', stop, { once: true });
      tick();
    }
  });
  // Finish and return the jobs running; take no more. (With Redis gone nothing can be returned: the
  // workers are dropped after a few seconds, and the coordinator has the jobs run again.)
  const all = [...serving.values()];
  let clean = true;
  const closed = Promise.allSettled([...all.map((w) => w.close()), within(Promise.all(closing), 3000)]).then(() => true);
  if (redis.status === 'ready') await closed;
  else clean = (await Promise.race([closed, new Promise<false>((r) => setTimeout(() => r(false), 3000).unref())])) === true;
  if (!clean) await within(Promise.allSettled(all.map((w) => w.disconnect())), 1000);
  await pool.destroy();
  redis.disconnect();
  return { jobs, builds, clean };
}
