/**
 * Which (size, level) pairs edgematch generator version 3 produces, as measured. Written by
 * `npm run level-table` (scripts/level-table.ts); do not edit. A pair is offered when at least half the seeds
 * came out at that level within the budget (core `levelChoices`).
 */
import type { LevelTable } from '../../../core/family.ts';

export const LEVEL_TABLE: LevelTable = {
  family: 'edgematch',
  version: 3,
  seeds: 6,
  budgetMs: 20000,
  measured: '2 cores (AMD EPYC), shared with other work, commit aa9ddbb, 2026-12-02',
  sizes: {
    '4x4': { easy: 6, medium: 6, hard: 6, expert: 0 },
    '5x5': { easy: 6, medium: 6, hard: 6, expert: 6 },
    '6x6': { easy: 6, medium: 6, hard: 6, expert: 6 },
    '7x7': { easy: 6, medium: 6, hard: 6, expert: 6 },
    '8x8': { easy: 6, medium: 6, hard: 6, expert: 6 },
    '9x9': { easy: 6, medium: 5, hard: 6, expert: 6 },
    '10x10': { easy: 6, medium: 6, hard: 6, expert: 4 },
  },
};
