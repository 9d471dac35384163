/**
 * Plain words for what the player shows, in English and Spanish: the engine's error codes as sentences,
 * measured levels explained, puzzles described without their ids, a piece's turn, and every label of
 * the page. The engine's codes and numbers stay in the engine (and in data- attributes and tooltips);
 * the page says what they mean. `en` below is the reference; `es` (words-es.ts) has the same shape, so
 * a missing Spanish string does not compile. `setWordsLanguage` switches every export here at once.
 */
import type { Grade, HintNone, Level, LevelChoice } from '../../src/core/family.ts';
import type { Rule } from '../../src/families/numberlink/types.ts';
import type { ParseErrorCode } from '../../src/core/result.ts';
import type { PuzzleInfo } from '../../src/runner/protocol.ts';
import { es } from './words-es.ts';
import { engineEn, type StopWords } from './words-engine.ts';
import type { DailyResult } from './daily.ts';

/** The languages of the player. */
export type Lang = 'en' | 'es';
export const LANGS: readonly Lang[] = ['en', 'es'];

export const isLang = (s: string | null | undefined): s is Lang => s !== null && s !== undefined && (LANGS as readonly string[]).includes(s);

/**
 * The language to use: the player's pick when there is one, else the first of the browser's languages
 * the player speaks (en or es, any region), else English.
 */
export function pickLanguage(browser: readonly string[], stored: string | null): Lang {
  if (isLang(stored)) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLang(base)) return base;
  }
  return 'en';
}

/** The codes an error reaching the page can carry: the parsers' codes and the runner's own. */
export type ErrorCode = ParseErrorCode | 'ERR_INTERNAL' | 'ERR_REQUEST' | 'ERR_WORKER' | 'ERR_CANCELLED';

type Verdict = PuzzleInfo['verdict'];

