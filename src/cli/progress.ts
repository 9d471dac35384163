/**
 * Progress of a generation run on standard error: a bar on a terminal, or plain lines in a log;
 * a long single generation reports its attempts as it goes. Display only: nothing here changes
 * which puzzles come out.
 */
import cliProgress from 'cli-progress';
import type { GenerateProgress } from '../core/family.ts';
import { note } from './io.ts';

export interface Progress {
  /** A candidate of the generation `what` is starting. */
  attempt(what: string, p: GenerateProgress): void;
  /** A generation ended; `line` says how. */
  done(line: string): void;
  stop(): void;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const attemptText = (what: string, p: GenerateProgress): string => `${what}: attempt ${p.attempts}/${p.maxAttempts}, ${seconds(p.ms)}`;

/** On a terminal, redraw at most this often; in a log, a "still generating" line at most this often. */
const TTY_MS = 200;
const LOG_MS = 5000;

export function progress(total: number, quiet: boolean): Progress {
  if (quiet) return { attempt: () => {}, done: () => {}, stop: () => {} };
  let last = Date.now();
  if (process.stderr.isTTY && total >= 2) {
    const bar = new cliProgress.SingleBar(
      { format: 'generating [{bar}] {value}/{total} | {duration_formatted} | ETA {eta_formatted} | {last}', hideCursor: true, clearOnComplete: false },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0, { last: '' });
    return {
      attempt(what, p) {
        if (Date.now() - last < TTY_MS) return;
        last = Date.now();
        bar.update({ last: attemptText(what, p) });
        // Generation is synchronous: the bar's own timer cannot fire, so draw now.
        bar.render();
      },
      done: (line) => bar.increment(1, { last: line }),
      stop: () => bar.stop(),
    };
  }
  if (process.stderr.isTTY) {
    let drawn = false;
    return {
      attempt(what, p) {
        if (drawn && Date.now() - last < TTY_MS) return;
        last = Date.now();
        drawn = true;
        process.stderr.write(`\r\x1b[Kgenerating ${attemptText(what, p)}`);
      },
      done: () => {
        if (drawn) process.stderr.write('\r\x1b[K');
        drawn = false;
      },
      stop: () => {},
    };
  }
  let done = 0;
  return {
    attempt(what, p) {
      if (p.ms < LOG_MS || Date.now() - last < LOG_MS) return;
      last = Date.now();
      note(`proofgrid: still generating ${attemptText(what, p)}`);
    },
    done(line) {
      last = Date.now();
      if (total >= 2) note(`[${++done}/${total}] ${line}`);
    },
    stop: () => {},
  };
}
