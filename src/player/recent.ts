/**
 * Recent games: games left unfinished when another began (a new game, a share link, an import), kept
 * so that nothing is lost. Newest first, at most RECENT_LIMIT; a game is known by its puzzle and start
 * time, so keeping it again replaces its older copy. Pure: the player stores the list.
 */
import type { SaveRecord } from './save.ts';

export const RECENT_LIMIT = 10;

/** What tells one game from another: its puzzle and when it began. */
export function gameKey(r: Pick<SaveRecord, 'puzzle' | 'startedAt'>): string {
  return `${r.startedAt} ${r.puzzle}`;
}

/** Whether a game is worth keeping when another takes its place: unfinished, with a move played. */
export function worthKeeping(r: SaveRecord): boolean {
  return r.finishedAt === null && r.moves.length > 0;
}

/** The list with `r` first (its older copy gone), the oldest dropped past `limit`. */
export function addRecent(list: readonly SaveRecord[], r: SaveRecord, limit = RECENT_LIMIT): SaveRecord[] {
  const k = gameKey(r);
  return [r, ...list.filter((x) => gameKey(x) !== k)].slice(0, limit);
}

/** The list without the game of key `key`. */
export function removeRecent(list: readonly SaveRecord[], key: string): SaveRecord[] {
  return list.filter((x) => gameKey(x) !== key);
}
