/** Integer helpers whose results are the same in every JavaScript engine. */

/** ⌊√x⌋ for a non-negative integer x below 2^53 (corrected after the floating-point estimate). */
export function isqrt(x: number): number {
  let r = Math.floor(Math.sqrt(x));
  while (r * r > x) r--;
  while ((r + 1) * (r + 1) <= x) r++;
  return r;
}
