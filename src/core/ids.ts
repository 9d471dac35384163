import { err, ok, parseError, type Result } from './result.ts';
import { excerpt } from './text.ts';

/**
 * Puzzle ids, the strings that cross every boundary:
 * - descriptive: `family:params:desc`, the puzzle itself (e.g. `nonogram:5x5:2/1.1/...`);
 * - seeded: `family@version:params#seed`, reproducible from the generator of that version.
 */
export interface DescriptiveId {
  kind: 'descriptive';
  family: string;
  params: string;
  desc: string;
}
export interface SeededId {
  kind: 'seeded';
  family: string;
  version: number;
  params: string;
  seed: string;
}
export type PuzzleId = DescriptiveId | SeededId;

const FAMILY_RE = /^[a-z][a-z0-9-]*$/;

export function makeId(id: PuzzleId): string {
  return id.kind === 'descriptive' ? `${id.family}:${id.params}:${id.desc}` : `${id.family}@${id.version}:${id.params}#${id.seed}`;
}

export function parseId(text: string): Result<PuzzleId> {
  const s = text.trim();
  const colon = s.indexOf(':');
  if (colon <= 0) return err(parseError('ERR_SYNTAX', `not a puzzle id (expected family:params:desc or family@version:params#seed): "${clip(s)}"`));
  const head = s.slice(0, colon);
  const rest = s.slice(colon + 1);
  const at = head.indexOf('@');
  if (at >= 0) {
    const family = head.slice(0, at);
    const vText = head.slice(at + 1);
    if (!FAMILY_RE.test(family)) return err(parseError('ERR_FAMILY', `bad family name "${clip(family)}"`));
    if (!/^[0-9]{1,9}$/.test(vText)) return err(parseError('ERR_VERSION', `bad generator version "${clip(vText)}"`));
    const hash = rest.indexOf('#');
    if (hash < 0) return err(parseError('ERR_SYNTAX', 'seeded id lacks "#seed"'));
    const params = rest.slice(0, hash);
    const seed = rest.slice(hash + 1);
    if (params === '') return err(parseError('ERR_SYNTAX', 'seeded id has empty params'));
    if (seed === '') return err(parseError('ERR_SYNTAX', 'seeded id has an empty seed'));
    return ok({ kind: 'seeded', family, version: Number(vText), params, seed });
  }
  if (!FAMILY_RE.test(head)) return err(parseError('ERR_FAMILY', `bad family name "${clip(head)}"`));
  const colon2 = rest.indexOf(':');
  if (colon2 < 0) return err(parseError('ERR_SYNTAX', 'descriptive id lacks ":desc"'));
  return ok({ kind: 'descriptive', family: head, params: rest.slice(0, colon2), desc: rest.slice(colon2 + 1) });
}

const clip = (s: string): string => excerpt(s, 40);
