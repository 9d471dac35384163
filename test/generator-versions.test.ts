import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED_CORE_MODULES } from '../src/core/family.ts';
import { FAMILIES } from '../src/families/index.ts';
import { SHARED_MODULES as EDGEMATCH_SHARED } from '../src/families/edgematch/generate/versions.ts';
import { SHARED_MODULES as NONOGRAM_SHARED } from '../src/families/nonogram/generate/versions.ts';
import { SHARED_MODULES as NUMBERLINK_SHARED } from '../src/families/numberlink/generate/versions.ts';

const SHARED: Record<string, Readonly<Record<string, string>>> = { edgematch: EDGEMATCH_SHARED, nonogram: NONOGRAM_SHARED, numberlink: NUMBERLINK_SHARED };

/** Every source file `from` reaches by relative imports and re-exports (types included). */
function closure(from: string): Set<string> {
  const seen = new Set<string>();
  const walk = (f: string): void => {
    if (seen.has(f)) return;
    seen.add(f);
    const src = readFileSync(f, 'utf8');
    for (const m of src.matchAll(/(?:import|export)\s[^'";]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g)) walk(normalize(join(dirname(f), m[1])));
  };
  walk(from);
  return seen;
}

describe('generator versions as named frozen pipelines', () => {
  for (const family of Object.values(FAMILIES)) {
    const dir = `src/families/${family.name}/generate`;

    it(`${family.name}: one table entry per runnable version, named, summarised, with what it pins`, () => {
      const gens = family.generators;
      expect(gens.length).toBeGreaterThan(0);
      expect(gens.map((g) => g.version)).toEqual(family.versions);
      expect([...family.versions].sort((a, b) => a - b)).toEqual(family.versions);
      expect(family.version).toBe(gens[gens.length - 1].version);
      expect(new Set(gens.map((g) => g.name)).size).toBe(gens.length);
      for (const g of gens) {
        expect(g.name).toMatch(new RegExp(`^${family.name}-v${g.version}-[a-z0-9-]+$`));
        expect(g.summary.length).toBeGreaterThan(20);
        expect(Object.keys(g.pinned).length).toBeGreaterThan(2);
        // Every module a pin names exists.
        for (const [what, text] of Object.entries(g.pinned)) {
          for (const m of text.matchAll(/\b((?:frozen|core)\/[a-z0-9-]+\.ts)\b/g)) {
            const path = m[1].startsWith('core/') ? `src/${m[1]}` : `${dir}/${m[1]}`;
            expect(existsSync(path), `${g.name} pins ${what} to ${path}, which does not exist`).toBe(true);
          }
        }
      }
    });

    it(`${family.name}: every version has its golden file, and every golden file a version`, () => {
      for (const v of family.versions) expect(existsSync(`test/golden/${family.name}-v${v}.json`), `test/golden/${family.name}-v${v}.json`).toBe(true);
      const files = readdirSync('test/golden').filter((f) => f.startsWith(`${family.name}-v`));
      expect(files.map((f) => Number(/-v(\d+)\.json$/.exec(f)?.[1])).sort((a, b) => a - b)).toEqual(family.versions);
    });

    it(`${family.name}: the pipelines run only frozen copies and modules shared for a stated reason`, () => {
      const reached = [...closure(`${dir}/versions.ts`)];
      const frozen = reached.filter((f) => f.startsWith(`${dir}/`));
      const shared = reached.filter((f) => !f.startsWith(`${dir}/`));
      const allowed = { ...SHARED_CORE_MODULES, ...SHARED[family.name] };
      // A module outside this list would tie a version's output to today's code: freeze a copy of it
      // under generate/frozen/, or say in SHARED_MODULES why it cannot change an output.
      expect(shared.filter((f) => !(f in allowed)), 'today\'s modules a pipeline runs').toEqual([]);
      // No stale entry: each family module listed is one a pipeline does use.
      expect(Object.keys(SHARED[family.name]).filter((f) => !reached.includes(f))).toEqual([]);
      // Frozen modules are the family's own copies, each saying so.
      expect(frozen.length).toBeGreaterThan(2);
      for (const f of frozen.filter((x) => x.includes('/frozen/'))) expect(readFileSync(f, 'utf8').slice(0, 400), f).toMatch(/FROZEN/);
    });
  }

  it('the shared core list names only existing files, and frozen core modules say so', () => {
    for (const f of Object.keys(SHARED_CORE_MODULES)) expect(existsSync(f), f).toBe(true);
    for (const f of ['src/core/generator-meter.ts', 'src/core/generator-levels.ts']) expect(readFileSync(f, 'utf8').slice(0, 200)).toMatch(/FROZEN/);
  });
});
