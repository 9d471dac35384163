/**
 * The player's settings (the comforts a player chooses), kept in localStorage under
 * `proofgrid-settings` as a JSON object. Reading is forgiving: a missing, unreadable or wrong field
 * falls back to its default, so a damaged store never stops the page. Views read them with
 * `settings()` and hear changes with `onSettings`.
 */

/** When wrong marks are shown: as soon as they are placed, or only when the player presses Check. */
export type MistakesMode = 'at-once' | 'on-check';
export const MISTAKES_MODES: readonly MistakesMode[] = ['at-once', 'on-check'];

export interface Settings {
  /** Nonogram: once a line's fills match its clue, cross the rest of the line (one undo with the move). */
  autoCross: boolean;
  /** Hide the running timer (the time is still kept, and shown on the win screen). */
  hideTimer: boolean;
  /**
   * `at-once`: a wrong cell, link or piece is marked as soon as it is placed, for puzzles with a known
   * unique solution only; `on-check`: only Check shows them.
   */
  mistakes: MistakesMode;
}

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({ autoCross: false, hideTimer: false, mistakes: 'on-check' });

/** The localStorage key (other parts of the player rely on it). */
export const SETTINGS_KEY = 'proofgrid-settings';

/** Settings from stored text (or a parsed value): each field that is missing or not of its kind takes its default. */
export function parseSettings(input: unknown): Settings {
  let v = input;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      v = null;
    }
  }
  const o = typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  const bool = (k: 'autoCross' | 'hideTimer'): boolean => (typeof o[k] === 'boolean' ? (o[k] as boolean) : DEFAULT_SETTINGS[k]);
  return {
    autoCross: bool('autoCross'),
    hideTimer: bool('hideTimer'),
    mistakes: (MISTAKES_MODES as readonly unknown[]).includes(o.mistakes) ? (o.mistakes as MistakesMode) : DEFAULT_SETTINGS.mistakes,
  };
}

/** The settings as stored. */
export const makeSettings = (s: Settings): string => JSON.stringify({ autoCross: s.autoCross, hideTimer: s.hideTimer, mistakes: s.mistakes });

type Listener = (now: Settings, before: Settings) => void;

let current: Settings | null = null;
const listeners = new Set<Listener>();

/** What the settings need of localStorage (so that Node tests can give a stand-in). */
interface KeyStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function storage(): KeyStore | null {
  try {
    return (globalThis as { localStorage?: KeyStore }).localStorage ?? null;
  } catch {
    return null; // e.g. storage blocked for this site
  }
}

/** The current settings (read from localStorage the first time). */
export function settings(): Settings {
  if (current === null) {
    let text: string | null = null;
    try {
      text = storage()?.getItem(SETTINGS_KEY) ?? null;
    } catch {
      text = null;
    }
    current = parseSettings(text);
  }
  return { ...current };
}

/** Changes some settings, stores them, and tells every listener (when anything changed). */
export function updateSettings(change: Partial<Settings>): Settings {
  const before = settings();
  const now = parseSettings({ ...before, ...change });
  current = now;
  try {
    storage()?.setItem(SETTINGS_KEY, makeSettings(now));
  } catch {
    // Not stored (full or blocked storage): the settings hold for this page.
  }
  if (makeSettings(now) !== makeSettings(before)) for (const l of listeners) l({ ...now }, before);
  return { ...now };
}

/** Calls `listener` after each change; returns the function that stops it. */
export function onSettings(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets the settings read (tests: the next `settings()` reads the store again). */
export function resetSettingsCache(): void {
  current = null;
}