/** "1 step", "3 steps". */
const enTimes = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;
const enArticle = (word: string): string => (/^[aeiou]/.test(word) ? 'an' : 'a');
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The English words: the reference every language follows (its shape is `Messages`). */
const en = {
  /** The language's own name, for the switch. */
  name: 'English',
  /** The switch's label and what it offers. */
  switchLabel: 'Language',
  /** What each code means, as a sentence without its full stop (the engine's own message may follow it). */
  errors: {
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
  } as Record<ErrorCode, string>,
  /** The engine's levels as the page names them (the engine's names and ids stay as they are). */
  levels: { easy: 'easy', medium: 'medium', hard: 'hard', expert: 'expert' } as Record<Level, string>,
  /** What a deduction grader of basic rules and trials measured, for a family whose parts are links or pieces. */
  deduction: (what: 'links' | 'pieces', basic: number, trials: number, solved: boolean): string => {
    if (!solved) return `the basic rules settle ${basic}% of the ${what}; deduction alone does not finish it`;
    if (trials === 0) return 'solved by the basic rules alone, no trials';
    return `the basic rules settle ${basic}% of the ${what}; the rest needs ${enTimes(trials, 'trial')} (suppose, and see it fail)`;
  },
  /** What the Nonogram grader's ladder measured (the rung that solved it, what it took there). */
  nonogram: {
    simple: 'solved by the simple line rules alone',
    complex: (n: number): string => `solved line by line, ${enTimes(n, 'step')} needing a closer look at a whole line`,
    lineByLine: 'solved line by line, no guessing',
    contradictions: (n: number | undefined): string =>
      `line by line, plus ${n === undefined ? 'some cells' : enTimes(n, 'cell')} settled by trying a cell and finding a contradiction`,
    stalls: 'line logic stalls: it needs trial and error to finish',
  },
  /** The level line, its short form and the tooltip with the number behind it. */
  grade: (level: string, why: string | null, score: number): { text: string; level: string; title: string } => {
    const shown = `${level} (measured${why ? `: ${why}` : ''})`;
    return {
      text: `Level: ${shown}`,
      level: shown,
      title: `Measured difficulty score ${score} of 100 (easy below 25, medium below 45, hard below 70, expert from 70)`,
    };
  },
  ungraded: 'not measured',
  /** A puzzle in words, never its id. */
  puzzle: (label: string, size: string, provenance: PuzzleInfo['provenance'], source: string | null): string => {
    const from = provenance === 'imported' ? (source ? `imported from ${source}` : 'imported') : provenance === 'opened' ? 'opened from a link' : 'generated';
    return `${label} ${size}, ${from}`;
  },
  turns: ['not turned', 'turned once clockwise', 'turned twice', 'turned once anticlockwise'],
  /** What the engine hands over as data (hints, stop reasons, its own detail), in words: words-engine.ts. */
  engine: engineEn,
  verdict: {
    pending: 'being checked: its verdict follows',
    unique: 'exactly one solution (proven)',
    multiple: 'more than one solution: any answer that follows the rules wins',
    none: 'no solution: this puzzle cannot be solved',
    inconclusive: (stop: string | undefined): string => `not decided in the time allowed${stop ? ` (${stop})` : ''}: it may have several solutions`,
  },
  shortVerdict: {
    pending: 'being checked',
    'too-large': 'too large to show',
    unique: 'one solution',
    multiple: 'several solutions',
    none: 'no solution',
    inconclusive: 'not decided in time',
  } as Record<Verdict | 'pending' | 'too-large', string>,
  /** The Numberlink rule sets by their names for people, and what each adds to the plain rules. */
  ruleNames: {
    strict: 'standard',
    'no-2x2': 'no 2×2 of one path',
    'no-touch': 'paths never touch themselves',
  } as Record<Rule, string>,
  ruleAdds: {
    strict: 'A path may run beside itself.',
    'no-2x2': 'No 2×2 block of cells may belong to a single path.',
    'no-touch': 'Two cells of one path may be side by side only where the path goes from one to the other.',
  } as Record<Rule, string>,
  rulePick: {
    label: 'Rule set',
    title: 'The rules this imported puzzle is played under; changing them keeps your paths',
    checking: (rule: string): string => `Checking the puzzle under the rule set “${rule}”…`,
    changed: (rule: string, verdict: string): string => `Now played under the rule set “${rule}”: ${verdict}.`,
  },
  ruleChoice: {
    unique: (rule: string, before: string): string => `Played under the rule set “${rule}”, the first that gives it exactly one solution (${before}).`,
    none: (all: string, open: boolean): string =>
      `No rule set tried gives it exactly one proven solution (${all})${open ? '; a search ran out of time, so one of them may still do' : ''}. Check is off; any answer that follows the rules wins.`,
  },
  /** What a collection's bar says: reading it, its progress, and how it ended. */
  collection: {
    bar: 'Imported file',
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
    row: (k: number, size: string, verdict: string, rule: string | null): string => `${k + 1}. ${size} · ${verdict}${rule ? ` · rules: ${rule}` : ''}`,
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
  },
  /** Why levels are missing at a size (levels already in words). */
  missingLevels: (missing: string[], size: string, tries: { made: number; of: number; level: string }[], nearest: string | null, offered: string[]): string =>
    `No ${missing.join(' or ')} puzzles at ${size}: when the generator was measured${nearest ? ` (measured at the nearest size, ${nearest})` : ''}, ${tries
      .map((t) => `${t.made} of ${t.of} tries came out ${t.level}`)
      .join(', ')} in time. ${offered.length > 0 ? `Levels at this size: ${offered.join(', ')}.` : 'No level is reliably made at this size.'}`,
  /** A generation that found puzzles, but none at the level asked (levels in words). */
  otherLevel: (asked: string, got: string, size: string): { title: string; message: string } => ({
    title: `${cap(enArticle(got))} ${got} came out`,
    message:
      `No ${asked} ${size} puzzle came out this time: the generator kept trying for one that is exactly ${asked}, ` +
      `and the nearest it proved to have exactly one solution measured ${got}. Keep that ${got} puzzle, or try again for ${enArticle(asked)} ${asked} one.`,
  }),
  keepIt: 'Keep it',
  noPuzzle: 'No certified puzzle',
  tryAgain: 'Try again',
  /** The layout's controls (web/src/layout.ts): the phone menu, the draw/pan switch and the zoom buttons. */
  layout: {
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
  },
  /** The daily puzzle's words (web/src/daily.ts). */
  daily: {
    button: 'Daily puzzle',
    title: (label: string): string => `Today’s ${label}: the same puzzle for everyone, a new one each day (UTC)`,
    opening: (label: string, day: string): string => `Opening the daily ${label} of ${day}…`,
    opened: (label: string, day: string): string => `The daily ${label} of ${day}: the same puzzle for every player today.`,
    heading: (day: string): string => `Daily puzzle of ${day}`,
    copy: 'Copy result',
    copied: 'Result copied: paste it anywhere, it gives nothing away.',
    noCopy: 'The result could not be copied here; select the text and copy it.',
    /** The result as a text to share, with nothing of the solution in it. */
    share: (r: DailyResult): string =>
      `proofgrid daily ${r.day}\n${r.puzzle}: solved in ${r.time}, ${r.hints === 0 ? 'no hints' : enTimes(r.hints, 'hint')}, ${r.checks === 0 ? 'no checks' : enTimes(r.checks, 'check')}\n${r.link}`,
  },
  /** The comforts (web/src/settings.ts, web/src/comforts.ts): the settings panel, pause, progress counters. */
  comforts: {
    settings: 'Settings',
    settingsLabel: 'Settings: timer, mistakes, auto-cross',
    settingsNote: 'Kept in this browser.',
    hideTimer: 'Hide the timer',
    hideTimerNote: 'The time is still kept, and shown when you finish.',
    mistakes: 'Show mistakes',
    mistakesAtOnce: 'At once: a wrong mark shows as soon as you place it',
    mistakesOnCheck: 'Only when I press Check',
    mistakesNote: 'At once works for puzzles with a single known solution (every generated puzzle), never for the others.',
    autoCross: 'Cross the rest of a finished line',
    autoCrossNote: 'Nonogram only: once the filled cells of a line match its clue, its other cells are crossed; one undo takes both back.',
    close: 'Close',
    pause: 'Pause',
    pauseTitle: 'Pause: hides the board and stops the clock',
    resume: 'Resume',
    pausedTitle: 'Paused',
    pausedNote: 'The board is hidden and the clock is stopped.',
    paused: 'Paused: the clock is stopped.',
    resumed: 'Playing again.',
    wrongNow: (n: number): string => `${n === 1 ? '1 mark does' : `${n} marks do`} not match the solution (shown in red).`,
    noSolution: 'Mistakes cannot be shown at once for this puzzle: it has no single known solution.',
    numberlink: (joined: number, pairs: number, percent: number): string => `Pairs joined: ${joined} / ${pairs} · filled ${percent} %`,
  },
  /** The page itself (web/src/app.ts): its template, dialogs and status sentences. */
  app: {
    title: 'proofgrid — certified puzzles',
    tagline: 'puzzles with exactly one solution, proven',
    theme: 'Switch between light and dark theme',
    newPuzzle: 'New puzzle',
    puzzle: 'Puzzle',
    width: 'Width',
    height: 'Height',
    level: 'Level',
    /** The colours picker (colour nonograms, generator version 2) and its black-and-white choice. */
    colours: 'Colours',
    blackAndWhite: 'black and white',
    newGame: 'New game',
    import: 'Import…',
    game: 'Game',
    undo: 'Undo',
    redo: 'Redo',
    restart: 'Restart',
    check: 'Check',
    showWrong: 'show wrong cells',
    hint: 'Hint',
    crossMode: '✕ mode',
    crossModeTitle: 'Taps cross cells instead of filling them',
    share: 'Share',
    info: 'Puzzle',
    time: 'Time',
    howToPlay: 'How to play',
    howToPlayFamily: (label: string): string => `How to play ${label}`,
    link: 'Link',
    code: 'Code',
    copyLink: 'Copy link',
    close: 'Close',
    recent: 'Recent games',
    recentCount: (n: number): string => `Recent games (${n})`,
    recentNote: (n: number): string =>
      `Unfinished games that another game took the place of, newest first (the ${n} latest are kept). Resume brings one back as you left it.`,
    finished: 'Finished games',
    finishedCount: (n: number): string => `Finished games (${n})`,
    historyHead: ['Finished', 'Puzzle', 'Size', 'Level', 'Time', 'Checks', 'Hints'],
    generating: 'Generating…',
    cancel: 'Cancel',
    tryAnotherSeed: 'Try another seed',
    solved: 'Solved!',
    solvedSay: (win: string): string => `Solved! ${win}`,
    keepLooking: 'Keep looking',
    wonRows: {
      time: 'Time',
      size: 'Size',
      level: 'Level',
      checks: 'Checks',
      hints: 'Hints used',
      checksValue: (checks: number, mistakes: number): string => `${checks} (${enTimes(mistakes, 'mistake')} found)`,
    },
    linkProblem: 'This link does not open a puzzle',
    linkUnopened: 'The link could not be opened.',
    linkNote: 'No other puzzle was put in its place. Ask whoever sent the link for a new one, or choose:',
    resumeSaved: 'Resume your saved game',
    playExample: 'Play the example puzzle',
    /** The menu's button that opens the embedded colour puzzle. */
    colourExample: 'Colour example',
    noView: (family: string): string => `this player has no view for the family "${family}"`,
    tooLarge: (size: string, label: string, max: string): string => `this ${size} board is larger than this player can draw: ${label} boards up to ${max}`,
    notReplayed: (why: string, marksKept: boolean): string =>
      `the saved move list could not be replayed (${why}); ${marksKept ? 'your marks were restored without undo history' : 'the game starts afresh'}`,
    savedUnusable: (shown: boolean, why: string): string => `Your saved game could not be ${shown ? 'shown' : 'read'} (${why}); here is a new one.`,
    openingShared: 'Opening the shared puzzle…',
    starting: 'Starting…',
    refused: 'The engine refused',
    candidate: (n: number, max: number, seconds: string): string => `Candidate ${n} of at most ${max} · ${seconds} s`,
    onlyFirstFile: (name: string): string => `Only ${name} was read; import the other files one at a time.`,
    welcomeBack: 'Welcome back: your game is as you left it.',
    keptInRecent: 'Your unfinished game is kept in Recent games.',
    levelLine: (level: string): string => `Level: ${level}`,
    noHint: {
      solved: 'Nothing left to deduce: the puzzle is solved.',
      'no-step': 'No single step follows from the marks; try checking for mistakes.',
      'no-solution': 'Hints need a puzzle with exactly one solution to compare with; this one has no solution.',
      'several-solutions': 'Hints need a puzzle with exactly one solution to compare with; this one has several.',
      unsupported: 'Hints do not cover this kind of puzzle yet.',
    } as Record<HintNone, string>,
    checkNone: 'Check needs a puzzle with exactly one proven solution; this one has none to compare with. Any answer that follows the rules still wins.',
    noMistakes: 'No mistakes so far.',
    mismatch: 'Something does not match.',
    lookingForHint: 'Looking for a hint…',
    linkCopied: 'Link copied.',
    copyRefused: 'Copying was refused by the browser; the link is selected, copy it by hand.',
    timer: (t: string): string => `time ${t}`,
    storageUnavailable: (e: string): string => `storage unavailable (${e})`,
    /** A share link that names no puzzle: the engine's message (English), and its code (other languages say the code's sentence). */
    badLink: (message: string, _code: string | undefined): string => `This link does not name a puzzle: ${message}`,
    cannotShow: (why: string): string => `Cannot show this puzzle: ${why}`,
    cancelled: (game: boolean): string => `Cancelled. The engine was stopped; ${game ? 'your game is as it was' : 'nothing was opened'}.`,
    workerStopped: (why: string): string => `The engine stopped unexpectedly (${why}); a fresh one starts with your next request.`,
    generatingPuzzle: (size: string, level: string): string => `Generating a ${size} ${level} puzzle…`,
    failDeadline: 'the generator ran out of time before it could prove a candidate has exactly one solution',
    failAttempts: 'none of the candidates it tried could be proven to have exactly one solution at this level',
    failVersion: 'this puzzle was made by a generator version this player does not have',
    failOther: (reason: string): string => `it stopped (${reason})`,
    noneShown: (why: string, detail: string): string => `No puzzle is shown: ${why}. ${detail}.`,
    candidates: (n: number, seconds: string): string => `(${enTimes(n, 'candidate')}, ${seconds} s)`,
    companionOnly: (names: string[]): string =>
      `${names.join(' and ')} ${names.length === 1 ? 'is' : 'are'} read beside a puzzle file: choose the puzzle file with ${names.length === 1 ? 'it' : 'them'}.`,
    restoredWarning: (w: string): string => `Restored with a warning: ${w}.`,
    imported: (verdict: string, rules: string | null): string => `Imported: ${verdict}.${rules ? ` ${rules}` : ''}`,
    newPuzzleSay: (size: string, intro: string): string => `New ${size} puzzle. ${intro}`,
    notKept: (e: string): string => `Your unfinished game could not be kept in this browser (${e}).`,
    moveRefused: (why: string): string => `That move was refused: ${why}`,
    restartedSolved: 'Restarted: a new game of the same puzzle (the solved one is in Finished games).',
    restarted: 'Restarted: all marks cleared, same puzzle. (Undo brings your marks back.)',
    mismatchCount: (n: number): string => `Something does not match: ${enTimes(n, 'cell')} marked in red.`,
    hintNote: (seconds: string): string => `Searching for up to ${seconds}. Cancel stops the search; your game stays as it is.`,
    hintWithin: (seconds: string): string => `within ${seconds}`,
    hintLimit: 'within the search limit',
    hintStopped: 'before it was stopped',
    noHintFound: (why: string): string =>
      `No hint found ${why}: the search was inconclusive, which does not mean nothing follows. Try checking for mistakes, or keep going and ask again later.`,
    hintSay: (technique: string, message: string, shown: boolean): string =>
      `Hint (${technique}): ${message}${shown ? '' : ' (what it points at could not be shown)'}`,
    notSaved: (e: string): string => `Your game could not be saved in this browser (${e}).`,
    recentMeta: (moves: number, time: string, started: string): string => `${enTimes(moves, 'move')} · time ${time} · started ${started}`,
    resume: 'Resume',
    remove: 'Remove',
  },
  /** The families' views: their names, a line to begin with, the help list and the win line. */
  nonogramView: {
    label: 'Nonogram',
    intro: 'Left click or tap fills, right click or long press crosses.',
    help: [
      'Fill the cells so that each row and column shows its clues: runs of filled cells, in order, with at least one blank between runs.',
      'Click or tap fills a cell; right-click or a long press crosses it (or switch on ✕ mode so that taps cross). Clicking a marked cell clears it.',
      'Drag along a row or column to paint several cells; cells marked otherwise are not overwritten.',
      'Keyboard: arrows, Home and End move; Space, Enter or F fills; X crosses; Backspace, Delete or C clears.',
      'A clue turns red when the marks in its line can no longer fit it. A clue number turns grey once its block is surely in place (a run of filled cells closed by crosses or the edge, reached from that end of the line), and the whole clue once its line spells it. Thicker lines every 5 cells help counting.',
      'While you drag, a counter above the stroke shows how many cells it covers.',
    ],
    winText: 'Every clue is satisfied.',
    boardLabel: (w: number, h: number): string => `Nonogram, ${w} columns by ${h} rows`,
    clueLabel: (kind: 'row' | 'col', n: number, count: number, clue: string): string =>
      `${kind === 'row' ? 'row' : 'column'} ${n}, clue${count > 1 ? 's' : ''} ${clue}`,
    /** A cell's name for screen readers; `mark` is 0 blank, 1 filled, 2 crossed. */
    cellLabel: (row: number, col: number, mark: number): string => `row ${row}, column ${col}, ${['blank', 'filled', 'crossed'][mark]}`,
    /** What a clue's label adds: its line cannot fit it, it is spelled, or these numbers are in place. */
    clueCannotFit: 'cannot fit',
    clueDone: 'done',
    cluePlaced: (numbers: string): string => `placed: ${numbers}`,
    /** A red clue's tooltip. */
    clueCannotFitTitle: 'The marks in this line cannot fit this clue',
    /** Said once a drag ends: how many cells the stroke covered. */
    strokeCells: (n: number): string => `${enTimes(n, 'cell')} in the stroke.`,
    /** Said when a move turns a clue red (more than three at once are counted). */
    lineCannotFit: (kind: 'row' | 'col', n: number): string => `${kind === 'row' ? 'Row' : 'Column'} ${n}: its clue cannot fit the marks.`,
    cluesCannotFit: (n: number): string => `${n} clues cannot fit the marks.`,
    /** A colour puzzle's first line, its help items (after the others) and its palette's words. */
    colourIntro: 'Pick a colour in the palette (keys 1 to 9; 0 crosses), then click or tap to fill in it; right click or long press crosses.',
    colourHelp: [
      'A colour puzzle: each clue number is a block in its colour, shown as a chip of that colour. Blocks of one colour need a blank between them; blocks of different colours may touch.',
      'The palette picks the colour a click, tap or Space fills with: keys 1 to 9 pick colours, 0 makes taps cross, [ and ] step through them all. Clicking a cell of the picked colour clears it; a cell of another colour takes the picked one.',
    ],
    palette: 'Colours',
    paletteCross: 'Cross (key 0)',
    /** A colour's button: its key (or letter past 9) first, as the button shows it ("1, colour red"). */
    paletteColour: (name: string, key: string): string => `${key}, colour ${name}`,
  },
  numberlinkView: {
    label: 'Numberlink',
    intro: (adds: string | null): string =>
      `Join each pair of equal labels with a path: drag from an endpoint through the cells; tap a path to clear it.${adds ? ` ${adds}` : ''}`,
    help: (name: string, adds: string): string[] => [
      'Join each pair of equal labels with a path through neighbouring cells. Paths never cross or branch, and together they fill every cell.',
      `Rule set of this puzzle: ${name}. ${adds}`,
      'Press on an endpoint (or on the end of a path) and drag through the cells; the path is drawn when you let go. Drag back over it to shorten it; a path you drag across is cut.',
      'Pressing on a path and dragging reroutes it from there (what lies beyond is removed); pressing on a joined endpoint draws its path afresh.',
      'A tap (click) on a path, or a right-click, clears that piece. Undo takes back one drag at a time.',
      'Keyboard: arrows move; Space or Enter starts drawing from the focused cell, then arrows draw (going back shortens); Space, Enter or Escape stops. Delete or Backspace clears the piece under the focus.',
      'Each pair has its own colour and its label on both discs; a joined path is tinted; grey pieces are not attached to an endpoint.',
    ],
    winText: 'Every pair is joined and every cell is filled.',
    rules: (name: string): string => `rules: ${name}`,
    brokenRule: (why: string, adds: string): string => `Every pair is joined and every cell is filled, but ${why}: ${adds}`,
    where: (row: number, col: number): string => `row ${row}, column ${col}`,
    cancelled: 'Drawing cancelled.',
    unchanged: 'Stopped drawing; nothing changed.',
    reached: (label: string): string => `Stopped drawing: the path reached endpoint ${label}.`,
    stopped: 'Stopped drawing.',
    nothingToClear: (where: string): string => `Nothing to clear at ${where}.`,
    /** Drawing from an endpoint (its label), a path, or an empty cell. */
    drawingFrom: (from: string): string =>
      `Drawing from ${from === 'path' ? 'this path' : from === 'empty' ? 'this empty cell' : `endpoint ${from}`}: arrows extend the path, going back shortens it; Space, Enter or Escape stops.`,
    dirs: ['north', 'east', 'south', 'west'],
    linked: (dirs: string[]): string => (dirs.length ? `linked ${dirs.join(' and ')}` : 'not linked'),
    endpoint: (label: string, joined: boolean, linked: string): string => `endpoint ${label}${joined ? ' (joined)' : ''}, ${linked}`,
    empty: 'empty',
    piece: (label: string | null, end: boolean, linked: string): string => `${label !== null ? `path ${label}` : 'loose piece'}${end ? ' end' : ''}, ${linked}`,
  },
  edgematchView: {
    label: 'Edge matching',
    tray: 'Tray: the pieces not on the board',
    intro: 'Drag pieces from the tray onto the board so that touching sides match; click a placed piece to turn it.',
    help: [
      'Put every piece on the board so that each pair of touching sides shows the same colour, and every side on the board’s edge is grey. Pieces turn but never flip.',
      'Drag a piece from the tray onto a cell (mouse, touch or pen). It is turned to fit the grey frame when it can. On an occupied cell, a piece from the tray sends the one there back to the tray; a piece from another cell swaps places with it.',
      'Click or tap a placed piece to turn it clockwise; right-click turns it back. Drag a placed piece off the board to return it to the tray. Or tap a tray piece, then tap an empty cell.',
      'Clue pieces (with a dot in the middle) are fixed. Each side shows its colour number.',
      'A red mark shows two touching sides that differ (or colour against the frame); matched joints get a faint line. The score counts matched joints out of all of them.',
      'Hint highlights a cell and selects its piece in the tray; put that piece there (Enter, or a drag) and it takes the turn the hint names.',
      'Keyboard: arrows, Home and End move on the board; R or Space turns clockwise, Shift+R anticlockwise; [ and ] choose a tray piece (or Tab to the tray and use the arrows); Enter or P places it at the cursor; M picks up a placed piece and Enter puts it down elsewhere (Escape cancels); Delete, Backspace or T takes a piece back to the tray.',
    ],
    winText: 'Every piece is placed, every joint matches and the frame is grey all round.',
    where: (row: number, col: number): string => `row ${row}, column ${col}`,
    sides: ['N', 'E', 'S', 'W'],
    boardLabel: (w: number, h: number, pieces: number): string => `Edge matching, ${w} columns by ${h} rows, ${pieces} pieces`,
    clueStays: (where: string): string => `${where} holds a clue, which stays where it is.`,
    placed: (piece: number, where: string, occupant: number | null, from: string | null): string =>
      `Piece ${piece} placed at ${where}${occupant === null ? '' : from !== null ? `; piece ${occupant} moves to ${from}` : `; piece ${occupant} goes back to the tray`}.`,
    clueFixed: (where: string): string => `${where} holds a clue, which cannot be turned.`,
    nothingToTurn: (where: string): string => `Nothing to turn at ${where}.`,
    turned: (piece: number, clockwise: boolean, sides: string): string => `Piece ${piece} turned ${clockwise ? 'clockwise' : 'anticlockwise'}: ${sides}.`,
    clueOnBoard: (where: string): string => `${where} holds a clue, which stays on the board.`,
    nothingToTake: (where: string): string => `Nothing to take at ${where}.`,
    backToTray: (piece: number): string => `Piece ${piece} back to the tray.`,
    selected: (piece: number, sides: string): string =>
      `Piece ${piece} selected (${sides}): Enter or P places it on the board's cursor; a tap on an empty cell places it there.`,
    selectedKeys: (piece: number, sides: string): string => `Piece ${piece} selected (${sides}): arrows move on the board, Enter or P places it.`,
    trayEmpty: 'The tray is empty.',
    putBack: (piece: number): string => `Piece ${piece} put back.`,
    nothingToPlace: 'The tray is empty: nothing to place.',
    nothingToMove: (where: string): string => `Nothing to move at ${where}.`,
    moving: (piece: number): string => `Moving piece ${piece}: arrows go to a cell, Enter puts it there (swapping with a piece there), Escape cancels.`,
    moveCancelled: 'Move cancelled.',
    clueIsFixed: (where: string): string => `${where} holds a clue: it is fixed.`,
    emptyCell: (where: string): string => `${where} is empty: drag a piece here from the tray, or tap one in the tray and then this cell.`,
    cellLabel: (where: string, pl: { clue: boolean; piece: number; turn: string; sides: string; off: string[] } | null): string =>
      `${where}, ${pl ? `${pl.clue ? 'clue, ' : ''}piece ${pl.piece}, ${pl.turn}: ${pl.sides}${pl.off.length ? `; does not match on ${pl.off.join(', ')}` : ''}` : 'empty'}`,
    score: (placed: number, cells: number, got: number, full: number, bad: number): string =>
      `Pieces placed: ${placed} / ${cells} · matched joints: ${got} / ${full}${bad > 0 ? ` · ${bad} mismatched` : ''}`,
    trayPiece: (piece: number, sides: string): string => `piece ${piece}: ${sides}`,
    trayDone: 'Tray: empty, every piece is on the board.',
    trayHead: 'Tray (drag a piece onto a cell; Tab here, or [ and ] on the board, to choose one):',
  },
};

