/**
 * Readable text on a colour (the colour nonogram's clue chips): black or white, whichever contrasts
 * more with the chip, by the WCAG 2 contrast ratio. Over every sRGB colour the better of the two is
 * at least 4.58:1 (the least is at a relative luminance of about 0.18), so a chip's number is always AA.
 */

/** The relative luminance of `rrggbb` (WCAG 2). */
export function luminance(rgb: string): number {
  const ch = [0, 2, 4].map((k) => {
    const c = Number.parseInt(rgb.slice(k, k + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}

/** The contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m);
  return (x + 0.05) / (y + 0.05);
}

/** The text colour for a chip of `rgb`: `000000` or `ffffff`, the one of more contrast. */
export function chipText(rgb: string): string {
  return contrast(rgb, '000000') >= contrast(rgb, 'ffffff') ? '000000' : 'ffffff';
}
