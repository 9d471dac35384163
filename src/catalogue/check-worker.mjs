// Worker-thread entry of the pool that re-checks catalogue puzzles (proofgrid verify catalogue.db --workers):
// registers tsx in this thread, then serves checkPuzzle from check.ts. (Plain JavaScript, as worker.mjs.)
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
// Plug-in families the main thread loaded (module specifiers in workerData): load the same here.
const plugins = workerData?.plugins ?? [];
if (plugins.length > 0) await (await import('../families/index.ts')).loadFamilyModules(plugins);
const { checkPuzzle } = await import('./check.ts');
export default checkPuzzle;