/** The shape every language's words have: a language that misses one does not compile. */
export type Messages = typeof en;

const ALL: Record<Lang, Messages> = { en, es };

/** The words of the language chosen (English until `setWordsLanguage` says otherwise). */
export let W: Messages = en;
/** The language of `W`. */
export let LANG: Lang = 'en';

/** What each code means, in the language chosen. */
export let ERROR_SENTENCES: Record<ErrorCode, string> = en.errors;
/** The Numberlink rule sets by their names for people (as the Numberlink view names them beside the size). */
export let RULE_NAMES: Readonly<Record<string, string>> = en.ruleNames as Record<string, string>;
/** The buttons of the other-level dialog, and its title when no puzzle came out at all. */
export let KEEP_IT = en.keepIt;
export let NO_PUZZLE = en.noPuzzle;
export let TRY_AGAIN = en.tryAgain;
/** The level of a puzzle without a grade. */
export let UNGRADED = en.ungraded;
/** The layout's controls (web/src/layout.ts): the phone menu, the draw/pan switch and the zoom buttons. */
export let LAYOUT_WORDS: Messages['layout'] = en.layout;
/** The daily puzzle's words (web/src/daily.ts). */
export let DAILY: Messages['daily'] = en.daily;
/** What a collection's bar says: reading it, its progress, and how it ended. */
export let COLLECTION: Messages['collection'] = collectionWords(en);

