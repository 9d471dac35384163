/**
 * Plain words for what the player shows: the engine's error codes as sentences, measured levels
 * explained, puzzles described without their ids, a piece's turn. The engine's codes and numbers stay
 * in the engine (and in data- attributes and tooltips); the page says what they mean.
 */
import type { Grade, LevelChoice } from '../../src/core/family.ts';
import type { ParseErrorCode } from '../../src/core/result.ts';
import type { PuzzleInfo } from '../../src/runner/protocol.ts';

/** The codes an error reaching the page can carry: the parsers' codes and the runner's own. */
export type ErrorCode = ParseErrorCode | 'ERR_INTERNAL' | 'ERR_REQUEST' | 'ERR_WORKER' | 'ERR_CANCELLED';

/** What each code means, as a sentence without its full stop (the engine's own message may follow it). */
export const ERROR_SENTENCES: Record<ErrorCode, string> = {
  ERR_EMPTY: 'There is nothing to read: it is empty',
  ERR_SYNTAX: 'It is not written the way its format expects',
  ERR_NUMBER: 'A number in it is not valid',
  ERR_SIZE: 'Its board size is not one this puzzle can have',
  ERR_CLUE: 'A clue in it is not valid',
  ERR_LINE_COUNT: 'It has the wrong number of lines',
  ERR_MISSING: 'Part of the puzzle is missing',
  ERR_FORMAT: 'It is not in a format this player reads',
  ERR_FAMILY: 'It names a kind of puzzle this player does not know',
  ERR_VERSION: 'It was made by a version this player does not have',
  ERR_SOLUTION: 'The solution it gives is not valid',
  ERR_MOVE: 'That move is not possible',
  ERR_UNDECIDED: 'It could not be decided in the time allowed',
  ERR_INTERNAL: 'The engine hit a fault of its own (a bug worth reporting)',
  ERR_REQUEST: 'The engine was sent a request it could not read',
  ERR_WORKER: 'The engine stopped unexpectedly',
  ERR_CANCELLED: 'It was cancelled',
};

const CODE = /\s*\[(ERR_[A-Z_]+)\]/g;

const isCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_SENTENCES, code);

/**
 * A message of the engine's in plain words: any `[ERR_…]` code in it becomes the code's sentence, and
 * the engine's words follow in brackets ("A clue in it is not valid (line 3: clue 12 does not fit).").
 * A message without a code comes back as it was. `code`, when known apart from the text, is used when
 * the text names none.
 */
export function plainError(message: string, code?: string): string {
  const found = [...message.matchAll(CODE)].map((m) => m[1]);
  const rest = message.replace(CODE, '').trim();
  const named = found.find(isCode) ?? (code !== undefined && isCode(code) ? code : undefined);
  // A code this table does not know is still not shown: its text stays without it.
  if (named === undefined) return rest;
  const detail = rest.replace(/[.\s]+$/, '');
  return detail === '' ? `${ERROR_SENTENCES[named]}.` : `${ERROR_SENTENCES[named]} (${detail}).`;
}

/** A text with any `[ERR_…]` code taken out (the status line's last guard; the sources say codes in words). */
export const withoutCodes = (text: string): string => text.replace(CODE, '');

/** A sentence to follow a colon: its first letter in lower case ("The engine refused: it is …"). */
export const afterColon = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

/** A metric that is a finite number, else undefined. */
export const metricNumber = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
/** "1 step", "3 steps". */
export const times = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

/**
 * What a deduction grader of basic rules and trials measured (the Numberlink and edge-matching
 * graders' `basicShare`, `trials`, `solved`), for a family whose parts are `what` ("links", "pieces").
 */
export function deductionWords(what: string, metrics: Grade['metrics']): string | null {
  const basic = metricNumber(metrics.basicShare);
  const trials = metricNumber(metrics.trials);
  if (basic === undefined || trials === undefined) return null;
  if (metrics.solved === 0) return `the basic rules settle ${basic}% of the ${what}; deduction alone does not finish it`;
  if (trials === 0) return 'solved by the basic rules alone, no trials';
  return `the basic rules settle ${basic}% of the ${what}; the rest needs ${times(trials, 'trial')} (suppose, and see it fail)`;
}

