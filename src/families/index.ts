import { edgematch } from './edgematch/index.ts';
import { nonogram } from './nonogram/index.ts';
import { numberlink } from './numberlink/index.ts';

/** The one registry of puzzle families. */
export const FAMILIES = { nonogram, numberlink, edgematch } as const;
export type FamilyName = keyof typeof FAMILIES;

export function isFamilyName(s: string): s is FamilyName {
  return Object.prototype.hasOwnProperty.call(FAMILIES, s);
}