/** A language's collection words, its list rows naming the rule set for people (callers give its code). */
function collectionWords(m: Messages): Messages['collection'] {
  return {
    ...m.collection,
    row: (k, size, verdict, rule) => m.collection.row(k, size, verdict, rule ? ((m.ruleNames as Record<string, string>)[rule] ?? rule) : null),
  };
}

/** The words of one language (for tests, and for text that must be in a language other than the page's). */
export const wordsOf = (lang: Lang): Messages => ALL[lang];

/** Switches every export of this module to `lang`'s words; text already on the page is the caller's to redraw. */
export function setWordsLanguage(lang: Lang): void {
  const m = ALL[lang];
  LANG = lang;
  W = m;
  ERROR_SENTENCES = m.errors;
  RULE_NAMES = m.ruleNames as Record<string, string>;
  KEEP_IT = m.keepIt;
  NO_PUZZLE = m.noPuzzle;
  TRY_AGAIN = m.tryAgain;
  UNGRADED = m.ungraded;
  LAYOUT_WORDS = m.layout;
  DAILY = m.daily;
  COLLECTION = collectionWords(m);
  RULE_PICK = rulePick();
}

/** An engine level in words ("medio"): the display only, the engine's names stay. */
export const levelWord = (level: string): string => (W.levels as Record<string, string>)[level] ?? level;

