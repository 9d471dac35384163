/**
 * 1 MB adversarial inputs for every parser: long whitespace runs, long digit runs, long runs of
 * separators, deep brackets and single huge lines, each alone and after a valid first line (a header,
 * or the puzzle id that move, state and solution inputs start with).
 */
import { Rng } from '../../src/core/rng.ts';
import type { Target } from './target.ts';

const MB = 1 << 20;
const fill = (unit: string, tail = ''): string => unit.repeat(Math.floor((MB - tail.length) / unit.length)) + tail;

export const ADVERSARIAL_BODIES: Record<string, string> = {
  spaces: fill(' ', 'x'),
  'digit space run digit': `1${fill(' ', '1x')}`,
  digits: fill('1'),
  'digits and spaces': fill('1 '),
  commas: fill(','),
  slashes: fill('/'),
  dots: fill('.'),
  newlines: fill('\n'),
  'unicode separators': fill('\u2028\u2029'),
  brackets: fill('['),
  'json nesting': fill('{"a":'),
  'xml nesting': fill('<a>'),
  letters: fill('a'),
  'cells and strokes': fill('1.1-'),
  'words and dashes': fill('a-', '!'),
  'digits and x': fill('1x', '!'),
};

/**
 * Where the 1 MB goes: alone, and in place of the last line of a valid input (inside its sections, or
 * after the puzzle id that move, state and solution inputs start with; for one-line inputs, after
 * that line).
 */
export function prefixesOf(t: Target): string[] {
  const v = t.valid(new Rng(`adversarial/${t.name}`));
  const body = v.endsWith('\n') ? v.slice(0, -1) : v;
  const last = body.lastIndexOf('\n');
  const inside = last < 0 ? `${body}\n` : body.slice(0, last + 1);
  // Inputs that start with a puzzle id: alone, the 1 MB is only an id (the core/id target has those).
  return /\/(move|state|solution|board)$/.test(t.name) ? [inside] : ['', inside];
}

/**
 * The irreducible work on 1 MB of text on this machine now: splitting a million lines and trimming
 * each (best of 3). The time limit scales with it when the machine is busy, so a loaded machine does
 * not fail a linear parser, while a quadratic one (seconds to minutes) still fails.
 */
export function baselineMs(): number {
  const text = '\n'.repeat(MB);
  let best = Infinity;
  for (let k = 0; k < 3; k++) {
    const t0 = performance.now();
    let n = 0;
    for (const l of text.split('\n')) if (l.trim() === '') n++;
    best = Math.min(best, performance.now() - t0 + (n < 0 ? 1 : 0));
  }
  return best;
}
