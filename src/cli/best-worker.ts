/**
 * One worker thread of `solve --best`: a seeded best-score search (src/families/edgematch/best.ts) on
 * the instance it is given, posting each better board and, at the end, the run's answer. The main
 * thread stops it through a shared flag (the search reads it as its budget's abort signal, between
 * batches of placements), so the last board is always posted before the thread ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { bestScore, type BestOrder } from '../families/edgematch/best.ts';
import type { Board, Instance } from '../families/edgematch/types.ts';

/** What the main thread gives a worker. */
export interface BestWorkerData {
  instance: Instance;
  seed: string;
  deadlineMs?: number;
  maxNodes?: number;
  order?: BestOrder;
  start?: { board: Board; keep?: number };
  /** Int32Array over a SharedArrayBuffer: non-zero asks the search to stop. */
  stop: SharedArrayBuffer;
}

/** What a worker posts. */
export type BestWorkerMessage =
  | { type: 'improve'; score: number; board: Board; nodes: number }
  | { type: 'done'; kind: string; stop?: string; nodes: number; restarts: number; ms: number }
  | { type: 'error'; message: string };

const data = workerData as BestWorkerData;
const flag = new Int32Array(data.stop);
const post = (m: BestWorkerMessage): void => parentPort!.postMessage(m);
try {
  const r = bestScore(data.instance, {
    seed: data.seed,
    order: data.order,
    from: data.start,
    budget: {
      deadlineMs: data.deadlineMs,
      maxNodes: data.maxNodes,
      signal: {
        get aborted() {
          return Atomics.load(flag, 0) !== 0;
        },
      },
    },
    onImprove: (score, board) => post({ type: 'improve', score, board, nodes: 0 }),
  });
  post({ type: 'done', kind: r.kind, ...(r.kind === 'stopped' ? { stop: r.stop } : {}), nodes: r.stats.nodes, restarts: r.stats.restarts, ms: r.stats.ms });
} catch (e) {
  post({ type: 'error', message: e instanceof Error ? e.message : String(e) });
}
