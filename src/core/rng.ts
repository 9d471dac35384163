/**
 * Seeded pseudo-random numbers: a string seed gives a stream that is identical on every machine and
 * JS engine (integer arithmetic only: Math.imul and 32-bit shifts). The engine never uses Math.random.
 *
 * Seeding hashes the string's UTF-16 code units into 128 bits; the stream is xoshiro128**.
 */

function hashString(seed: string): [number, number, number, number] {
  // Four independent multiplicative hashes over the code units, then avalanche-mixed.
  let h1 = 0x9e3779b9 ^ seed.length;
  let h2 = 0x85ebca6b;
  let h3 = 0xc2b2ae35;
  let h4 = 0x27d4eb2f;
  for (let i = 0; i < seed.length; i++) {
    const c = seed.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h3 = Math.imul(h3 ^ c, 0x1b873593);
    h4 = Math.imul(h4 ^ c, 0xcc9e2d51);
    h1 = (h1 << 13) | (h1 >>> 19);
    h3 = (h3 << 7) | (h3 >>> 25);
  }
  const mix = (h: number, salt: number): number => {
    h ^= salt;
    h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
    h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
    return (h ^ (h >>> 16)) >>> 0;
  };
  const a = mix(h1 ^ h3, 0x243f6a88);
  const b = mix(h2 ^ h4, 0x85a308d3);
  const c = mix(h1 ^ h4, 0x13198a2e);
  const d = mix(h2 ^ h3, 0x03707344);
  // xoshiro must not start from the all-zero state.
  return a | b | c | d ? [a, b, c, d] : [1, 2, 3, 4];
}

export class Rng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;
  readonly seed: string;

  constructor(seed: string) {
    this.seed = seed;
    [this.s0, this.s1, this.s2, this.s3] = hashString(seed);
    for (let i = 0; i < 8; i++) this.nextU32();
  }

  /** A uniformly distributed unsigned 32-bit integer. */
  nextU32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /** An integer in [0, n), unbiased (rejection sampling). n must be in 1..2^32. */
  int(n: number): number {
    if (!(n >= 1) || n > 0x100000000 || !Number.isInteger(n)) throw new RangeError(`Rng.int: bad bound ${n}`);
    if (n === 1) return 0;
    const limit = 0x100000000 - (0x100000000 % n);
    for (;;) {
      const x = this.nextU32();
      if (x < limit) return x % n;
    }
  }

  /** An integer in [lo, hi], inclusive. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  /** True with probability num/den (integers, exact). */
  chance(num: number, den: number): boolean {
    return this.int(den) < num;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Rng.pick: empty list');
    return items[this.int(items.length)];
  }

  /** Fisher–Yates shuffle in place; returns the same array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = items[i];
      items[i] = items[j];
      items[j] = t;
    }
    return items;
  }

  /** An independent stream derived from this one's seed and a label (does not advance this one). */
  fork(label: string): Rng {
    return new Rng(`${this.seed}/${label}`);
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/**
 * log2 for x ≥ 1 computed from exact operations only (powers of two, one division, one subtraction),
 * piecewise linear between powers of two. Math.log2 may differ in the last bit between JS engines,
 * which could move a score across a level boundary; this cannot.
 */
export function log2Exact(x: number): number {
  if (!(x >= 1)) return 0;
  let e = 0;
  let p = 1;
  while (p * 2 <= x) {
    p *= 2;
    e++;
  }
  return e + (x - p) / p;
}
