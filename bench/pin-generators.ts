/**
 * `npm run pin-generators`: rewrites each family's generate/pins.json from the tree (the SHA-256 of every
 * live module its generator versions run; see bench/generator-pins.ts). Run it after a change that
 * cannot alter any generated puzzle (a comment, formatting); the manifest diff shows the reviewer
 * which pinned modules moved. A change of behaviour needs a frozen copy first, not a re-pin.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { manifestText, PINNED_FAMILIES, pinsOf, pinsPath, SHARED_MODULES } from './generator-pins.ts';

for (const family of PINNED_FAMILIES) {
  const path = pinsPath(family.name);
  const text = manifestText(pinsOf(family, SHARED_MODULES[family.name] ?? {}));
  let old = '';
  try {
    old = readFileSync(path, 'utf8');
  } catch {
    // a first pin
  }
  // Unchanged content is left as it is, however a formatter has laid it out since.
  if (old !== '' && JSON.stringify(JSON.parse(old)) === JSON.stringify(JSON.parse(text))) {
    console.log(`${path}: unchanged`);
    continue;
  }
  writeFileSync(path, text);
  const was = old ? (JSON.parse(old) as { modules: Record<string, { sha256: string }> }).modules : {};
  const now = (JSON.parse(text) as { modules: Record<string, { sha256: string }> }).modules;
  const moved = Object.keys(now).filter((m) => was[m]?.sha256 !== now[m].sha256);
  const gone = Object.keys(was).filter((m) => !(m in now));
  console.log(
    `${path}: re-pinned ${moved.length} module(s)${moved.length ? `: ${moved.join(', ')}` : ''}${gone.length ? `; unpinned ${gone.join(', ')}` : ''}`,
  );
}
