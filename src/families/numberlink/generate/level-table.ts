/**
 * Which (size, level) pairs numberlink generator version 5 produces, as measured. Written by
 * `npm run level-table` (scripts/level-table.ts); do not edit. A pair is offered when at least half the seeds
 * came out at that level within the budget (core `levelChoices`).
 */
import type { LevelTable } from '../../../core/family.ts';

export const LEVEL_TABLE: LevelTable = {
  family: 'numberlink',
  version: 5,
  seeds: 6,
  budgetMs: 20000,
  measured: '2 cores (AMD EPYC), shared with other work, commit a64376f, 2026-12-01',
  sizes: {
    '5x5': { easy: 6, medium: 6, hard: 4, expert: 0 },
    '6x6': { easy: 6, medium: 5, hard: 5, expert: 1 },
    '7x7': { easy: 6, medium: 6, hard: 6, expert: 3 },
    '8x8': { easy: 6, medium: 6, hard: 6, expert: 6 },
    '9x9': { easy: 6, medium: 6, hard: 6, expert: 6 },
    '10x10': { easy: 6, medium: 6, hard: 6, expert: 6 },
    '11x11': { easy: 6, medium: 6, hard: 6, expert: 6 },
    '12x12': { easy: 6, medium: 6, hard: 6, expert: 6 },
    '13x13': { easy: 6, medium: 6, hard: 6, expert: 6 },
    '14x14': { easy: 6, medium: 6, hard: 6, expert: 6 },
    '15x15': { easy: 6, medium: 6, hard: 6, expert: 6 },
    '16x16': { easy: 6, medium: 6, hard: 6, expert: 6 },
    '18x18': { easy: 6, medium: 6, hard: 6, expert: 6 },
    '20x20': { easy: 6, medium: 6, hard: 6, expert: 6 },
    '25x25': { easy: 6, medium: 6, hard: 6, expert: 6 },
    '30x30': { easy: 6, medium: 6, hard: 6, expert: 6 },
  },
};
