/** A runner client over a Node worker thread (for the CLI, scripts and tests). Node only. */
import { Worker } from 'node:worker_threads';
import { RunnerClient, type WorkerFactory } from './client.ts';

const WORKER = new URL('./node-worker.mjs', import.meta.url);

export const nodeWorkerFactory: WorkerFactory = (onMessage, onError) => {
  // The bootstrap registers tsx in the thread, then loads node-worker.ts (in dist/: loads node-worker.js).
  const w = new Worker(WORKER);
  w.on('message', (text: string) => onMessage(text));
  w.on('error', (e) => onError(e.message));
  w.on('exit', (code) => {
    if (code !== 0) onError(`exit code ${code}`);
  });
  return {
    post: (text) => w.postMessage(text),
    terminate: () => {
      void w.terminate();
    },
  };
};

export function nodeRunner(): RunnerClient {
  return new RunnerClient(nodeWorkerFactory);
}
