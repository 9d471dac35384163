// Worker-thread bootstrap: registers tsx in this thread, then loads the TypeScript entry.
import { register } from 'tsx/esm/api';

register();
await import('./node-worker.ts');