/**
 * The level line: "Level: easy (measured: solved by the simple line rules alone)", and the number behind
 * it for a tooltip ("measured score 6 of 100 …"). A game resumed from a save has no metrics: the
 * level is named as measured, without the reason. The reason is the family's (its view entry's `measured`).
 */
export function gradeWords(
  family: { measured(metrics: Grade['metrics']): string | null } | undefined,
  grade: Pick<Grade, 'level' | 'score'> & { metrics?: Grade['metrics'] },
): { text: string; level: string; title: string } {
  const why = grade.metrics && family ? family.measured(grade.metrics) : null;
  const level = `${grade.level} (measured${why ? `: ${why}` : ''})`;
  return {
    text: `Level: ${level}`,
    level,
    title: `Measured difficulty score ${grade.score} of 100 (easy below 25, medium below 45, hard below 70, expert from 70)`,
  };
}

/** The level of a puzzle without a grade. */
export const UNGRADED = 'not measured';

/** Where a puzzle came from, for its description. */
function origin(info: Pick<PuzzleInfo, 'provenance'>, source: string | null): string {
  if (info.provenance === 'imported') return source ? `imported from ${source}` : 'imported';
  if (info.provenance === 'opened') return 'opened from a link';
  return 'generated';
}

/**
 * A puzzle in words, never its id: "Nonogram 50×60, imported from file.non", "Numberlink 7×7, generated".
 * `source` is the file an import came from, when known.
 */
export function puzzleWords(label: string, size: string, info: Pick<PuzzleInfo, 'provenance'>, source: string | null = null): string {
  return `${label} ${size}, ${origin(info, source)}`;
}

/** A piece's turn (clockwise quarter turns) in words: "not turned", "turned once clockwise", "turned twice", "turned once anticlockwise". */
export function turnWords(r: number): string {
  if (r === 0) return 'not turned';
  if (r === 1) return 'turned once clockwise';
  if (r === 2) return 'turned twice';
  return 'turned once anticlockwise';
}

/** The verdict line of a puzzle: what its count found, or that it is still being checked. */
export function verdictWords(info: Pick<PuzzleInfo, 'verdict' | 'stop' | 'unchecked'>): string {
  if (info.unchecked === 'pending') return 'being checked: its verdict follows';
  if (info.verdict === 'unique') return 'exactly one solution (proven)';
  if (info.verdict === 'multiple') return 'more than one solution: any answer that follows the rules wins';
  if (info.verdict === 'none') return 'no solution: this puzzle cannot be solved';
  return `not decided in the time allowed${info.stop ? ` (${info.stop})` : ''}: it may have several solutions`;
}

/** A verdict in a word or two, for a collection's list. */
export function shortVerdict(info: Pick<PuzzleInfo, 'verdict' | 'unchecked'>): string {
  if (info.unchecked === 'pending') return 'being checked';
  if (info.unchecked === 'too-large') return 'too large to show';
  return { unique: 'one solution', multiple: 'several solutions', none: 'no solution', inconclusive: 'not decided in time' }[info.verdict];
}

/** The Numberlink rule sets by their names for people (as the Numberlink view names them beside the size). */
export const RULE_NAMES: Readonly<Record<string, string>> = {
  strict: 'standard',
  'no-2x2': 'no 2×2 of one path',
  'no-touch': 'paths never touch themselves',
};
const ruleName = (rule: string): string => RULE_NAMES[rule] ?? rule;

/** The label of the rule-set picker of an imported Numberlink puzzle, and its options' words. */
export const RULE_PICK = {
  label: 'Rule set',
  title: 'The rules this imported puzzle is played under; changing them keeps your paths',
  option: (rule: string, verdict?: string): string => `${ruleName(rule)}${verdict ? ` (${shortVerdict({ verdict: verdict as PuzzleInfo['verdict'] })})` : ''}`,
  checking: (rule: string): string => `Checking the puzzle under the rule set “${ruleName(rule)}”…`,
  changed: (rule: string, verdict: string): string => `Now played under the rule set “${ruleName(rule)}”: ${verdict}.`,
};

