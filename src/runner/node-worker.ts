/** Worker-thread entry of the runner in Node: request texts in, message texts out. */
import { parentPort } from 'node:worker_threads';
import { handle } from './handler.ts';

parentPort?.on('message', (text: string) => handle(text, (m) => parentPort?.postMessage(m)));