const CODE = /\s*\[(ERR_[A-Z_]+)\]/g;

const isCode = (code: string): code is ErrorCode => Object.hasOwn(en.errors, code);

/**
 * A message of the engine's in plain words: any `[ERR_…]` code in it becomes the code's sentence, and
 * the engine's words follow in brackets ("A clue in it is not valid (line 3: clue 12 does not fit).").
 * A message without a code comes back as it was (in English; another language keeps only what
 * `engine.detail` can say of it, else gives ERR_INTERNAL's sentence). `code`, when known apart from the text, is used when
 * the text names none.
 */
export function plainError(message: string, code?: string): string {
  const found = [...message.matchAll(CODE)].map((m) => m[1]);
  const rest = message.replace(CODE, '').trim();
  const named = found.find(isCode) ?? (code !== undefined && isCode(code) ? code : undefined);
  // A code this table does not know is still not shown: its text stays without it (in English; another
  // language keeps what it can say of it, else says it is the engine's fault).
  if (named === undefined) return W.engine.detail(rest) ?? `${ERROR_SENTENCES.ERR_INTERNAL}.`;
  // The engine's own words are English: a language that cannot say them keeps only what it can (a line number).
  const detail = W.engine.detail(rest.replace(/[.\s]+$/, '')) ?? '';
  return detail === '' ? `${ERROR_SENTENCES[named]}.` : `${ERROR_SENTENCES[named]} (${detail}).`;
}

