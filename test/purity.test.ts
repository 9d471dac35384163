import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The engine (src/core, src/families) must run in a browser Worker: no Node, no DOM, no hidden clock. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

// The player's pure parts run in the browser too: the string API, the runner protocol, handler and client
// (not its Node worker entries) and the game session, save and share modules. src/index.ts is the package's
// engine entry (`import ... from 'proofgrid'`), which browsers bundle.
const engine = [
  'src/index.ts',
  ...files('src/core'),
  ...files('src/families'),
  ...files('src/api'),
  ...files('src/player'),
  ...files('src/runner').filter((f) => !/node[^/]*\.ts$/.test(f)),
];

describe('engine purity', () => {
  it('has files to check', () => {
    expect(engine.length).toBeGreaterThan(5);
  });
  for (const f of engine) {
    it(`${f} imports nothing from Node and reads no clock or Math.random`, () => {
      const src = readFileSync(f, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:])\/\/.*$/gm, '$1');
      expect(src).not.toMatch(/from\s+['"](node:|fs|path|os|child_process|worker_threads|crypto)['"]/);
      expect(src).not.toMatch(/\bMath\.random\b/);
      expect(src).not.toMatch(/\bDate\.now\b|\bnew Date\(/);
      expect(src).not.toMatch(/\b(window|document|localStorage|process)\./);
      if (!f.endsWith('budget.ts')) expect(src).not.toMatch(/performance\.now|\bperformance\b/);
      // Engines may differ in the last bit of these; generation must be identical in every browser.
      expect(src).not.toMatch(/\bMath\.(exp|expm1|log|log2|log10|log1p|pow|sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|cbrt|hypot)\(/);
    });
  }
});

/** Relative imports of a source file, resolved to paths from the repository root. */
function importsOf(f: string): string[] {
  const src = readFileSync(f, 'utf8');
  return [...src.matchAll(/from\s+['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => join(f, '..', m[1]));
}

describe('families keep to themselves', () => {
  const families = readdirSync('src/families').filter((n) => statSync(join('src/families', n)).isDirectory());
  const familyOf = (path: string): string | undefined => /^src\/families\/([^/]+)\//.exec(path)?.[1];
  for (const fam of families) {
    it(`src/families/${fam} imports no other family's code`, () => {
      for (const f of files(join('src/families', fam))) {
        const others = importsOf(f).filter((i) => familyOf(i) !== undefined && familyOf(i) !== fam);
        expect(others, f).toEqual([]);
      }
    });
  }
  it("each SAT witness imports its own family only, and the shared loop none (DIMACS text is core's)", () => {
    for (const f of files('src/witness')) {
      const own = /^src\/witness\/([a-z]+)-sat\.ts$/.exec(f)?.[1];
      const used = [
        ...new Set(
          importsOf(f)
            .map(familyOf)
            .filter((x) => x !== undefined),
        ),
      ];
      expect(used, f).toEqual(own ? [own] : []);
    }
  });
});
