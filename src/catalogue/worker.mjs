// Worker-thread entry of the catalogue pool (piscina): registers tsx in this thread, then serves
// runJob from worker.ts. (Plain JavaScript so that Node can load it before any TypeScript loader.)
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
// Plug-in families the main thread loaded (module specifiers in workerData): load the same here.
const plugins = workerData?.plugins ?? [];
if (plugins.length > 0) await (await import('../families/index.ts')).loadFamilyModules(plugins);
const { runJob } = await import('./worker.ts');
export default runJob;