/**
 * The engine's own words after a sentence that already says what happened (a generation's failure
 * message after its reason): in English as they are (any code in them said as plainError does); in
 * another language only what it can say of them, maybe nothing ('').
 */
export function engineDetail(message: string): string {
  if ([...message.matchAll(CODE)].some((m) => isCode(m[1]))) return plainError(message);
  return W.engine.detail(withoutCodes(message).trim()) ?? '';
}

/**
 * Why the engine refused something, to follow a colon: in English its own words without their code
 * (as the engine put them); in another language the code's sentence, since the engine's words are English.
 */
export function engineReason(message: string, code?: string): string {
  const named = [...message.matchAll(CODE)].map((m) => m[1]).find(isCode) ?? (code !== undefined && isCode(code) ? code : 'ERR_INTERNAL');
  return W.engine.reason(withoutCodes(message).trim(), afterColon(ERROR_SENTENCES[named]));
}

/** A text with any `[ERR_…]` code taken out (the status line's last guard; the sources say codes in words). */
export const withoutCodes = (text: string): string => text.replace(CODE, '');

/** A sentence to follow a colon: its first letter in lower case ("The engine refused: it is …"). */
export const afterColon = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

/** A metric that is a finite number, else undefined. */
export const metricNumber = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
/** "1 step", "3 steps" (English only: the languages' words count for themselves). */
export const times = enTimes;

