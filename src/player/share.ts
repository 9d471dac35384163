/**
 * Share links: the page address with the puzzle's id in the fragment (`#play=<id>`), never its
 * solution. A seeded id (`family@version:params#seed`) is short and reopens by regenerating with that
 * generator version; a descriptive id (`family:params:desc`) is the puzzle itself.
 */
import { parseId } from '../core/ids.ts';
import { err, ok, parseError, type Result } from '../core/result.ts';

const KEY = 'play';

export function makeShareLink(pageUrl: string, id: string): string {
  const base = pageUrl.split('#')[0];
  return `${base}#${KEY}=${encodeURIComponent(id)}`;
}

/** The id in a location fragment (`#play=...`); `null` when the fragment carries none. */
export function parseShareFragment(fragment: string): Result<string> | null {
  const f = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (!f.startsWith(`${KEY}=`)) return null;
  let id: string;
  try {
    id = decodeURIComponent(f.slice(KEY.length + 1));
  } catch {
    return err(parseError('ERR_SYNTAX', 'the link is damaged (bad %-escape)'));
  }
  // A lone surrogate cannot be written back into a link (encodeURIComponent throws on it).
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(id))
    return err(parseError('ERR_SYNTAX', 'the link is damaged (a lone surrogate in the id)'));
  const r = parseId(id);
  if (!r.ok) return r;
  return ok(id.trim());
}
