/**
 * `proofgrid catalogue build --queue URL` (the coordinator's side) and `proofgrid catalogue worker
 * --queue URL`: catalogue builds spread over several machines through a BullMQ queue on Redis
 * (src/catalogue/queue.ts).
 */
import { availableParallelism } from 'node:os';
import { Command, Option } from 'commander';
import { openQueueRunner, QueueError, serveQueue, shownUrl, type QueueRunner } from '../catalogue/queue.ts';
import { EXIT, UserError } from './exit.ts';
import { intArg } from './options.ts';

/** Jobs a coordinator keeps in the queue at once unless told (`--in-flight`). */
export const DEFAULT_IN_FLIGHT = 64;

/** A QueueError as the CLI reports it: a user error (exit 2), printed without a stack trace. */
export function queueFailure(e: unknown): unknown {
  return e instanceof QueueError ? new UserError(e.message) : e;
}

/**
 * The coordinator's runner for `catalogue build --queue URL --out DB`: Redis is checked (and the
 * queue of DB taken and emptied) before the store is touched, so an unreachable Redis creates no file.
 */
export async function openCoordinator(flags: { queue: string; out: string; inFlight?: number; quiet?: boolean }): Promise<QueueRunner> {
  let runner: QueueRunner;
  try {
    runner = await openQueueRunner(flags.queue, flags.out, flags.inFlight ?? DEFAULT_IN_FLIGHT);
  } catch (e) {
    throw queueFailure(e);
  }
  if (!flags.quiet) {
    process.stderr.write(
      `proofgrid: coordinating through Redis at ${shownUrl(flags.queue)} (queue ${runner.name}); start workers with: proofgrid catalogue worker --queue ${shownUrl(flags.queue)}\n`,
    );
  }
  return runner;
}

/** `catalogue build --queue <url>`. */
export function queueOption(): Option {
  return new Option(
    '--queue <url>',
    'distribute the jobs through a BullMQ queue on this Redis (e.g. redis://127.0.0.1:6379) to "catalogue worker" processes; this process schedules them and writes the store',
  );
}

/** `catalogue build --in-flight <n>`. */
export function inFlightOption(): Option {
  return new Option('--in-flight <n>', "with --queue: jobs kept in the queue at once (at least the workers' total concurrency)")
    .argParser(intArg(1, 100_000))
    .default(DEFAULT_IN_FLIGHT);
}

interface WorkerFlags {
  queue: string;
  concurrency: number;
  quiet?: boolean;
}

async function runWorker(flags: WorkerFlags): Promise<number> {
  const controller = new AbortController();
  const log = (line: string): void => {
    if (!flags.quiet) process.stderr.write(`proofgrid worker: ${line}\n`);
  };
  let signals = 0;
  const onSignal = (): void => {
    signals++;
    if (signals === 1) {
      log('stopping: finishing the jobs running (signal again to abandon them)');
      controller.abort();
    } else process.exit(EXIT.interrupted);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const result = await serveQueue({
      url: flags.queue,
      concurrency: flags.concurrency,
      signal: controller.signal,
      log,
      onReady: () => log(`waiting for builds at ${shownUrl(flags.queue)}, ${flags.concurrency} job${flags.concurrency === 1 ? '' : 's'} at a time`),
    });
    const line = `ran ${result.jobs} job${result.jobs === 1 ? '' : 's'} for ${result.builds} build${result.builds === 1 ? '' : 's'}\n`;
    if (!result.clean) log(`Redis at ${shownUrl(flags.queue)} unreachable at the stop: exiting without it`);
    // Exit here: a BullMQ worker whose Redis went away, or whose build ended under it, may leave
    // reconnection timers that would keep the process alive.
    await new Promise<void>((resolve) => process.stdout.write(line, () => resolve()));
    process.exit(EXIT.ok);
  } catch (e) {
    throw queueFailure(e);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

export function workerCommand(): Command {
  return new Command('worker')
    .description('run the jobs of catalogue builds distributed through a Redis queue (catalogue build --queue), until stopped')
    .requiredOption('--queue <url>', 'the Redis the builds use, e.g. redis://127.0.0.1:6379')
    .addOption(
      new Option('--concurrency <k>', 'jobs run at once (worker threads)')
        .argParser(intArg(1, 1024))
        .default(availableParallelism(), `the cores available, here ${availableParallelism()}`),
    )
    .option('-q, --quiet', 'no log lines on standard error')
    .addHelpText(
      'after',
      `
A worker serves every build running on that Redis (each coordinator announces its queue there),
runs their jobs with the same generator as a local build and returns each row to the build, which
alone writes its store: the catalogue is the same as a local build's. Start workers on as many
machines as you like, before or during a build; they wait for builds and stay until stopped.

SIGINT or SIGTERM stops taking jobs, finishes and returns the jobs running, then exits 0 (a second
signal exits at once, 130; the coordinator then has those jobs run again elsewhere once BullMQ
finds them stalled). At the end, "ran N jobs for M builds" on standard output.

Exit codes: 0 stopped, 2 bad option or Redis unreachable at the start.

Example:
  proofgrid catalogue build --family nonogram --sizes 15x15 --levels medium --per-cell 500 --out n.db --queue redis://10.0.0.5:6379
  proofgrid catalogue worker --queue redis://10.0.0.5:6379 --concurrency 8     (on each machine)`,
    )
    .action(async (flags: WorkerFlags) => {
      process.exitCode = await runWorker(flags);
    });
}
