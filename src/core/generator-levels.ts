/**
 * FROZEN: the level bands every current generator version picks and files levels by (Numberlink 2–4,
 * Nonogram 1, edge matching 1), copied from core/family.ts at commit a58a316. Today's LEVEL_BANDS may
 * change (a grader's new calibration); these stay, so a version's picks do not move with them.
 */
import type { Level } from './family.ts';

/** The score bands of the levels: [from, below). */
export const BANDS_V1: Readonly<Record<Level, readonly [number, number]>> = { easy: [0, 25], medium: [25, 45], hard: [45, 70], expert: [70, 101] };

export function levelOfV1(score: number): Level {
  if (score < BANDS_V1.medium[0]) return 'easy';
  if (score < BANDS_V1.hard[0]) return 'medium';
  if (score < BANDS_V1.expert[0]) return 'hard';
  return 'expert';
}
