/** The engine in a Web Worker, through the runner protocol; cancelling terminates it. */
import { RunnerClient, type WorkerFactory } from '../../src/runner/client.ts';

const browserWorker: WorkerFactory = (onMessage, onError) => {
  const w = new Worker(new URL('../../src/runner/browser-worker.ts', import.meta.url), { type: 'module', name: 'proofgrid-engine' });
  w.onmessage = (e: MessageEvent<string>) => onMessage(e.data);
  w.onerror = (e: ErrorEvent) => {
    e.preventDefault();
    onError(e.message || 'worker error');
  };
  return { post: (text) => w.postMessage(text), terminate: () => w.terminate() };
};

export function createEngine(): RunnerClient {
  return new RunnerClient(browserWorker);
}
