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
  dashes: fill('-'),
  newlines: fill('\n'),
  'unicode separators': fill('\u2028\u2029'),
  brackets: fill('['),
  'json nesting': fill('{"a":'),
  'xml nesting': fill('<a>'),
  letters: fill('a'),
  'cells and strokes': fill('1.1-'),
};

/** The first line of a valid input, as a prefix (a header, or a puzzle id). */
export function prefixesOf(t: Target): string[] {
  const v = t.valid(new Rng(`adversarial/${t.name}`));
  const nl = v.indexOf('\n');
  return ['', nl < 0 ? v : v.slice(0, nl + 1)];
}
