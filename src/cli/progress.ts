/**
 * Progress on standard error: of a generation run (`progress`: a bar on a terminal, or plain lines
 * in a log; a long single generation reports its attempts as it goes), and of a run over the
 * puzzles of a file (`runProgress`, for count and solve). Display only: nothing here changes which
 * puzzles come out or what any answer is.
 */
import { cliProgress } from '../packages.ts';
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
    const { SingleBar, Presets } = cliProgress();
    const bar = new SingleBar(
      { format: 'generating [{bar}] {value}/{total} | {duration_formatted} | ETA {eta_formatted} | {last}', hideCursor: true, clearOnComplete: false },
      Presets.shades_classic,
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

/** Progress of a run over the puzzles of a file (`count`, `solve`): how many are done. */
export interface RunProgress {
  /** `done` puzzles of the run are answered. */
  step(done: number): void;
  /** A message for standard error (an answer, not progress: shown even with -q), kept clear of the bar. */
  note(line: string): void;
  /** The run ended: the bar is wiped (the answers are what stays). */
  stop(): void;
}

/** Where a run's progress goes and how it reads the time; standard error and the clock by default (tests pass their own). */
export interface ProgressSink {
  isTTY?: boolean;
  write(text: string): unknown;
  now(): number;
}

export interface RunProgressOptions {
  quiet: boolean;
  /**
   * Whether standard output gets each puzzle's answer as it goes. When it does and it is the same
   * terminal, those lines are the progress: no bar is drawn between them.
   */
  streaming: boolean;
  /** Whether standard output is a terminal (default: process.stdout.isTTY). */
  stdoutTTY?: boolean;
  sink?: ProgressSink;
}

const BAR_WIDTH = 30;

/**
 * A run's progress: on a terminal a bar redrawn at most every 200 ms (`count [####----] 12/100
 * puzzles | 3.1 s | ETA 20 s`), wiped before each note and at the end; in a log a plain line at most
 * every 5 s, the first after 5 s (a short run writes none); nothing with -q or for a single puzzle.
 */
export function runProgress(what: string, total: number, opts: RunProgressOptions): RunProgress {
  const sink: ProgressSink = opts.sink ?? { isTTY: process.stderr.isTTY, write: (t) => process.stderr.write(t), now: () => Date.now() };
  const plain: RunProgress = { step: () => {}, note: (line) => sink.write(`${line}\n`), stop: () => {} };
  if (opts.quiet || total < 2) return plain;
  const start = sink.now();
  if (!sink.isTTY) {
    let last = start;
    return {
      ...plain,
      step(done) {
        const now = sink.now();
        if (now - last < LOG_MS) return;
        last = now;
        sink.write(`proofgrid: ${what}: ${done}/${total} puzzles, ${seconds(now - start)}\n`);
      },
    };
  }
  if (opts.streaming && (opts.stdoutTTY ?? process.stdout.isTTY)) return plain;
  let drawn = '';
  let lastDraw = -Infinity;
  let done = 0;
  const draw = (now: number): void => {
    const full = Math.round((done / total) * BAR_WIDTH);
    const elapsed = now - start;
    const eta = done > 0 ? ` | ETA ${seconds((elapsed / done) * (total - done))}` : '';
    drawn = `${what} [${'#'.repeat(full)}${'-'.repeat(BAR_WIDTH - full)}] ${done}/${total} puzzles | ${seconds(elapsed)}${eta}`;
    lastDraw = now;
    sink.write(`\r\x1b[K${drawn}`);
  };
  const wipe = (): void => {
    if (drawn !== '') sink.write('\r\x1b[K');
    drawn = '';
  };
  return {
    step(n) {
      done = n;
      const now = sink.now();
      if (now - lastDraw >= TTY_MS) draw(now);
    },
    note(line) {
      const had = drawn !== '';
      wipe();
      sink.write(`${line}\n`);
      if (had) draw(sink.now());
    },
    stop: wipe,
  };
}
