import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Nonogram } from '../src/families/nonogram/types.ts';

const here = dirname(fileURLToPath(import.meta.url));

export interface PeerRun {
  status: 'solved' | 'gave-up' | 'unsolvable' | 'timeout' | 'error';
  /** Solve time inside the peer's process (ms), and whole process wall time (ms). */
  ms: number | null;
  wallMs: number;
}

/** The npm package nonogram-solver, in its own process (it has no budget of its own). */
export function runNonogramSolver(p: Nonogram, timeoutMs: number): Promise<PeerRun> {
  return new Promise((resolvePromise) => {
    const t = performance.now();
    const child = spawn(process.execPath, [join(here, 'peers', 'nonogram-solver-run.cjs')], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let settled = false;
    const finish = (r: PeerRun): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolvePromise(r);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish({ status: 'timeout', ms: null, wallMs: performance.now() - t });
    }, timeoutMs);
    child.stdout.on('data', (d) => (out += d));
    child.on('close', () => {
      try {
        const r = JSON.parse(out) as { status: number; ms: number };
        finish({ status: r.status === 1 ? 'solved' : r.status === -1 ? 'unsolvable' : 'gave-up', ms: r.ms, wallMs: performance.now() - t });
      } catch {
        finish({ status: 'error', ms: null, wallMs: performance.now() - t });
      }
    });
    child.stdin.end(JSON.stringify({ rows: p.rows.map((r) => (r.length ? r : [0])), columns: p.cols.map((c) => (c.length ? c : [0])) }));
  });
}
