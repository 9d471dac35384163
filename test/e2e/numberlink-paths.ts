/**
 * The Numberlink browser tests' answer key: the puzzle of an id, counted, and (when it has exactly one
 * solution) each pair's path as the cells from its first endpoint to its second, checked against the
 * solution's own tracing.
 */
import { parseNumberlinkId } from '../../src/families/numberlink/formats/index.ts';
import { nextLinked, tracePaths } from '../../src/families/numberlink/puzzle.ts';
import { countSolutions } from '../../src/families/numberlink/solver.ts';

export function solutionPaths(id: string): { width: number; height: number; paths: number[][] } {
  const r = parseNumberlinkId(id);
  if (!r.ok) throw new Error(`bad Numberlink id ${id}: ${r.error.message}`);
  const p = r.value;
  const v = countSolutions(p);
  if (v.kind !== 'unique') throw new Error(`${id} is ${v.kind}, not unique`);
  const t = tracePaths(p, v.solution);
  if (!t.ok) throw new Error(t.reason);
  const paths = p.pairs.map(([a, b], k) => {
    const cells = [a];
    let prev = -1;
    while (cells[cells.length - 1] !== b) {
      const cur = cells[cells.length - 1];
      cells.push(nextLinked(p, v.solution, cur, prev));
      prev = cur;
    }
    if (!cells.every((c) => t.owner[c] === k)) throw new Error(`${id}: path ${k} runs through another pair's cells`);
    return cells;
  });
  return { width: p.width, height: p.height, paths };
}
