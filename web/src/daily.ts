/**
 * The daily puzzle: one per family and day, the same for everyone. It is the generator's own seeded
 * puzzle for the seed `daily-YYYY-MM-DD` (the date in UTC, so every player meets the same puzzle at
 * the same moment) at the size and level the family's view entry names (`daily`), so it opens by its
 * seeded id anywhere, like any share link. Its result shares as a text without the solution.
 */
import type { Level } from '../../src/core/family.ts';

/** The day of `now` in UTC, `YYYY-MM-DD`. */
export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The seed of a day's puzzle. */
export const dailySeed = (day: string): string => `daily-${day}`;

/** The params of a family's daily puzzle (`10x10-medium`). */
export function dailyParams(info: { readonly daily: { width: number; height: number; level: Level } }): string {
  const { width, height, level } = info.daily;
  return `${width}x${height}-${level}`;
}

/** The day a seeded id's puzzle is the daily of (`nonogram@1:10x10-medium#daily-2026-12-01` → `2026-12-01`), or null. */
export function dailyDayOf(shareId: string): string | null {
  return /#daily-(\d{4}-\d{2}-\d{2})$/.exec(shareId)?.[1] ?? null;
}

/** What a daily result says: the day, the puzzle in words, the time and the help taken; never the solution. */
export interface DailyResult {
  day: string;
  /** "Nonogram 10×10 medium". */
  puzzle: string;
  /** "6:12". */
  time: string;
  hints: number;
  checks: number;
  /** The page that opens the same daily (`…?daily=nonogram`). */
  link: string;
}
