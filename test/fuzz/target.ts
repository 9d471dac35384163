/** What the fuzz harness knows of one format: how to make valid inputs, parse, write back, find puzzles. */
import type { Result } from '../../src/core/result.ts';
import type { Rng } from '../../src/core/rng.ts';
import { excerpt } from '../../src/core/text.ts';
import type { FamilyName } from '../../src/families/index.ts';

export type Outcome = { ok: true; value: unknown } | { ok: false; code: string; message: string; line?: number };

/** A puzzle an accepted input holds, for the engine checks. */
export interface EnginePuzzle {
  family: FamilyName;
  puzzle: unknown;
}

export interface Target {
  name: string;
  /** A valid input, written by the format's own writer from a seeded random puzzle. */
  valid(rng: Rng): string;
  /** The parser under test: any exception is a failure. */
  parse(text: string): Outcome;
  /** Writes an accepted value and reads it back: null when it comes back the same, else what differs. */
  roundTrip?(value: unknown): string | null;
  /** The puzzles an accepted value holds. */
  puzzles?(value: unknown): EnginePuzzle[];
}

/** A typed target made untyped for the harness. */
export function target<T>(t: {
  name: string;
  valid(rng: Rng): string;
  parse(text: string): Result<T> | Outcome;
  roundTrip?(value: T): string | null;
  puzzles?(value: T): EnginePuzzle[];
}): Target {
  return {
    name: t.name,
    valid: t.valid,
    parse: (text) => {
      const r = t.parse(text);
      if (r.ok) return r;
      if ('error' in r) return { ok: false, code: r.error.code, message: r.error.message, ...(r.error.line === undefined ? {} : { line: r.error.line }) };
      return r;
    },
    roundTrip: t.roundTrip as ((v: unknown) => string | null) | undefined,
    puzzles: t.puzzles as ((v: unknown) => EnginePuzzle[]) | undefined,
  };
}

/** Plain data for comparison: typed arrays become arrays, Maps entry lists. */
export function canon(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => (ArrayBuffer.isView(x) ? Array.from(x as Uint8Array) : x instanceof Map ? [...x.entries()] : x));
}

/** null when a and b are the same data, else a short account of both. */
export function same(a: unknown, b: unknown): string | null {
  const x = canon(a);
  const y = canon(b);
  return x === y ? null : `${excerpt(x, 200)} != ${excerpt(y, 200)}`;
}

/** A round trip's account of a writer's output that does not parse back. */
export function reread<T>(r: Result<T>, check: (v: T) => string | null): string | null {
  return r.ok ? check(r.value) : `the writer's output is refused: ${r.error.code} ${excerpt(r.error.message, 120)}`;
}

/** `head` on the first line, the payload after it (inputs that need a puzzle: its id, then the text). */
export function splitFirst(text: string): [string, string] {
  const nl = text.indexOf('\n');
  return nl < 0 ? [text, ''] : [text.slice(0, nl), text.slice(nl + 1)];
}

/** A decoder of a puzzle's id on the first line and, after it, a text read against that puzzle. */
export function afterId<P, T>(parseId: (id: string) => Result<P>, parse: (body: string, p: P) => Result<T>): (text: string) => Result<{ p: P; v: T }> {
  return (text) => {
    const [head, body] = splitFirst(text);
    const p = parseId(head);
    if (!p.ok) return p;
    const v = parse(body, p.value);
    return v.ok ? { ok: true, value: { p: p.value, v: v.value } } : v;
  };
}
