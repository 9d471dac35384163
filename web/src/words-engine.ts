/**
 * The words for what the engine hands the page as data: its hints (each family's `says`, worded by
 * the family's view entry, views/<family>-words.ts), stop reasons, the reasons a generation gave none,
 * and its own detail after an error code's sentence. English here (the reference: its hint sentences
 * are the engine's `message`s word for word), Spanish in words-engine-es.ts, of the same shape
 * (`EngineMessages`); both are `engine` in words.ts's `Messages`.
 */
import type { EdgematchSaysKey } from '../../src/families/edgematch/says.ts';
import type { NonogramSaysKey } from '../../src/families/nonogram/says.ts';
import type { NumberlinkSaysKey } from '../../src/families/numberlink/says.ts';

/** A hint in the player's language: its technique's name and its sentence. */
export interface HintWords {
  technique: string;
  text: string;
}

/** Why a search stopped (the engine's `StopReason`s) and a generation's other reasons, as the page says them. */
export type StopWords = Record<'completed' | 'deadline' | 'node-limit' | 'cancelled' | 'memory-limit' | 'attempts-exhausted' | 'other-level', string>;

const s = (n: number): string => (n === 1 ? '' : 's');

export const engineEn = {
  /** Why the engine stopped, in a few words (after "not decided in the time allowed", "it stopped"). */
  stops: {
    completed: 'finished',
    deadline: 'time limit',
    'node-limit': 'search limit',
    cancelled: 'cancelled',
    'memory-limit': 'memory limit',
    'attempts-exhausted': 'no candidate proven',
    'other-level': 'none at the level asked',
  } as StopWords,
  /** A stop the table does not know. */
  unknownStop: (stop: string): string => stop,
  /**
   * The engine's own words after a code's sentence ("line 3: clue 12 does not fit"): English shows
   * them as they are; another language keeps only what it can say of them (a line number), or null.
   */
  detail: (engine: string): string | null => engine,
  /**
   * Why the engine refused something, after a colon: English says the engine's own words; another
   * language says the sentence of its code (`sentence`, already in that language).
   */
  reason: (engine: string, _sentence: string): string => engine,
  /** Check or Hint asked of the engine, and refused: why (a sentence after the colon). */
  askFailed: (op: 'check' | 'hint', why: string): string => `${op === 'check' ? 'Check' : 'Hint'} failed: ${why}`,
  /** A hint whose `says` this player cannot read (another build's engine): its technique and message as they came. */
  unworded: (technique: string, message: string): HintWords => ({ technique, text: message }),
  /** The rule a full Numberlink board breaks (cells as `cell` words them). */
  ruleBreak: {
    /** The 2×2 block whose top left cell is at `row`, `col` (from 1) is all path `label`'s. */
    block: (label: string, row: number, col: number): string => `the 2x2 block at row ${row} column ${col} belongs to path ${label}`,
    /** Path `label` runs beside itself at two cells (row, column from 1). */
    touch: (label: string, a: readonly [number, number], b: readonly [number, number]): string =>
      `path ${label} touches itself at row ${a[0]} column ${a[1]} and row ${b[0]} column ${b[1]}`,
  },
  /** A cell by row and column (from 1), as hints name it. */
  cell: (row: number, col: number): string => `row ${row}, column ${col}`,
  nonogram: {
    techniques: {
      mistake: 'mistake',
      completion: 'completion',
      overlap: 'overlap',
      unreachable: 'unreachable',
      'line logic': 'line logic',
      contradiction: 'contradiction',
      'colour completion': 'colour completion',
      'colour overlap': 'colour overlap',
      'colour line logic': 'colour line logic',
      'colour contradiction': 'colour contradiction',
    } as Record<NonogramSaysKey, string>,
    /** "row 3", "column 1" (from 1). */
    line: (kind: 'row' | 'column', n: number): string => `${kind} ${n}`,
    /** A line's clue as written ("3 1"; "0" for none). */
    clue: (numbers: readonly number[]): string => (numbers.length === 0 ? '0' : numbers.join(' ')),
    mistake: (line: string, clue: string): string => `${line}, clue ${clue}: the marks in this line cannot all be right.`,
    completion: (line: string, clue: string): string => `${line}, clue ${clue}: only one arrangement fits the marks; complete the line.`,
    /** Cells `from`–`to` (from 1) of the line are covered by the block of `length` in every placement. */
    overlap: (line: string, clue: string, length: number, from: number, to: number): string =>
      `${line}, clue ${clue}: the ${length} overlaps itself in ${from === to ? `cell ${from}` : `cells ${from}–${to}`}.`,
    unreachable: (line: string, clue: string, cells: readonly number[]): string =>
      `${line}, clue ${clue}: no block can reach ${cells.length === 1 ? `cell ${cells[0]}` : `cells ${cells.join(', ')}`}; cross ${cells.length === 1 ? 'it' : 'them'} out.`,
    lineLogic: (line: string, clue: string, filled: boolean, cell: number, more: number): string =>
      `${line}, clue ${clue}: every arrangement that fits the marks ${filled ? 'fills' : 'leaves empty'} cell ${cell}${more > 0 ? ` (and ${more} more)` : ''}.`,
    /** Were the cell (`cell` words) filled (or empty), line logic would break a line. */
    contradiction: (cell: string, filled: boolean): string =>
      `If ${cell} were ${filled ? 'filled' : 'empty'}, line logic would reach an impossible line; so it is ${filled ? 'empty' : 'filled'}.`,
    /** A colour clue as written: each block's length and its colour's name ("2 red, 1 black"; "0" for none). */
    colourClue: (numbers: readonly number[], colours: readonly string[]): string =>
      numbers.length === 0 ? '0' : numbers.map((n, b) => `${n} ${colours[b] ?? ''}`.trim()).join(', '),
    /** Cells `from`–`to` (from 1) are covered by the block of `length` in `colour` in every placement. */
    colourOverlap: (line: string, clue: string, length: number, colour: string, from: number, to: number): string =>
      `${line}, clue ${clue}: the ${length} ${colour} overlaps itself in ${from === to ? `cell ${from}` : `cells ${from}–${to}`}.`,
    /** Every arrangement makes the line's cell `cell` (from 1) the colour `colour` (null: empty), settling `more` others. */
    colourLineLogic: (line: string, clue: string, colour: string | null, cell: number, more: number): string =>
      `${line}, clue ${clue}: every arrangement that fits the marks ${colour === null ? 'leaves' : 'makes'} cell ${cell} ${colour ?? 'empty'}${more > 0 ? ` (and settles ${more} more)` : ''}.`,
    /** Every value of the cell but `colour` (null: every colour, so it is empty) makes line logic break a line. */
    colourContradiction: (cell: string, colour: string | null): string =>
      colour === null
        ? `If ${cell} were any colour, line logic would reach an impossible line; so it is empty.`
        : `If ${cell} were empty or another colour, line logic would reach an impossible line; so it is ${colour}.`,
  },
  numberlink: {
    techniques: {
      mistake: 'mistake',
      'only way on': 'only way on',
      'two ways in': 'two ways in',
      'paths hug': 'paths hug',
      trial: 'trial',
    } as Record<NumberlinkSaysKey, string>,
    /** Cells as `cell` words them. */
    mistake: (a: string, b: string): string => `The link between ${a} and ${b} is not part of the solution.`,
    onlyWayOn: (label: string, from: string, into: string): string => `The ${label} path at ${from} has only one way on: into ${into}.`,
    twoWaysIn: (cell: string, x: string, y: string): string => `${cell} can be reached from two sides only (${x} and ${y}); its path uses both.`,
    pathsHug: (a: string, b: string): string =>
      `The link between ${a} and ${b} is forced: a path may turn a corner only where another path or an endpoint sits inside the bend, all the way along the diagonal to an endpoint, and no other way fits here.`,
    /** Supposing the link `ta`–`tb` drawn (`on`) or left out fails; the link `a`–`b` follows. */
    trial: (ta: string, tb: string, on: boolean, a: string, b: string): string =>
      `Suppose the link between ${ta} and ${tb} were ${on ? 'drawn' : 'left out'}: the paths around it run into a contradiction. So it is ${on ? 'left out' : 'drawn'}, and then the link between ${a} and ${b} follows.`,
  },
  edgematch: {
    techniques: {
      mistake: 'mistake',
      'only one fits': 'only one fits',
      'only one place': 'only one place',
      'nothing fits beside': 'nothing fits beside',
      trial: 'trial',
      reveal: 'reveal',
    } as Record<EdgematchSaysKey, string>,
    /** A placement's turn (clockwise quarter turns), in brackets. */
    turn: (r: number): string => (r === 0 ? '(not turned)' : `(turned ${r} quarter turn${r > 1 ? 's' : ''} clockwise)`),
    /** Cells as `cell` words them, turns as `turn` does. */
    mistake: (piece: number, turn: string, cell: string): string => `Piece ${piece} ${turn} at ${cell} is not part of the solution.`,
    /** The one piece for a cell (`form` cell) or the one cell for a piece (`form` piece); `why` follows the claim. */
    single: (form: 'cell' | 'piece', piece: number, turn: string, cell: string, why: string): string =>
      form === 'cell' ? `Only piece ${piece} ${turn} fits ${cell}${why}.` : `Piece ${piece} fits only one place${why}: ${cell} ${turn}.`,
    besideWhy: ' once candidates that would leave no piece to fit beside them are set aside',
    /** The first placement supposed (piece, turn, cell) and how many more trials followed it. */
    trialWhy: (piece: number, turn: string, cell: string, more: number): string =>
      ` (suppose piece ${piece} ${turn} were at ${cell}: the pieces around it run into a contradiction, so it is not there${more > 0 ? `, and ${more} more such trial${s(more)}` : ''})`,
    reveal: (piece: number, turn: string, cell: string): string => `No short deduction is in sight; the solution has piece ${piece} ${turn} at ${cell}.`,
  },
};

/** The shape every language's engine words have. */
export type EngineMessages = typeof engineEn;
