/** Textbook exact-cover problems for Algorithm C (src/core/xcc.ts), shared by its tests and bench/xcc.ts. */
import type { XccEntry, XccSpec } from '../src/core/xcc.ts';

/** n-queens: rows and columns primary, both diagonal families secondary (uncoloured). Option r*n+c. */
export function queens(n: number): XccSpec {
  const options: XccEntry[][] = [];
  const diag = 2 * n - 1;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) options.push([r, n + c, 2 * n + r + c, 2 * n + diag + (r - c + n - 1)]);
  }
  return { primary: 2 * n, secondary: 2 * diag, options };
}

/** Langford pairs: values 1..n and positions 0..2n-1 primary; value v at positions j and j+v+1. */
export function langford(n: number): XccSpec {
  const options: XccEntry[][] = [];
  for (let v = 1; v <= n; v++) {
    for (let j = 0; j + v + 1 < 2 * n; j++) options.push([v - 1, n + j, n + j + v + 1]);
  }
  return { primary: 3 * n, secondary: 0, options };
}
