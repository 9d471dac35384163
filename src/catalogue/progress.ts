/**
 * Progress of a catalogue build on standard error: a bar on a terminal (catalogue puzzles done/total,
 * rate, ETA, jobs, failures, duplicates), or a plain line every few seconds and one per finished cell in a
 * log. Display only.
 */
import { cliProgress } from '../packages.ts';
import type { BuildEvent, CellSummary, Totals } from './build.ts';
import { msText } from './stats.ts';

const LOG_MS = 5000;

export interface BuildProgress {
  event(e: BuildEvent): void;
  stop(): void;
}

const perSecond = (n: number, ms: number): string => (ms <= 0 ? '0' : (n / (ms / 1000)).toFixed(n / (ms / 1000) >= 10 ? 0 : 1));

function etaText(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min`;
}

/** A cell's one-line report: `6x6-easy: 10/10 distinct, 1 duplicate, 0 failed, 11 jobs, median 12 ms`. */
export function cellLine(s: CellSummary, perCell: number): string {
  const ms = s.medianMs === null ? '-' : `${msText(s.medianMs)} ms`;
  return `${s.cell.params}: ${Math.min(s.distinct, perCell)}/${perCell} distinct, ${s.duplicates} duplicate${s.duplicates === 1 ? '' : 's'}, ${s.failures} failed, ${s.jobs} jobs, median ${ms}${s.short ? ' (SHORT)' : ''}`;
}

export function buildProgress(quiet: boolean, perCell: number): BuildProgress {
  if (quiet) return { event: () => {}, stop: () => {} };
  const started = Date.now();
  let firstDone = 0;
  const rate = (t: Totals): string => perSecond(t.done - firstDone, Date.now() - started);
  if (process.stderr.isTTY) {
    const { SingleBar, Presets } = cliProgress();
    const bar = new SingleBar(
      {
        format: 'catalogue [{bar}] {value}/{total} puzzles | {rate}/s | ETA {eta_formatted} | {jobs} jobs, {failures} failed, {duplicates} duplicates',
        hideCursor: true,
        clearOnComplete: false,
        etaBuffer: 50,
        fps: 5,
      },
      Presets.shades_classic,
    );
    return {
      event(e) {
        if (e.kind === 'start') {
          firstDone = e.done;
          bar.start(e.target, e.done, { rate: '0', jobs: 0, failures: 0, duplicates: 0 });
          return;
        }
        const t = e.totals;
        bar.update(t.done, { rate: rate(t), jobs: t.jobs, failures: t.failures, duplicates: t.duplicates });
      },
      stop: () => bar.stop(),
    };
  }
  let last = Date.now();
  const line = (t: Totals): string => {
    const r = (t.done - firstDone) / Math.max(1e-3, (Date.now() - started) / 1000);
    const eta = r > 0 ? etaText((t.target - t.done) / r) : '?';
    return `catalogue: ${t.done}/${t.target} puzzles, ${rate(t)}/s, ETA ${eta}, ${t.jobs} jobs, ${t.failures} failed, ${t.duplicates} duplicates`;
  };
  return {
    event(e) {
      if (e.kind === 'start') {
        firstDone = e.done;
        process.stderr.write(
          `catalogue: ${e.cells} cell${e.cells === 1 ? '' : 's'}, ${e.target} puzzles wanted${e.done > 0 ? `, ${e.done} already stored` : ''}\n`,
        );
        return;
      }
      if (e.kind === 'cell') {
        process.stderr.write(`catalogue: cell ${cellLine(e.summary, perCell)}\n`);
        return;
      }
      if (Date.now() - last >= LOG_MS) {
        last = Date.now();
        process.stderr.write(`${line(e.totals)}\n`);
      }
    },
    stop: () => {},
  };
}