/**
 * Why an imported Numberlink puzzle is played under the rule set it is, from the verdicts tried (null
 * when it is unique under the plain rule, or was not tried under several): "Played under “no 2×2 of one
 * path”, the first rule set that gives it exactly one solution (standard: several solutions)."
 */
export function ruleChoiceWords(info: Pick<PuzzleInfo, 'rules' | 'verdict'>): string | null {
  const tried = info.rules;
  if (!tried || tried.length === 0) return null;
  const last = tried[tried.length - 1];
  const before = tried.slice(0, -1).map((t) => `${ruleName(t.rule)}: ${shortVerdict(t)}`);
  if (last.verdict === 'unique') {
    if (tried.length === 1) return null;
    return `Played under the rule set “${ruleName(last.rule)}”, the first that gives it exactly one solution (${before.join('; ')}).`;
  }
  const all = tried.map((t) => `${ruleName(t.rule)}: ${shortVerdict(t)}`).join('; ');
  const open = tried.some((t) => t.verdict === 'inconclusive');
  return `No rule set tried gives it exactly one proven solution (${all})${open ? '; a search ran out of time, so one of them may still do' : ''}. Check is off; any answer that follows the rules wins.`;
}

/** What a collection's bar says: reading it, its progress, and how it ended. */
export const COLLECTION = {
  reading: (name: string): string => `Reading ${name}…`,
  progress: (name: string, done: number, total: number): string => `${name}: ${done} of ${total} puzzles checked`,
  progressLabel: 'Puzzles checked',
  finished: (name: string, counts: Record<string, number>, total: number): string => {
    const parts = [
      counts.unique ? `${counts.unique} with exactly one solution` : '',
      counts.multiple ? `${counts.multiple} with several` : '',
      counts.none ? `${counts.none} with none` : '',
      counts.inconclusive ? `${counts.inconclusive} not decided in time` : '',
      counts['too-large'] ? `${counts['too-large']} too large to show` : '',
    ].filter((p) => p !== '');
    return `${name}: all ${total} puzzles checked${parts.length > 0 ? ` (${parts.join(', ')})` : ''}.`;
  },
  stopped: (name: string, done: number, total: number): string =>
    `${name}: checking stopped, ${done} of ${total} puzzles checked. The others can still be played; each is checked when you play it.`,
  failed: (name: string, why: string): string => `${name}: checking stopped (${why}).`,
  list: (name: string, total: number): string => `Puzzles in ${name} (${total})`,
  row: (k: number, size: string, verdict: string, rule: string | null): string => `${k + 1}. ${size} · ${verdict}${rule ? ` · rules: ${ruleName(rule)}` : ''}`,
  notReached: 'not checked: play it to check it',
  play: 'Play',
  playLabel: (k: number, name: string): string => `Play puzzle ${k + 1} of ${name}`,
  playing: 'playing',
  stop: 'Stop checking',
  close: 'Close',
  closeLabel: (name: string): string => `Close the list of ${name}`,
  holds: (name: string, total: number): string => `${name} holds ${total} puzzles; playing the first.`,
  empty: (name: string): string => `${name} holds no puzzle.`,
  unreadable: (name: string, why: string): string => `${name} could not be read: ${why}`,
  noneFits: (name: string, first: string, count: number): string =>
    `Cannot show ${name}: ${first}${count === 1 ? '' : ` (all ${count} of its puzzles are too large; the first is named)`}.`,
  someRefused: (name: string, total: number, first: string, count: number, fits: number): string =>
    `Of the ${total} puzzles in ${name}, ${count} ${count === 1 ? 'is' : 'are'} not shown: ${first}${count > 1 ? ' (the first named)' : ''}. Playing ${
      fits === 1 ? 'the other one' : `the first of the other ${fits}`
    }.`,
  playingK: (k: number, name: string): string => `Puzzle ${k + 1} of ${name}.`,
  countedK: (k: number, verdict: string, rules: string | null): string => `Puzzle ${k + 1}: ${verdict}.${rules ? ` ${rules}` : ''}`,
};

