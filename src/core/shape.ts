/**
 * Guards for data read back from JSON (a hint's focus off the runner's wire): each checks a shape at
 * run time and tells the type checker what it found, so no reader casts.
 */

/** A non-null object, its fields to be checked one by one. */
export function isObject(x: unknown): x is { readonly [key: string]: unknown } {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** A non-negative integer (an index, a count). */
export function isIndex(x: unknown): x is number {
  return typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
}

/** A grid cell by row and column (0-based). */
export interface GridCell {
  row: number;
  col: number;
}

export function isGridCell(x: unknown): x is GridCell {
  return isObject(x) && isIndex(x.row) && isIndex(x.col);
}

/** An array whose every item passes `item`. */
export function isArrayOf<T>(x: unknown, item: (y: unknown) => y is T): x is T[] {
  return Array.isArray(x) && x.every((y) => item(y));
}
