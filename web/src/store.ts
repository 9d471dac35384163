/**
 * Persistence in IndexedDB (through idb-keyval): the current game, saved after every move, the
 * recent games (unfinished ones another game took the place of) and the history of finished games.
 * Records are checked with `parseSave` when read back.
 */
import { createStore, get, set, update } from 'idb-keyval';
import { parseSave, type SaveRecord } from '../../src/player/save.ts';
import { engineReason } from './words.ts';

const store = createStore('proofgrid', 'games');
const HISTORY_LIMIT = 200;

export async function saveCurrent(r: SaveRecord): Promise<void> {
  await set('current', r, store);
}

/** The saved game, or null (none, or unreadable: the reason goes to `onBad`). */
export async function loadCurrent(onBad: (why: string) => void): Promise<SaveRecord | null> {
  const v: unknown = await get('current', store);
  if (v === undefined) return null;
  const r = parseSave(v);
  if (!r.ok) {
    onBad(engineReason(r.error.message, r.error.code));
    return null;
  }
  return r.value;
}

export async function addToHistory(r: SaveRecord): Promise<void> {
  await update(
    'history',
    (old: unknown) => {
      const list = Array.isArray(old) ? old : [];
      return [r, ...list].slice(0, HISTORY_LIMIT);
    },
    store,
  );
}

export async function loadHistory(): Promise<SaveRecord[]> {
  return split(await get('history', store)).good;
}

/** Saved records of a stored list: those this player reads, and the others (a newer format's), kept as they are. */
function split(v: unknown): { good: SaveRecord[]; other: unknown[] } {
  const good: SaveRecord[] = [];
  const other: unknown[] = [];
  for (const x of Array.isArray(v) ? v : []) {
    const r = parseSave(x);
    if (r.ok) good.push(r.value);
    else other.push(x);
  }
  return { good, other };
}

/** The recent games, newest first. */
export async function loadRecent(): Promise<SaveRecord[]> {
  return split(await get('recent', store)).good;
}

/** Changes the recent games in one transaction; records this player cannot read stay, after the others. */
export async function updateRecent(change: (list: SaveRecord[]) => SaveRecord[]): Promise<void> {
  await update(
    'recent',
    (old: unknown) => {
      const { good, other } = split(old);
      return [...change(good), ...other];
    },
    store,
  );
}