/**
 * Why levels are missing at a size, from the family's measurements: "No expert puzzles at 4×4: when
 * it was measured, 1 of 6 tries came out expert in time. Levels at this size: easy, medium, hard."
 * Null when every level is offered.
 */
export function missingLevelsWords(size: string, choices: readonly LevelChoice[]): string | null {
  const missing = choices.filter((c) => !c.offered);
  if (missing.length === 0) return null;
  const offered = choices.filter((c) => c.offered).map((c) => c.level);
  const tries = missing.map((c) => `${c.made} of ${c.of} tries came out ${c.level}`).join(', ');
  const at = missing[0].size === size.replace('×', 'x') ? '' : ` (measured at the nearest size, ${missing[0].size.replace('x', '×')})`;
  return (
    `No ${missing.map((c) => c.level).join(' or ')} puzzles at ${size}: when the generator was measured${at}, ${tries} in time. ` +
    (offered.length > 0 ? `Levels at this size: ${offered.join(', ')}.` : 'No level is reliably made at this size.')
  );
}

const article = (level: string): string => (/^[aeiou]/.test(level) ? 'An' : 'A');

/**
 * A generation that found puzzles, but none at the level asked: the dialog's title ("A medium came
 * out") and its message, offering the one found as what it is.
 */
export function otherLevelWords(asked: string, got: Pick<Grade, 'level'>, size: string): { title: string; message: string } {
  return {
    title: `${article(got.level)} ${got.level} came out`,
    message:
      `No ${asked} ${size} puzzle came out this time: the generator kept trying for one that is exactly ${asked}, ` +
      `and the nearest it proved to have exactly one solution measured ${got.level}. Keep that ${got.level} puzzle, or try again for ${asked === 'easy' || asked === 'expert' ? 'an' : 'a'} ${asked} one.`,
  };
}

/** The buttons of that dialog, and its title when no puzzle came out at all. */
export const KEEP_IT = 'Keep it';
export const NO_PUZZLE = 'No certified puzzle';
export const TRY_AGAIN = 'Try again';

/** The layout's controls (web/src/layout.ts): the phone menu, the draw/pan switch and the zoom buttons. */
export const LAYOUT_WORDS = {
  menu: 'Menu',
  menuLabel: 'Menu: new puzzle, size, level and import',
  view: 'Board view',
  pan: 'Pan',
  panTitle: 'Pan mode: drag to move the board, pinch with two fingers to zoom. Off: drags draw (two fingers still pan and zoom).',
  zoomIn: 'Zoom in',
  zoomInSign: '+',
  zoomOut: 'Zoom out',
  zoomOutSign: '−',
  zoomed: (percent: number): string => `Zoom ${percent}%.`,
  help: 'Large boards: + and − zoom (or pinch with two fingers); two fingers, or one finger in Pan mode, move the board without playing. On a phone, Menu holds the puzzle, size and level choices.',
} as const;

/** The daily puzzle's words (web/src/daily.ts). */
export const DAILY = {
  button: 'Daily puzzle',
  title: (label: string): string => `Today’s ${label}: the same puzzle for everyone, a new one each day (UTC)`,
  opening: (label: string, day: string): string => `Opening the daily ${label} of ${day}…`,
  opened: (label: string, day: string): string => `The daily ${label} of ${day}: the same puzzle for every player today.`,
  heading: (day: string): string => `Daily puzzle of ${day}`,
  copy: 'Copy result',
  copied: 'Result copied: paste it anywhere, it gives nothing away.',
  noCopy: 'The result could not be copied here; select the text and copy it.',
  /** The result as a text to share, with nothing of the solution in it. */
  share: (r: { day: string; puzzle: string; time: string; hints: number; checks: number; link: string }): string =>
    `proofgrid daily ${r.day}\n${r.puzzle}: solved in ${r.time}, ${r.hints === 0 ? 'no hints' : times(r.hints, 'hint')}, ${r.checks === 0 ? 'no checks' : times(r.checks, 'check')}\n${r.link}`,
};
