import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Public benchmark sets live beside the project (never copied into it). */
export const BENCH_DATA = resolve(process.env.PROOFGRID_BENCH_DATA ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'bench-data'));
export const RESULTS = join(dirname(fileURLToPath(import.meta.url)), 'results');

export function requireData(sub: string): string {
  const p = join(BENCH_DATA, sub);
  if (!existsSync(p)) {
    console.error(`benchmark data not found: ${p}\nSet PROOFGRID_BENCH_DATA to the bench-data folder.`);
    process.exit(2);
  }
  return p;
}

export function machine(): Record<string, string | number> {
  const cpu = cpus()[0];
  let model = cpu?.model ?? 'unknown';
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    const m = /model name\s*:\s*(.*)/.exec(info);
    if (m) model = m[1];
  } catch {
    /* not Linux */
  }
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  } catch {
    /* not a checkout */
  }
  return {
    commit,
    cpu: model,
    cores: cpus().length,
    memGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    date: new Date().toISOString(),
  };
}

export function quantiles(xs: number[]): { n: number; total: number; median: number; p90: number; p99: number; max: number } {
  const s = [...xs].sort((a, b) => a - b);
  const q = (f: number): number => (s.length ? s[Math.min(s.length - 1, Math.floor(f * s.length))] : 0);
  return { n: s.length, total: s.reduce((a, b) => a + b, 0), median: q(0.5), p90: q(0.9), p99: q(0.99), max: s.length ? s[s.length - 1] : 0 };
}

export const fmtMs = (ms: number): string => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);

/** Results as JSON with `key`'s rows one a line (a long table stays readable in a diff). */
export function rowsJson(data: Record<string, unknown>, key: string): string {
  const { [key]: rows, ...rest } = data;
  const head = JSON.stringify(rest, null, 2).slice(0, -2);
  const body = (rows as unknown[]).map((r) => `    ${JSON.stringify(r)}`).join(',\n');
  return `${head},\n  "${key}": [\n${body}\n  ]\n}\n`;
}
