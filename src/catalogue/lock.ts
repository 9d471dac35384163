/**
 * One build at a time per catalogue file. A build's `builds` row records the process running it (pid,
 * host, and on Linux the process's start time); a build starting looks, in the same write transaction
 * that records it (`Store.startBuild`, BEGIN IMMEDIATE, so two starting builds are serialised), for an
 * unfinished build whose process still runs on this host, and is refused if there is one. Nothing is
 * to release: the build's row is finished when it ends, and a build killed (even by `kill -9`) leaves
 * a row whose process is gone, which the next build sees. The start time tells a reused pid from the
 * build that had it. Builds on other hosts cannot be told alive (SQLite over a network file system is
 * unsafe anyway) and are not waited for. Node only.
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

/** The process running a build, as its `builds` row records it (in the options JSON). */
export interface BuildHolder {
  pid: number;
  host: string;
  /** The process's start time (Linux: clock ticks since boot, /proc/PID/stat field 22); null elsewhere. */
  pidStart: string | null;
}

/** When process `pid` started (Linux), or null when that cannot be read. */
export function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/** This process, as a build's holder. */
export function thisHolder(): BuildHolder {
  return { pid: process.pid, host: hostname(), pidStart: processStart(process.pid) };
}

/** Whether a process of this host with that pid runs (one we may not signal runs too). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the holder recorded in a `builds` row's options is a process still running on this host (not this one). */
export function holderRuns(options: string | null): BuildHolder | null {
  let h: Partial<BuildHolder> = {};
  try {
    const o = JSON.parse(options ?? '{}') as { holder?: Partial<BuildHolder> } | null;
    h = o?.holder ?? {};
  } catch {
    return null;
  }
  if (typeof h.pid !== 'number' || !Number.isSafeInteger(h.pid) || h.pid <= 0 || h.host !== hostname() || h.pid === process.pid) return null;
  if (!alive(h.pid)) return null;
  // The pid runs: the same process only if it started when the build's did (where that is known).
  const start = processStart(h.pid);
  if (typeof h.pidStart === 'string' && start !== null && start !== h.pidStart) return null;
  return { pid: h.pid, host: h.host, pidStart: h.pidStart ?? null };
}
