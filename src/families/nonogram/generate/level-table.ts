/**
 * Which (size, level) pairs nonogram generator version 1 produces, as measured. Written by
 * `npm run level-table` (scripts/level-table.ts); do not edit. A pair is offered when at least half the seeds
 * came out at that level within the budget (core `levelChoices`).
 */
import type { LevelTable } from '../../../core/family.ts';

export const LEVEL_TABLE: LevelTable = {
  family: 'nonogram',
  version: 1,
  seeds: 6,
  budgetMs: 20000,
  measured: '2 cores (AMD EPYC), shared with other work, commit a64376f, 2026-12-01',
  sizes: {
    '5x5': { easy: 6, medium: 6, hard: 6, expert: 3 },
    '10x10': { easy: 6, medium: 6, hard: 6, expert: 6 },
    '15x15': { easy: 6, medium: 6, hard: 6, expert: 6 },
    '20x20': { easy: 6, medium: 6, hard: 6, expert: 6 },
    '25x25': { easy: 6, medium: 6, hard: 6, expert: 6 },
    '30x30': { easy: 6, medium: 6, hard: 6, expert: 6 },
    '35x35': { easy: 6, medium: 6, hard: 6, expert: 6 },
    '40x40': { easy: 6, medium: 6, hard: 4, expert: 4 },
  },
};