/**
 * What a deduction grader of basic rules and trials measured (the Numberlink and edge-matching
 * graders' `basicShare`, `trials`, `solved`), for a family whose parts are `what`.
 */
export function deductionWords(what: 'links' | 'pieces', metrics: Grade['metrics']): string | null {
  const basic = metricNumber(metrics.basicShare);
  const trials = metricNumber(metrics.trials);
  if (basic === undefined || trials === undefined) return null;
  return W.deduction(what, basic, trials, metrics.solved !== 0);
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
  return W.grade(levelWord(grade.level), why, grade.score);
}

/**
 * A puzzle in words, never its id: "Nonogram 50×60, imported from file.non", "Numberlink 7×7, generated".
 * `source` is the file an import came from, when known.
 */
export function puzzleWords(label: string, size: string, info: Pick<PuzzleInfo, 'provenance'>, source: string | null = null): string {
  return W.puzzle(label, size, info.provenance, source);
}

/** A piece's turn (clockwise quarter turns) in words: "not turned", "turned once clockwise", "turned twice", "turned once anticlockwise". */
export const turnWords = (r: number): string => W.turns[Math.min(Math.max(r, 0), 3)];

/** The verdict line of a puzzle: what its count found, or that it is still being checked. */
export function verdictWords(info: Pick<PuzzleInfo, 'verdict' | 'stop' | 'unchecked'>): string {
  const v = W.verdict;
  if (info.unchecked === 'pending') return v.pending;
  if (info.verdict === 'unique') return v.unique;
  if (info.verdict === 'multiple') return v.multiple;
  if (info.verdict === 'none') return v.none;
  return v.inconclusive(info.stop === undefined ? undefined : stopWords(info.stop));
}

