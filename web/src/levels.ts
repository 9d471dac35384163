/**
 * Honest levels in the player: the level picker offers only the (size, level) pairs the family's
 * generator was measured to produce (its level table, through the view entry's `levels`), says why
 * the others are missing, and a generation that found puzzles but none at the level asked offers the
 * one it found as what it is ("A medium came out": keep it, or try again).
 */
import { LEVELS, type Level } from '../../src/core/family.ts';
import type { FamilyInfo } from './views/types.ts';
import { missingLevelsWords } from './words.ts';

/**
 * Greys out the levels not offered at `width`×`height`, names why in `note`, and moves the choice
 * off a level that is not offered (to the nearest offered one, the easier first).
 */
export function fitLevelPicker(
  select: HTMLSelectElement,
  note: HTMLElement,
  info: FamilyInfo | undefined,
  width: number,
  height: number,
  colours?: number,
): void {
  const choices = info?.levels?.(width, height, colours) ?? null;
  const offered = (level: string): boolean => choices?.find((c) => c.level === level)?.offered ?? true;
  // A level not offered is greyed out; the note (the picker's description) says why.
  for (const o of select.options) o.disabled = !offered(o.value);
  select.setAttribute('aria-describedby', note.id);
  const at = LEVELS.indexOf(select.value as Level);
  if (at >= 0 && !offered(select.value)) {
    for (let d = 1; d < LEVELS.length; d++) {
      const near = [LEVELS[at - d], LEVELS[at + d]].find((l) => l !== undefined && offered(l));
      if (near) {
        select.value = near;
        break;
      }
    }
  }
  const why = choices ? missingLevelsWords(`${width}×${height}`, choices) : null;
  note.textContent = why ?? '';
  note.hidden = why === null;
}
