/**
 * A saved game, as stored by the player (IndexedDB) and read back after a reload, a closed tab or a
 * newer generator version: the puzzle itself (its descriptive id, not only a seed), its share id,
 * generator version and provenance, the move list with the marks it leads to, and the game's counters.
 */
import type { Level } from '../core/family.ts';
import { isLevel } from '../core/family.ts';
import { err, ok, parseError, type Result } from '../core/result.ts';
import { describeValue, jsonTooDeep, MAX_JSON_DEPTH } from '../core/text.ts';
import { VERDICT_KINDS, type VerdictKind } from '../core/verdict.ts';
import { RESTART_MOVE } from './session.ts';

/**
 * The save format written. 2: a restart is a move in the list (RESTART_MOVE); format 1 saves (where
 * restart cleared the list) still open, read as format 2.
 */
export const SAVE_FORMAT = 2;
/** Formats read. */
export const SAVE_FORMATS_READ: readonly number[] = [1, 2];
export const PROVENANCES = ['generated', 'imported', 'opened'] as const;
export type Provenance = (typeof PROVENANCES)[number];

export interface SaveRecord {
  format: typeof SAVE_FORMAT;
  family: string;
  /** Descriptive id: the puzzle itself. */
  puzzle: string;
  /** Seeded id with generator version when generated, else the descriptive id. */
  shareId: string;
  /** Generator version that made it (0 for an experimental generator), null for puzzles from files or descriptive ids. */
  version: number | null;
  provenance: Provenance;
  verdict: VerdictKind;
  grade: { level: Level; score: number } | null;
  moves: string[];
  redo: string[];
  /** The marks the moves lead to, in the family's text (a check, and a fallback if a move no longer parses). */
  marks: string;
  elapsedMs: number;
  /** Times the player asked "check", and mistakes those checks found. */
  checks: number;
  mistakesFound: number;
  hintsUsed: number;
  /** ISO dates, given by the player (the engine reads no clock). */
  startedAt: string;
  finishedAt: string | null;
  /**
   * Whether the game was paused (its board hidden, its clock stopped) when saved. Absent, or anything
   * but `true` when read: not paused (a flag is not worth losing a game over).
   */
  paused?: boolean;
}

export function makeSave(r: SaveRecord): string {
  return JSON.stringify(r);
}

const isStr = (v: unknown): v is string => typeof v === 'string';
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const isStrArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(isStr);

/** Reads a save (its JSON text, or the object IndexedDB gives back); the error names the bad field. */
export function parseSave(input: unknown): Result<SaveRecord> {
  let v = input;
  if (typeof v === 'string') {
    if (jsonTooDeep(v) >= 0) return err(parseError('ERR_SYNTAX', `save is JSON nested deeper than ${MAX_JSON_DEPTH} levels`));
    try {
      v = JSON.parse(v);
    } catch {
      return err(parseError('ERR_SYNTAX', 'save is not JSON'));
    }
  }
  if (typeof v !== 'object' || v === null) return err(parseError('ERR_SYNTAX', 'save is not an object'));
  const o = v as Record<string, unknown>;
  const bad = (field: string, want: string) => err(parseError('ERR_SYNTAX', `save field "${field}" should be ${want}`));
  if (!SAVE_FORMATS_READ.includes(o.format as number))
    return err(parseError('ERR_VERSION', `save format ${describeValue(o.format)} is not one of ${SAVE_FORMATS_READ.join(', ')}`));
  for (const f of ['family', 'puzzle', 'shareId', 'marks', 'startedAt'] as const) if (!isStr(o[f])) return bad(f, 'a string');
  // Version 0 is a real version: an experimental generator's (Numberlink's until its outputs are pinned).
  if (!(o.version === null || (Number.isInteger(o.version) && (o.version as number) >= 0))) return bad('version', 'an integer ≥ 0 or null');
  if (!(PROVENANCES as readonly unknown[]).includes(o.provenance)) return bad('provenance', PROVENANCES.join(' | '));
  if (!(VERDICT_KINDS as readonly unknown[]).includes(o.verdict)) return bad('verdict', VERDICT_KINDS.join(' | '));
  const g = o.grade as Record<string, unknown> | null;
  if (!(g === null || (typeof g === 'object' && isStr(g.level) && isLevel(g.level) && isCount(g.score)))) return bad('grade', 'null or { level, score }');
  for (const f of ['moves', 'redo'] as const) if (!isStrArray(o[f])) return bad(f, 'an array of strings');
  // Format 1 had no restart move: one there is a damaged save, not a restart.
  if (o.format === 1) for (const f of ['moves', 'redo'] as const) if ((o[f] as string[]).includes(RESTART_MOVE)) return bad(f, 'format 1 moves (no restart)');
  for (const f of ['elapsedMs', 'checks', 'mistakesFound', 'hintsUsed'] as const) if (!isCount(o[f])) return bad(f, 'a number ≥ 0');
  if (!(o.finishedAt === null || isStr(o.finishedAt))) return bad('finishedAt', 'a string or null');
  return ok({
    format: SAVE_FORMAT,
    family: o.family as string,
    puzzle: o.puzzle as string,
    shareId: o.shareId as string,
    version: o.version as number | null,
    provenance: o.provenance as Provenance,
    verdict: o.verdict as VerdictKind,
    grade: g === null ? null : { level: g.level as Level, score: g.score as number },
    moves: [...(o.moves as string[])],
    redo: [...(o.redo as string[])],
    marks: o.marks as string,
    elapsedMs: o.elapsedMs as number,
    checks: o.checks as number,
    mistakesFound: o.mistakesFound as number,
    hintsUsed: o.hintsUsed as number,
    startedAt: o.startedAt as string,
    finishedAt: o.finishedAt as string | null,
    ...(o.paused === true ? { paused: true } : {}),
  });
}
