/**
 * The edge-matching family: the rules, formats, solvers, grader, hints, playable generator and play
 * rules behind the one `PuzzleFamily` interface the CLI and the runner use.
 */
import { canonicalEdgematch } from './canonical.ts';
import type { PuzzleFamily } from '../../core/family.ts';
import { ok, type Result } from '../../core/result.ts';
import { fail, firstLine, splitLines } from '../../core/text.ts';
import { detectFormat, FAMILY_NAME, makeBoardText, makeEdgematchId, parseBoardText, parseEdgematchId, parseInstance, parseSol, type FormatName } from './formats.ts';
import { gradeEdgematch } from './grader.ts';
import type { EdgematchFocus } from './focus.ts';
import { edgematchHint } from './hint.ts';
import { edgematchPlay, type EdgematchMove, type EdgematchState } from './play.ts';
import { generatePlayable, makePlayableParams, parsePlayableParams, PLAYABLE_VERSION, PLAYABLE_VERSIONS, type PlayableParams } from './playable.ts';
import { EDGEMATCH_GENERATORS } from './generate/versions.ts';
import { describeProblem, verifyBoard } from './puzzle.ts';
import type { Board, Instance } from './types.ts';
import { countEdgematch } from './xcc-model.ts';
import { edgematchWitness, type EdgematchWitnessOptions } from './witness.ts';

/** Formats told by a file name's extension (`.puz` of the board suite, the `.json` of anjou). */
export const FORMAT_BY_EXTENSION: Readonly<Record<string, FormatName>> = { puz: 'puz', json: 'anjou' };

export function formatOfName(filename: string | undefined): FormatName | undefined {
  const ext = filename?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return ext !== undefined && Object.prototype.hasOwnProperty.call(FORMAT_BY_EXTENSION, ext) ? FORMAT_BY_EXTENSION[ext] : undefined;
}

/** Ids, one per line (blank lines and `#` comments skipped); each error names its line. */
export function parseIdLines(text: string): Result<Instance[]> {
  const out: Instance[] = [];
  const lines = splitLines(text);
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].trim();
    if (t === '' || t.startsWith('#')) continue;
    const r = parseEdgematchId(t, i + 1);
    if (!r.ok) return r;
    out.push(r.value);
  }
  if (out.length === 0) return fail('ERR_EMPTY', 'no id in the input', 1);
  return ok(out);
}

/** Whether the first meaningful line (blank lines and `#` comments skipped) is one of our ids. */
export function isIdList(text: string): boolean {
  const first = firstLine(text, (l) => l !== '' && !l.startsWith('#'));
  return first !== undefined && first.startsWith(`${FAMILY_NAME}:`);
}

/**
 * The puzzles of a file: in `format`, else the one its name tells, else the one its text shows. Every
 * format holds one puzzle, except id lists (one id per line).
 */
export function parseEdgematchFile(text: string, filename?: string, format?: FormatName): Result<Instance[]> {
  const f = format ?? formatOfName(filename) ?? (isIdList(text) ? 'id' : detectFormat(text));
  if (f === 'id') return parseIdLines(text);
  const r = parseInstance(text, f);
  return r.ok ? ok([r.value]) : r;
}

/**
 * A board in the board text of formats.ts (`WxH` line, then `piece:rotation` or `.` per cell), or in
 * the board suite's `.sol` lines (`tile col row rot`, told by a first line of four numbers).
 */
export function parseBoard(text: string, p: Instance): Result<Board> {
  const first = firstLine(text, (l) => l !== '' && !l.startsWith('#') && !l.startsWith('c'));
  if (first !== undefined && /^\d+\s+\d+\s+\d+\s+\d+$/.test(first)) return parseSol(text, p);
  return parseBoardText(text, p);
}

export const edgematch: PuzzleFamily<Instance, Board, PlayableParams, EdgematchState, EdgematchMove, EdgematchFocus, EdgematchWitnessOptions> = {
  name: FAMILY_NAME,
  version: PLAYABLE_VERSION,
  versions: PLAYABLE_VERSIONS,
  parseParams: parsePlayableParams,
  makeParams: makePlayableParams,
  parsePuzzle: (id) => parseEdgematchId(id),
  makePuzzle: makeEdgematchId,
  parseFile: (text, filename) => parseEdgematchFile(text, filename),
  parseSolution: parseBoard,
  makeSolution: (s, p) => makeBoardText(p, s),
  canonical: (p) => canonicalEdgematch(p),
  witness: edgematchWitness,
  verify(p, s) {
    const check = verifyBoard(p, s);
    if (check.ok) return { ok: true };
    const more = check.problems.length > 1 ? ` (and ${check.problems.length - 1} more problem${check.problems.length > 2 ? 's' : ''})` : '';
    return { ok: false, reason: describeProblem(p, check.problems[0]) + more };
  },
  count: (p, o = {}) => countEdgematch(p, { limit: o.limit, budget: o.budget }),
  grade: (p, budget) => gradeEdgematch(p, budget),
  // edgematchHint certifies the puzzle itself (a count to 2 under the hint's budget) to have a solution to check against.
  hint: (p, s, budget) => edgematchHint(p, s.board, { budget }),
  generators: EDGEMATCH_GENERATORS,
  // generatePlayable refuses a version this build does not have (core versionRefusal) and bad params,
  // then runs the version's frozen pipeline through the table.
  generate: (params, seed, budget, options = {}) => generatePlayable(params, seed, budget, { version: options.version, onProgress: options.onProgress }),
  play: edgematchPlay,
};

export * from './types.ts';
export { makeInstance, verifyBoard, describeProblem, scoreBoard, maxScore, shownColour, rotatePiece, clueBoard } from './puzzle.ts';
export { countEdgematch, findEdgematch } from './xcc-model.ts';
export { countBacktrack, solveBacktrack } from './backtrack.ts';
export { gradeEdgematch } from './grader.ts';
export { edgematchHint } from './hint.ts';
export * from './focus.ts';
export { generatePlayable, EDGEMATCH_GENERATORS, PLAYABLE_VERSION, PLAYABLE_VERSIONS, playableParams, PLAY_MIN_SIDE, PLAY_MAX_SIDE } from './playable.ts';
export type { PlayableParams } from './playable.ts';
export type { EdgematchMove, EdgematchState } from './play.ts';
export * as formats from './formats.ts';
export { edgematchWitness, type EdgematchWitnessOptions } from './witness.ts';
