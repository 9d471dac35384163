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

/**
 * The menu's "Colour example" (issue 20): a 10×10 apple, red with a green leaf and a brown stalk,
 * drawn by hand and embedded by its descriptive id (no generator made it). Certified unique and
 * graded by the engine (a test opens the id and compares).
 */
export const COLOUR_EXAMPLE: PuzzleInfo = {
  family: 'nonogram',
  puzzle:
    'nonogram:10x10:white=ffffff,red=d62828,green=2f9e44,brown=7f4f24;3a/6a/8a/8a/1c7a/1c1b1c6a/1b8a/1b8a/1b6a/3a/1c2b/1c2b/3a1c2a/8a/10a/10a/10a/8a/8a/2a2a',
  shareId:
    'nonogram:10x10:white=ffffff,red=d62828,green=2f9e44,brown=7f4f24;3a/6a/8a/8a/1c7a/1c1b1c6a/1b8a/1b8a/1b6a/3a/1c2b/1c2b/3a1c2a/8a/10a/10a/10a/8a/8a/2a2a',
  version: null,
  provenance: 'opened',
  verdict: 'unique',
  grade: { level: 'easy', score: 9, metrics: { grader: 'colour-ladder', stage: 'line logic' } },
  certificate: { nodes: 1, ms: 1 },
};
