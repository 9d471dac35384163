/**
 * Which (size, level) pairs nonogram generator version 2 (colour puzzles) produces, per number of
 * colours besides the background, as measured. Written by `npx tsx scripts/colour-level-table.ts`; do
 * not edit. A pair is offered when at least half the seeds came out at that level within the budget
 * (core `levelChoices`).
 */
import type { LevelTable } from '../../../core/family.ts';

export const COLOUR_LEVEL_TABLES: Readonly<Record<number, LevelTable>> = {
  2: {
    family: 'nonogram',
    version: 2,
    seeds: 4,
    budgetMs: 4000,
    measured: '2 cores (AMD EPYC), shared with other work, commit 6281207, 2026-12-02',
    sizes: {
      '5x5': { easy: 4, medium: 4, hard: 3, expert: 0 },
      '10x10': { easy: 4, medium: 4, hard: 4, expert: 0 },
      '15x15': { easy: 4, medium: 4, hard: 4, expert: 0 },
      '20x20': { easy: 4, medium: 4, hard: 4, expert: 0 },
      '25x25': { easy: 4, medium: 4, hard: 0, expert: 0 },
      '30x30': { easy: 4, medium: 4, hard: 1, expert: 0 },
    },
  },
  3: {
    family: 'nonogram',
    version: 2,
    seeds: 4,
    budgetMs: 4000,
    measured: '2 cores (AMD EPYC), shared with other work, commit 6281207, 2026-12-02',
    sizes: {
      '5x5': { easy: 4, medium: 4, hard: 4, expert: 0 },
      '10x10': { easy: 4, medium: 4, hard: 4, expert: 0 },
      '15x15': { easy: 4, medium: 4, hard: 3, expert: 0 },
      '20x20': { easy: 4, medium: 4, hard: 1, expert: 0 },
      '25x25': { easy: 4, medium: 4, hard: 0, expert: 0 },
      '30x30': { easy: 4, medium: 4, hard: 0, expert: 0 },
    },
  },
  4: {
    family: 'nonogram',
    version: 2,
    seeds: 4,
    budgetMs: 4000,
    measured: '2 cores (AMD EPYC), shared with other work, commit 6281207, 2026-12-02',
    sizes: {
      '5x5': { easy: 4, medium: 4, hard: 4, expert: 0 },
      '10x10': { easy: 4, medium: 4, hard: 4, expert: 0 },
      '15x15': { easy: 4, medium: 4, hard: 4, expert: 0 },
      '20x20': { easy: 4, medium: 4, hard: 2, expert: 0 },
      '25x25': { easy: 4, medium: 4, hard: 1, expert: 0 },
      '30x30': { easy: 4, medium: 4, hard: 1, expert: 0 },
    },
  },
  5: {
    family: 'nonogram',
    version: 2,
    seeds: 4,
    budgetMs: 4000,
    measured: '2 cores (AMD EPYC), shared with other work, commit 6281207, 2026-12-02',
    sizes: {
      '5x5': { easy: 4, medium: 4, hard: 2, expert: 0 },
      '10x10': { easy: 4, medium: 4, hard: 4, expert: 0 },
      '15x15': { easy: 4, medium: 4, hard: 4, expert: 0 },
      '20x20': { easy: 4, medium: 4, hard: 2, expert: 0 },
      '25x25': { easy: 4, medium: 4, hard: 1, expert: 0 },
      '30x30': { easy: 4, medium: 4, hard: 0, expert: 0 },
    },
  },
  6: {
    family: 'nonogram',
    version: 2,
    seeds: 4,
    budgetMs: 4000,
    measured: '2 cores (AMD EPYC), shared with other work, commit 6281207, 2026-12-02',
    sizes: {
      '5x5': { easy: 4, medium: 4, hard: 0, expert: 0 },
      '10x10': { easy: 4, medium: 4, hard: 4, expert: 0 },
      '15x15': { easy: 4, medium: 4, hard: 4, expert: 0 },
      '20x20': { easy: 4, medium: 4, hard: 1, expert: 0 },
      '25x25': { easy: 4, medium: 4, hard: 0, expert: 0 },
      '30x30': { easy: 4, medium: 4, hard: 0, expert: 0 },
    },
  },
};