/** Why the engine stopped (a `StopReason`, or a generation's other reasons), in a few words. */
export const stopWords = (stop: string): string => (Object.hasOwn(W.engine.stops, stop) ? W.engine.stops[stop as keyof StopWords] : W.engine.unknownStop(stop));

/** A verdict in a word or two, for a collection's list. */
export function shortVerdict(info: Pick<PuzzleInfo, 'verdict' | 'unchecked'>): string {
  if (info.unchecked === 'pending' || info.unchecked === 'too-large') return W.shortVerdict[info.unchecked];
  return W.shortVerdict[info.verdict];
}

/** A rule set's name for people. */
export const ruleName = (rule: string): string => RULE_NAMES[rule] ?? rule;
/** What a rule set adds to the plain rules, in words. */
export const ruleAdds = (rule: string): string => (W.ruleAdds as Record<string, string>)[rule] ?? '';

function rulePick() {
  const p = W.rulePick;
  return {
    label: p.label,
    title: p.title,
    option: (rule: string, verdict?: string): string => `${ruleName(rule)}${verdict ? ` (${shortVerdict({ verdict: verdict as Verdict })})` : ''}`,
    checking: (rule: string): string => p.checking(ruleName(rule)),
    changed: (rule: string, verdict: string): string => p.changed(ruleName(rule), verdict),
  };
}
/** The label of the rule-set picker of an imported Numberlink puzzle, and its options' words. */
export let RULE_PICK = rulePick();

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
    return W.ruleChoice.unique(ruleName(last.rule), before.join('; '));
  }
  const all = tried.map((t) => `${ruleName(t.rule)}: ${shortVerdict(t)}`).join('; ');
  return W.ruleChoice.none(
    all,
    tried.some((t) => t.verdict === 'inconclusive'),
  );
}

/**
 * Why levels are missing at a size, from the family's measurements: "No expert puzzles at 4×4: when
 * it was measured, 0 of 6 tries came out expert in time. Levels at this size: easy, medium, hard."
 * Null when every level is offered.
 */
export function missingLevelsWords(size: string, choices: readonly LevelChoice[]): string | null {
  const missing = choices.filter((c) => !c.offered);
  if (missing.length === 0) return null;
  const offered = choices.filter((c) => c.offered).map((c) => levelWord(c.level));
  const nearest = missing[0].size === size.replace('×', 'x') ? null : missing[0].size.replace('x', '×');
  return W.missingLevels(
    missing.map((c) => levelWord(c.level)),
    size,
    missing.map((c) => ({ made: c.made, of: c.of, level: levelWord(c.level) })),
    nearest,
    offered,
  );
}

/**
 * A generation that found puzzles, but none at the level asked: the dialog's title ("A medium came
 * out") and its message, offering the one found as what it is.
 */
export function otherLevelWords(asked: string, got: Pick<Grade, 'level'>, size: string): { title: string; message: string } {
  return W.otherLevel(levelWord(asked), levelWord(got.level), size);
}
