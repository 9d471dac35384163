/** Web Worker entry of the runner in the browser: request texts in, message texts out. */
import { handle } from './handler.ts';

// The worker global, typed here so that this file needs neither the DOM nor the WebWorker library.
declare const self: { onmessage: ((e: { data: string }) => void) | null; postMessage(text: string): void };

self.onmessage = (e) => handle(e.data, (m) => self.postMessage(m));
