// Worker-thread entry of the pool that re-checks catalogue puzzles (proofgrid verify catalogue.db --workers):
// registers tsx in this thread, then serves checkPuzzle from check.ts. (Plain JavaScript, as worker.mjs.)
import { register } from 'tsx/esm/api';

register();
const { checkPuzzle } = await import('./check.ts');
export default checkPuzzle;
