/**
 * Hints under the default budget (issue 15) on the adversarial boards of test/hint-boards.ts: how long
 * each takes, what it answers, and the process's resident memory after it. Unbounded, the Numberlink
 * hint on numlin/1000/40/ took 48 s and 580 MB, the 6x6 unclued edge-matching one 10.7 s.
 *   npx tsx bench/hint.ts            writes bench/results/hint.json
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_HINT_BUDGET } from '../src/core/family.ts';
import { HINT_BOARDS } from '../test/hint-boards.ts';
import { machine } from './lib.ts';

const rows = HINT_BOARDS.map(([name, fam, make]) => {
  const p = make();
  const t = performance.now();
  const r = fam.hint(p, fam.play.start(p));
  const ms = Math.round(performance.now() - t);
  const rssMB = Math.round(process.memoryUsage().rss / 2 ** 20);
  const answer = r.kind === 'hint' ? r.hint.technique : r.kind === 'none' ? r.reason : r.stop;
  console.log(
    `${name.padEnd(48)} ${r.kind.padEnd(12)} ${answer.padEnd(12)} ${String(ms).padStart(6)} ms ${String(r.stats.nodes).padStart(9)} nodes  rss ${rssMB} MB`,
  );
  return { board: name, kind: r.kind, answer, ms, nodes: r.stats.nodes, rssMB };
});
const out = join(import.meta.dirname, 'results', 'hint.json');
writeFileSync(out, `${JSON.stringify({ budget: DEFAULT_HINT_BUDGET, machine: machine(), rows }, null, 2)}\n`);
console.log(`wrote ${out}`);
