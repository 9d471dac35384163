// Worker-thread entry of `proofgrid solve --best --workers N`: registers tsx in this thread, then runs
// best-worker.ts (one seeded best-score search). (Plain JavaScript, as src/catalogue/worker.mjs.)
import { register } from 'tsx/esm/api';

register();
await import('./best-worker.ts');
