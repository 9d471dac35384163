/**
 * Mutations of valid inputs: byte flips, truncations, splices, duplicated and removed lines, huge
 * numbers, unicode line separators, deep nesting and long runs. Seeded: the same (seed, input) gives
 * the same mutant.
 */
import type { Rng } from '../../src/core/rng.ts';

/** Characters the formats give meaning to, and a few they should never meet. */
const ALPHABET = [
  ...'0123456789 \t\n\r,./:;-+_#$@=xX.?|<>[]{}"\'&()!%abcdefgsz',
  '\u2028',
  '\u2029',
  '\u0085',
  '\u00a0',
  '\ufeff',
  '\u0000',
  '\ud800',
  '\udfff',
  '\u{1f600}',
  'ü',
];
const HUGE = ['4294967296', '2147483648', '9007199254740993', '1e308', '-1', '0', '00', '999999999', '1'.repeat(40), 'NaN', '0x10', '1.5'];
const SEPARATORS = ['\u2028', '\u2029', '\r', '\r\n', '\n\n', '\u0085', '\ufeff', '\t', '===='];

/** Long runs stay short enough for thousands of inputs per second; the 1 MB cases are adversarial.test.ts. */
const MAX_RUN = 3000;

export const MUTATIONS = [
  'flip',
  'insert',
  'delete',
  'truncate',
  'splice',
  'dupLine',
  'dropLine',
  'swapLines',
  'huge',
  'separator',
  'nest',
  'run',
  'digits',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

const at = (rng: Rng, s: string): number => (s.length === 0 ? 0 : rng.int(s.length + 1));

function lines(s: string): string[] {
  return s.split('\n');
}

/** One mutation of `s`; `other` is another valid input of the same format (for splices). */
export function mutateOnce(rng: Rng, s: string, other: string, kind: Mutation = rng.pick(MUTATIONS)): string {
  const i = at(rng, s);
  switch (kind) {
    case 'flip':
      return s.length === 0 ? rng.pick(ALPHABET) : s.slice(0, Math.min(i, s.length - 1)) + rng.pick(ALPHABET) + s.slice(Math.min(i, s.length - 1) + 1);
    case 'insert':
      return s.slice(0, i) + rng.pick(ALPHABET) + s.slice(i);
    case 'delete': {
      const n = rng.range(1, 8);
      return s.slice(0, i) + s.slice(i + n);
    }
    case 'truncate':
      return s.slice(0, i);
    case 'splice': {
      const j = at(rng, other);
      const k = j + rng.int(Math.max(1, other.length - j) + 1);
      return s.slice(0, i) + other.slice(j, k) + s.slice(rng.chance(1, 2) ? i : at(rng, s));
    }
    case 'dupLine': {
      const ls = lines(s);
      const k = rng.int(ls.length);
      ls.splice(k, 0, ...Array.from({ length: rng.range(1, 3) }, () => ls[k]));
      return ls.join('\n');
    }
    case 'dropLine': {
      const ls = lines(s);
      ls.splice(rng.int(ls.length), 1);
      return ls.join('\n');
    }
    case 'swapLines': {
      const ls = lines(s);
      const a = rng.int(ls.length);
      const b = rng.int(ls.length);
      [ls[a], ls[b]] = [ls[b], ls[a]];
      return ls.join('\n');
    }
    case 'huge': {
      // Replace a number (or insert one) by a huge or odd one.
      const m = /[0-9]+/g;
      const spots: number[][] = [];
      for (let r = m.exec(s); r && spots.length < 64; r = m.exec(s)) spots.push([r.index, r.index + r[0].length]);
      const h = rng.pick(HUGE);
      if (spots.length === 0) return s.slice(0, i) + h + s.slice(i);
      const [a, b] = rng.pick(spots);
      return s.slice(0, a) + h + s.slice(b);
    }
    case 'separator': {
      const sep = rng.pick(SEPARATORS);
      if (rng.chance(1, 2)) return s.replace(/\n/g, () => (rng.chance(1, 3) ? sep : '\n'));
      return s.slice(0, i) + sep + s.slice(i);
    }
    case 'nest': {
      const depth = rng.range(1, MAX_RUN);
      const [open, close] = rng.pick([
        ['[', ']'],
        ['{"a":', '}'],
        ['<a>', '</a>'],
        ['(', ')'],
        ['"', '"'],
      ]);
      const balanced = rng.chance(1, 2);
      return s.slice(0, i) + open.repeat(depth) + (balanced ? close.repeat(depth) : '') + s.slice(i);
    }
    case 'run': {
      const ch = rng.pick([' ', '\t', '\n', ',', '/', '.', '-', '0', 'a', '|', '#', '\r\n', '\u2028']);
      return s.slice(0, i) + ch.repeat(rng.range(1, MAX_RUN)) + s.slice(i);
    }
    case 'digits':
      return s.slice(0, i) + '9'.repeat(rng.range(10, MAX_RUN)) + s.slice(i);
  }
}

/** One to three mutations in a row. */
export function mutate(rng: Rng, s: string, other: string): string {
  let t = s;
  const n = rng.range(1, 3);
  for (let k = 0; k < n; k++) t = mutateOnce(rng, t, other);
  return t;
}
