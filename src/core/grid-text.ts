/**
 * A grid of one-character cells as text: rows joined by `/` (what play states are saved as).
 */
import { err, ok, parseError, type Result } from './result.ts';
import { excerpt } from './text.ts';

export function makeGridText(values: ArrayLike<number>, width: number, height: number, char: (v: number) => string): string {
  const rows: string[] = [];
  for (let r = 0; r < height; r++) {
    let row = '';
    for (let c = 0; c < width; c++) row += char(values[r * width + c]);
    rows.push(row);
  }
  return rows.join('/');
}

/**
 * Reads such a text; `decode` gives a cell's value or null for a character it does not accept, and
 * `what` names the grid in messages ("marks row 2 has 3 cells, the puzzle 5").
 */
export function parseGridText(
  text: string,
  width: number,
  height: number,
  what: string,
  decode: (ch: string) => number | null,
  accepted: string,
): Result<Uint8Array> {
  const rows = text.trim().split('/');
  if (rows.length !== height) return err(parseError('ERR_LINE_COUNT', `${what} have ${rows.length} rows, the puzzle ${height}`));
  const out = new Uint8Array(width * height);
  for (let r = 0; r < height; r++) {
    if (rows[r].length !== width) return err(parseError('ERR_SIZE', `${what} row ${r + 1} has ${rows[r].length} cells, the puzzle ${width}`));
    for (let c = 0; c < width; c++) {
      const v = decode(rows[r][c]);
      if (v === null) return err(parseError('ERR_SYNTAX', `${what} row ${r + 1}: "${excerpt(rows[r][c], 4)}" is not ${accepted}`));
      out[r * width + c] = v;
    }
  }
  return ok(out);
}
