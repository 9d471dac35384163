/**
 * A first grade of colour nonograms (issue 20), until the colour grader climbs a ladder of its own:
 * the puzzle is certified unique by the colour search (colour-solver.ts) inside this call, and its
 * level read from what that search needed, each a measurement: colour line logic alone is easy (score
 * 5 to 24 by line solves a line), root probing without search is medium or hard (25 to 69 by the
 * values probing struck out a cell), any search node is expert (70 up, by the digits of the node count). Metrics name them.
 */
import type { Budget } from '../../core/budget.ts';
import { levelOfScore, uniqueForGrade, type GradeResult } from '../../core/family.ts';
import { verdictFromCount } from '../../core/verdict.ts';
import type { ColourPuzzle } from './colour.ts';
import { colourSearch } from './colour-solver.ts';

export function gradeColour(p: ColourPuzzle, budget?: Budget): GradeResult {
  const { found, stop, stats } = colourSearch(p, { limit: 2, budget });
  const v = verdictFromCount(found, stop, { nodes: stats.nodes, ms: stats.ms });
  const u = uniqueForGrade(v);
  if (!u.ok) return u;
  const lines = p.width + p.height;
  const cells = p.width * p.height;
  let score: number;
  let stage: string;
  if (stats.dfsNodes > 0) {
    stage = 'search';
    // Integer arithmetic only (no Math.log: engine results are the same on every platform): 5 a digit of the node count.
    score = Math.min(100, 70 + 5 * String(stats.dfsNodes).length);
  } else if (stats.probed > 0) {
    stage = 'probing';
    score = Math.min(69, 25 + Math.round(44 * Math.min(1, (20 * stats.probed) / cells)));
  } else {
    stage = 'line logic';
    score = Math.min(24, 5 + Math.round((19 * Math.max(0, stats.lines / lines - 1)) / 4));
  }
  return {
    ok: true,
    grade: {
      level: levelOfScore(score),
      score,
      metrics: {
        grader: 'colour-provisional',
        stage,
        lineSolves: stats.lines,
        probedValues: stats.probed,
        searchNodes: stats.dfsNodes,
        colours: p.colour.palette.length - 1,
      },
    },
  };
}
