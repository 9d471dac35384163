import type { PuzzleInfo } from '../../src/runner/protocol.ts';

/**
 * The puzzle a first visit opens with, embedded so the player is ready at once. It is the output of
 * generator version 1 for its seeded id, certified unique (a test regenerates and compares it).
 */
export const DEFAULT_PUZZLE: PuzzleInfo = {
  family: 'nonogram',
  puzzle: 'nonogram:10x10:7/8/6.3/6.2/5.1/5/1/1.1/2/3/4/7/6.2/6.3/6.1/4/2.1/3/3/3',
  shareId: 'nonogram@1:10x10-easy#welcome',
  version: 1,
  provenance: 'generated',
  verdict: 'unique',
  grade: { level: 'easy', score: 6, metrics: { technique: 'line logic', rung: 1 } },
  certificate: { nodes: 1, ms: 0.9 },
};
