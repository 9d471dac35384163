/**
 * Which (size, level) pairs numberlink generator version 7 produces, as measured. Written by
 * `npm run level-table` (scripts/level-table.ts); do not edit. A pair is offered when at least half the seeds
 * came out at that level within the budget (core `levelChoices`).
 */
import type { LevelTable } from '../../../core/family.ts';

export const LEVEL_TABLE: LevelTable = {
  family: 'numberlink',
  version: 7,
  seeds: 12,
  budgetMs: 20000,
  measured: '2 cores (AMD EPYC), shared with other work, commit 1d6b5df, 2026-12-02, budget in CPU time',
  sizes: {
    '5x5': { easy: 12, medium: 6, hard: 5, expert: 0 },
    '6x6': { easy: 12, medium: 12, hard: 9, expert: 0 },
    '7x7': { easy: 12, medium: 12, hard: 12, expert: 5 },
    '8x8': { easy: 12, medium: 12, hard: 12, expert: 9 },
    '9x9': { easy: 12, medium: 12, hard: 12, expert: 12 },
    '10x10': { easy: 12, medium: 12, hard: 12, expert: 12 },
    '11x11': { easy: 12, medium: 12, hard: 12, expert: 12 },
    '12x12': { easy: 12, medium: 12, hard: 12, expert: 12 },
    '13x13': { easy: 12, medium: 12, hard: 12, expert: 12 },
    '14x14': { easy: 12, medium: 12, hard: 12, expert: 12 },
    '15x15': { easy: 12, medium: 12, hard: 12, expert: 12 },
    '16x16': { easy: 12, medium: 12, hard: 12, expert: 12 },
    '18x18': { easy: 12, medium: 12, hard: 12, expert: 11 },
    '20x20': { easy: 12, medium: 12, hard: 12, expert: 12 },
    '25x25': { easy: 12, medium: 12, hard: 0, expert: 0 },
    '30x30': { easy: 12, medium: 10, hard: 0, expert: 0 },
  },
};
