/**
 * What version 7's certificate does with raw strict candidates (before repairs, easing or grading):
 * per candidate, its pairs, the share of links the plain-rule counter's deduction settled, the verdict
 * in the certificate's 2,000,000-node share, the stage that gave it, and its CPU time. The question
 * behind it: can a candidate the count will not finish (`node-limit`) be told early from the share
 * deduction settles, before the count's share is spent? Seeds `candidates/<size>/<level>/<i>`.
 *   npx tsx bench/numberlink-plain-candidates.ts [--size 20x20] [--level expert] [--n 30]
 */
import { Command } from 'commander';
import { isLevel } from '../src/core/family.ts';
import { Rng } from '../src/core/rng.ts';
import { growCover, mergeCover, puzzleOf } from '../src/families/numberlink/generate/frozen/cover-v1.ts';
import { pairCountV6 } from '../src/families/numberlink/generate/frozen/pipeline-v6.ts';
import { plainCount, type PlainCountStats } from '../src/families/numberlink/generate/frozen/plain-v6.ts';

const opts = new Command()
  .option('--size <WxH>', 'board size', '20x20')
  .option('--level <level>', 'level (sets the pair count)', 'expert')
  .option('--n <count>', 'candidates (seeds) tried', (v) => Number(v), 30)
  .parse()
  .opts<{ size: string; level: string; n: number }>();
if (!isLevel(opts.level)) throw new Error(`--level: unknown level ${opts.level}`);
const level = opts.level;
const [w, h] = opts.size.split('x').map(Number);
const k = pairCountV6(w, h, level, 'strict');
console.log('seed\tpairs\tsettled %\tverdict\tstage\tCPU s');
for (let i = 0; i < opts.n; i++) {
  const rng = new Rng(`candidates/${opts.size}/${level}/${i}`);
  const first = growCover(rng, w, h, k);
  if (!first) {
    console.log(`${i}\tcover stuck`);
    continue;
  }
  const cover = mergeCover(rng, first, k, { width: w, height: h });
  const stats = {} as PlainCountStats;
  const c0 = process.cpuUsage();
  const v = plainCount(puzzleOf(w, h, cover, 'strict'), { limit: 2, budget: { maxNodes: 2_000_000 } }, stats);
  const c = process.cpuUsage(c0);
  console.log(
    `${i}\t${cover.length}\t${stats.decidedShare?.toFixed(0)}\t${v.kind}${v.stop !== 'completed' ? ` (${v.stop})` : ''}\t${stats.stage}\t${((c.user + c.system) / 1e6).toFixed(2)}`,
  );
}
