/**
 * The client side of the runner: sends requests to a worker running `handle`, routes its messages
 * back by sequence number, and cancels by terminating the worker (a synchronous search cannot be asked
 * to stop) and starting a fresh one for the next request. Works over any worker: a browser Worker or a
 * Node worker thread, each wrapped by a small factory.
 */
import type { GenerateProgress } from '../core/family.ts';
import { decodeMessage, encodeRequest, type Answer, type Message, type Request } from './protocol.ts';

/** What a streamed import sends before its answer: its puzzles uncounted, then each one counted. */
export type ImportEvent = Extract<Message, { type: 'listed' | 'item' }>;

/** A started worker, as the client sees it. */
export interface WorkerPort {
  post(text: string): void;
  terminate(): void;
}

/** Starts a worker whose messages go to `onMessage` and whose crash goes to `onError`. */
export type WorkerFactory = (onMessage: (text: string) => void, onError: (message: string) => void) => WorkerPort;

/** Why a request did not get an answer: cancelled by the client, refused by the engine, or a crashed worker. */
export class RunnerError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RunnerError';
  }
}

interface Pending {
  resolve: (a: Answer) => void;
  reject: (e: RunnerError) => void;
  onProgress?: (p: GenerateProgress) => void;
  onEvent?: (e: ImportEvent) => void;
}

export class RunnerClient {
  private port: WorkerPort | null = null;
  private seq = 0;
  private readonly pending = new Map<number, Pending>();
  /** Workers started so far (a cancel or a crash starts a new one). */
  started = 0;

  constructor(private readonly factory: WorkerFactory) {}

  private ensure(): WorkerPort {
    if (this.port) return this.port;
    this.started++;
    const port = this.factory(
      (text) => {
        if (this.port === port) this.onMessage(text);
      },
      (message) => {
        if (this.port !== port) return;
        this.port = null;
        port.terminate();
        this.failAll(new RunnerError('ERR_WORKER', `the engine worker stopped: ${message}`));
      },
    );
    this.port = port;
    return port;
  }

  private onMessage(text: string): void {
    let m: ReturnType<typeof decodeMessage>;
    try {
      m = decodeMessage(text);
    } catch {
      // Only our own worker writes these; a text that is not one is a worker fault, said as one.
      const port = this.port;
      this.port = null;
      port?.terminate();
      this.failAll(new RunnerError('ERR_WORKER', 'the engine worker sent a message that is not JSON'));
      return;
    }
    const p = this.pending.get(m.seq);
    if (!p) return;
    if (m.type === 'progress') {
      p.onProgress?.({ attempts: m.attempts, maxAttempts: m.maxAttempts, ms: m.ms });
      return;
    }
    if (m.type === 'listed' || m.type === 'item') {
      p.onEvent?.(m);
      return;
    }
    this.pending.delete(m.seq);
    if (m.type === 'done') p.resolve(m.answer);
    else p.reject(new RunnerError(m.code, m.message));
  }

  private failAll(e: RunnerError): void {
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const p of all) p.reject(e);
  }

  /**
   * Sends a request; the promise settles with its answer, or a RunnerError. `onEvent` hears a streamed
   * import's messages before its answer.
   */
  request(req: Request, onProgress?: (p: GenerateProgress) => void, onEvent?: (e: ImportEvent) => void): Promise<Answer> {
    const seq = ++this.seq;
    return new Promise<Answer>((resolve, reject) => {
      this.pending.set(seq, { resolve, reject, onProgress, onEvent });
      this.ensure().post(encodeRequest(seq, req));
    });
  }

  private stop(): void {
    const port = this.port;
    this.port = null;
    port?.terminate();
    this.failAll(new RunnerError('ERR_CANCELLED', 'cancelled'));
  }

  /**
   * Stops all work in progress at once: terminates the worker (pending requests fail with
   * ERR_CANCELLED) and starts a fresh one, ready for the next request.
   */
  cancel(): void {
    const had = this.port !== null;
    this.stop();
    if (had) this.ensure();
  }

  /** Terminates the worker for good (a later request would start another). */
  dispose(): void {
    this.stop();
  }
}
