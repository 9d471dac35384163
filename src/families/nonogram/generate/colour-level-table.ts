/**
 * Which (size, level) pairs nonogram generator version 2 (colour puzzles) produces, per number of
 * colours besides the background, as measured. Written by `npx tsx scripts/colour-level-table.ts`; do
 * not edit. A pair is offered when at least half the seeds came out at that level within the budget
 * (core `levelChoices`).
 */
import type { LevelTable } from '../../../core/family.ts';

export const COLOUR_LEVEL_TABLES: Readonly<Record<number, LevelTable>> = {};
