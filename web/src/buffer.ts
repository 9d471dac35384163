/**
 * The New game buffer: a few certified puzzles per (family, size, level), made ahead in a background
 * engine worker of their own and kept in IndexedDB, so that New game takes one at once (and with the
 * network off) instead of waiting for the generator. Each is exactly what the generator makes for its
 * seed (a random seed, as New game picks): the same seeded id, so a share link to it regenerates the
 * same puzzle, and the buffer plays no part in opening links. A puzzle taken is gone from the buffer
 * (across tabs too: taking is one transaction), and the buffer refills behind it.
 */
import { createStore, get, update } from 'idb-keyval';
import { RunnerError, type RunnerClient } from '../../src/runner/client.ts';
import type { PuzzleInfo } from '../../src/runner/protocol.ts';

/** Puzzles kept per (family, params). */
export const BUFFER_DEPTH = 2;
/** How long the pickers rest before the buffer starts filling for them. */
const WANT_DELAY_MS = 400;

const store = createStore('proofgrid-buffer', 'puzzles');
/** Keys carry a format number: a later player with another record shape starts a buffer of its own. */
const key = (family: string, params: string): string => `1 ${family} ${params}`;

function randomSeed(): string {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return (a[0].toString(36) + a[1].toString(36)).slice(0, 10);
}

/** A stored entry this player can play: a generated, proven puzzle of the family and params asked for. */
function isEntry(v: unknown, family: string, params: string): v is PuzzleInfo {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Partial<PuzzleInfo>;
  return (
    o.family === family &&
    typeof o.puzzle === 'string' &&
    typeof o.shareId === 'string' &&
    o.shareId.startsWith(`${family}@`) &&
    o.shareId.includes(`:${params}#`) &&
    o.verdict === 'unique' &&
    o.provenance === 'generated' &&
    typeof o.version === 'number'
  );
}

const entries = (v: unknown, family: string, params: string): PuzzleInfo[] => (Array.isArray(v) ? v.filter((x) => isEntry(x, family, params)) : []);

export class PuzzleBuffer {
  private client: RunnerClient | null = null;
  /** (family, params) pairs waiting to be filled, the latest wanted first. */
  private queue: { family: string; params: string }[] = [];
  private pumping = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The pair being generated now, or null. */
  private making: string | null = null;
  /** Pairs the generator could not fill within its limit this visit: not tried again until reload. */
  private readonly failed = new Set<string>();

  constructor(
    private readonly spawn: () => RunnerClient,
    /** The page's `?limit=`: a buffered puzzle is made within the same limit as a New game's. */
    private readonly deadlineMs: number | undefined,
    /** Told how many puzzles a pair holds whenever that changes. */
    private readonly onCount: (family: string, params: string, count: number) => void = () => {},
  ) {}

  /** How many puzzles the buffer holds for the pair. */
  async count(family: string, params: string): Promise<number> {
    return entries(await get(key(family, params), store), family, params).length;
  }

  /** Takes a puzzle of the pair out of the buffer (null when it has none), and starts refilling it. */
  async take(family: string, params: string): Promise<PuzzleInfo | null> {
    let got: PuzzleInfo | null = null;
    let left = 0;
    try {
      await update(
        key(family, params),
        (old: unknown) => {
          const list = entries(old, family, params);
          got = list[0] ?? null;
          left = Math.max(0, list.length - 1);
          return list.slice(1);
        },
        store,
      );
    } catch {
      return null;
    }
    this.onCount(family, params, left);
    this.want(family, params);
    return got;
  }

  /**
   * Fills the pair up to BUFFER_DEPTH in the background (ahead of pairs wanted before it), once the
   * pickers have rested WANT_DELAY_MS (choosing width, height and level one after another fills only the last).
   */
  want(family: string, params: string): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.enqueue(family, params), WANT_DELAY_MS);
  }

  private enqueue(family: string, params: string): void {
    const k = key(family, params);
    if (this.failed.has(k)) return;
    this.queue = [{ family, params }, ...this.queue.filter((q) => q.family !== family || q.params !== params)];
    // What the player picks now goes first: a long generation for an earlier pick is stopped (it is tried again after).
    if (this.making !== null && this.making !== k) this.client?.cancel();
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.queue.length > 0) {
        const { family, params } = this.queue[0];
        const k = key(family, params);
        const have = await this.count(family, params).catch(() => BUFFER_DEPTH);
        this.onCount(family, params, have);
        if (have >= BUFFER_DEPTH) {
          this.queue.shift();
          continue;
        }
        this.client ??= this.spawn();
        this.making = k;
        let cancelled = false;
        const a = await this.client
          .request({ op: 'generate', family, params, seed: randomSeed(), ...(this.deadlineMs === undefined ? {} : { deadlineMs: this.deadlineMs }) })
          .catch((e: unknown) => {
            cancelled = e instanceof RunnerError && e.code === 'ERR_CANCELLED';
            return null;
          })
          .finally(() => (this.making = null));
        if (cancelled) continue;
        if (a?.op !== 'generate' || !a.result.ok) {
          // Out of time, no certifiable candidate, or a refused pair: New game says why when asked; the buffer stops trying.
          this.failed.add(k);
          this.queue = this.queue.filter((q) => key(q.family, q.params) !== k);
          continue;
        }
        const info = a.result.info;
        let now = 0;
        await update(
          k,
          (old: unknown) => {
            const list = [...entries(old, family, params), info];
            now = list.length;
            return list;
          },
          store,
        ).catch(() => this.failed.add(k));
        this.onCount(family, params, now);
      }
    } finally {
      this.pumping = false;
    }
  }
}
