// Worker-thread entry of the catalogue pool (piscina): registers tsx in this thread, then serves
// runJob from worker.ts. (Plain JavaScript so that Node can load it before any TypeScript loader.)
import { register } from 'tsx/esm/api';

register();
const { runJob } = await import('./worker.ts');
export default runJob;
