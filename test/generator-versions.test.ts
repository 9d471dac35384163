import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { closure, pinnedRefs, pinProblems, pinsOf, pinsPath, SHARED_MODULES as SHARED, type PinManifest } from '../bench/generator-pins.ts';
import { SHARED_CORE_MODULES } from '../src/core/family.ts';
import { FAMILIES } from '../src/families/index.ts';

const committedPins = (family: string): PinManifest | null =>
  existsSync(pinsPath(family)) ? (JSON.parse(readFileSync(pinsPath(family), 'utf8')) as PinManifest) : null;

describe('generator versions as named pipelines, frozen copy-on-write', () => {
  for (const family of Object.values(FAMILIES)) {
    const dir = `src/families/${family.name}/generate`;

    it(`${family.name}: one table entry per runnable version, named, summarised, with what it pins`, () => {
      const gens = family.generators;
      expect(gens.length).toBeGreaterThan(0);
      // versions and version equal the table's (family-contract.test.ts); the table is in order.
      expect([...family.versions].sort((a, b) => a - b)).toEqual(family.versions);
      expect(new Set(gens.map((g) => g.name)).size).toBe(gens.length);
      for (const g of gens) {
        expect(g.name).toMatch(new RegExp(`^${family.name}-v${g.version}-[a-z0-9-]+$`));
        expect(g.summary.length).toBeGreaterThan(20);
        expect(Object.keys(g.pinned).length).toBeGreaterThan(2);
        // Every module a pin names exists.
        const refs = pinnedRefs(family.name, g.pinned);
        expect(refs.length).toBeGreaterThan(2);
        for (const { what, path } of refs) expect(existsSync(path), `${g.name} pins ${what} to ${path}, which does not exist`).toBe(true);
      }
    });

    it(`${family.name}: every version has its golden file, and every golden file a version`, () => {
      for (const v of family.versions) expect(existsSync(`test/golden/${family.name}-v${v}.json`), `test/golden/${family.name}-v${v}.json`).toBe(true);
      const files = readdirSync('test/golden').filter((f) => f.startsWith(`${family.name}-v`));
      expect(files.map((f) => Number(/-v(\d+)\.json$/.exec(f)?.[1])).sort((a, b) => a - b)).toEqual(family.versions);
    });

    it(`${family.name}: the pipelines run only frozen copies, pinned live modules and modules shared for a stated reason`, () => {
      const reached = [...closure(`${dir}/versions.ts`)];
      const frozen = reached.filter((f) => f.startsWith(`${dir}/`));
      const live = reached.filter((f) => !f.startsWith(`${dir}/`));
      const pins = committedPins(family.name);
      const allowed = { ...SHARED_CORE_MODULES, ...SHARED[family.name], ...pins?.modules };
      // A module outside these lists would tie a version's output to today's code unseen: pin it
      // (`npm run pin-generators`), freeze a copy of it under generate/frozen/, or say in
      // SHARED_MODULES why it cannot change an output.
      expect(
        live.filter((f) => !(f in allowed)),
        "today's modules a pipeline runs unpinned",
      ).toEqual([]);
      // A module both shared and pinned would be neither: the shared lists hold no pinned module.
      expect(Object.keys(pins?.modules ?? {}).filter((f) => f in SHARED_CORE_MODULES || f in SHARED[family.name])).toEqual([]);
      // No stale entry: each family module listed is one a pipeline does use.
      expect(Object.keys(SHARED[family.name]).filter((f) => !reached.includes(f))).toEqual([]);
      // Frozen modules are the family's own copies, each saying so (each family's loop is one).
      expect(frozen.filter((x) => x.includes('/frozen/')).length).toBeGreaterThan(0);
      for (const f of frozen.filter((x) => x.includes('/frozen/'))) expect(readFileSync(f, 'utf8').slice(0, 400), f).toMatch(/FROZEN/);
    });

    it(`${family.name}: every live module a pipeline runs has the text it was pinned with (generate/pins.json)`, () => {
      const want = pinsOf(family, SHARED[family.name]);
      // The manifest is not trivially empty: the pipelines do run today's modules.
      expect(Object.keys(want.modules).length).toBeGreaterThan(2);
      const problems = pinProblems(family.name, want, committedPins(family.name));
      expect(problems, problems.join('\n\n')).toEqual([]);
    });
  }

  it('the shared core list names only existing files', () => {
    for (const f of Object.keys(SHARED_CORE_MODULES)) expect(existsSync(f), f).toBe(true);
  });

  it('a changed pinned module is reported with what to do (freeze a copy for those versions, or re-pin)', () => {
    const family = FAMILIES.numberlink;
    const want = pinsOf(family, SHARED.numberlink);
    const frontier = 'src/families/numberlink/search.ts';
    expect(want.modules[frontier]?.versions).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const stale: PinManifest = { ...want, modules: { ...want.modules, [frontier]: { ...want.modules[frontier], sha256: '0'.repeat(64) } } };
    const [problem, ...rest] = pinProblems('numberlink', want, stale);
    expect(rest).toEqual([]);
    expect(problem).toContain('pinned by numberlink v1, v2');
    expect(problem).toContain('src/families/numberlink/generate/frozen/search-v1.ts');
    expect(problem).toContain('npm run pin-generators');
  });
});
