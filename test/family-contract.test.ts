/**
 * The contract every registered family keeps (test/families/registry.ts: the product's families and
 * the plug-ins, the template family among them), run over each through `PuzzleFamily` alone: ids,
 * files and solutions round-trip; each row of the formats table reads back what it writes and
 * detects it, a one-puzzle row refuses two; fuzzed parsers answer with a Result, never an
 * exception; generated puzzles count unique and verify, and match their golden file per generator
 * version; the solution replays as moves; hints agree with the unique solution; the SAT witness
 * agrees with `count`; a catalogue builds (on worker threads) and verifies; and plug-ins work
 * through the CLI with --plugin.
 * Small sizes and few seeds: the heavy checks of the product's families live in their own tests.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseId } from '../src/core/ids.ts';
import { unwrap } from '../src/core/result.ts';
import type { Verdict } from '../src/core/verdict.ts';
import { allFamilies, isFamilyName, registerFamily, type AnyFamily } from '../src/families/index.ts';
import { satCountFamilySync } from '../src/witness/sat-count.ts';
import { cli } from './catalogue-helpers.ts';
import { run } from './cli-helpers.ts';
import { PLUGIN_MODULES, TEST_FAMILIES } from './families/registry.ts';

/** Small params of the product's families; a plug-in is run at its default size, easy and hard. */
const SMALL: Record<string, readonly string[]> = {
  nonogram: ['5x5-easy', '6x6-hard'],
  numberlink: ['5x5-easy', '6x6-hard'],
  edgematch: ['4x4-easy', '4x4-medium'],
};
const smallParams = (f: AnyFamily): readonly string[] => SMALL[f.name] ?? ['easy', 'hard'].map((l) => `${f.cli.defaultSize ?? '5x5'}-${l}`);
const SEEDS = ['c1', 'c2'];

/** Plug-in modules by the name of the family they export (their folder holds their golden files). */
const pluginFiles = new Map<string, string>();
for (const url of PLUGIN_MODULES) pluginFiles.set(((await import(url)) as { default: AnyFamily }).default.name, fileURLToPath(url));

/** `test/golden/contract/<family>-v<version>.json` for the product, `<folder>/golden-v<version>.json` for a plug-in. */
const goldenOf = (f: AnyFamily): string => {
  const file = pluginFiles.get(f.name);
  return file !== undefined ? join(dirname(file), `golden-v${f.version}.json`) : join('test', 'golden', 'contract', `${f.name}-v${f.version}.json`);
};

interface Generated {
  params: string;
  seed: string;
  id: string;
  puzzle: unknown;
  solution: unknown;
  level: string;
  score: number;
}

const generated = new Map<string, Generated[]>();
function puzzlesOf(f: AnyFamily): Generated[] {
  let list = generated.get(f.name);
  if (list === undefined) {
    list = smallParams(f).flatMap((params) =>
      SEEDS.map((seed) => {
        const g = f.generate(unwrap(f.parseParams(params)), seed);
        if (!g.ok) throw new Error(`${f.name} ${params}#${seed}: ${g.reason}: ${g.message}`);
        return { params, seed, id: g.id, puzzle: g.puzzle, solution: g.solution, level: g.grade.level, score: g.grade.score };
      }),
    );
    generated.set(f.name, list);
  }
  return list;
}

const kindOf = (v: Verdict<unknown>): string => (v.kind === 'inconclusive' ? `inconclusive (${v.stop})` : v.kind);
/** Calls `f` and reports an exception as a failure naming the input (a Result is the only answer allowed). */
const noThrow = (what: string, text: string, f: () => unknown): void => {
  try {
    f();
  } catch (e) {
    throw new Error(`${what} threw on ${JSON.stringify(text.slice(0, 200))}: ${(e as Error).message}`);
  }
};

it('the registry holds the product families, then every plug-in of test/families/registry.ts', () => {
  const names = TEST_FAMILIES.map((f) => f.name);
  expect(names).toEqual(['nonogram', 'numberlink', 'edgematch', ...pluginFiles.keys()]);
  expect(pluginFiles.size).toBe(PLUGIN_MODULES.length);
  // The object itself is what is registered: again is harmless, another under a taken name is refused.
  for (const f of TEST_FAMILIES) {
    expect(() => registerFamily(f)).not.toThrow();
    expect(() => registerFamily({ ...f }), f.name).toThrow(`a family named "${f.name}" is already registered`);
  }
  expect(() => registerFamily({ ...TEST_FAMILIES[0], name: 'Bad Name' })).toThrow('not a puzzle family');
  // A formats table is built from rows (tableFromRows): one without them is not a family's.
  const noRows = { ...TEST_FAMILIES[0], name: 'no-rows', formats: { ...TEST_FAMILIES[0].formats, rows: undefined } };
  expect(() => registerFamily(noRows as unknown as AnyFamily)).toThrow('its formats table has no rows');
  expect(allFamilies()).toHaveLength(TEST_FAMILIES.length);
});

for (const f of TEST_FAMILIES) {
  describe(`${f.name}: the family contract`, () => {
    it('generates certified puzzles: count is unique with the generated solution, verify passes, the seeded id reads back', () => {
      for (const g of puzzlesOf(f)) {
        const v = f.count(g.puzzle, { limit: 2 });
        expect(v.kind, g.id).toBe('unique');
        if (v.kind === 'unique') expect(f.makeSolution(v.solution, g.puzzle), g.id).toBe(f.makeSolution(g.solution, g.puzzle));
        expect(f.verify(g.puzzle, g.solution), g.id).toEqual({ ok: true });
        const id = unwrap(parseId(g.id));
        expect(id).toMatchObject({ kind: 'seeded', family: f.name, version: f.version, seed: g.seed });
        expect(f.versions).toContain(f.version);
        expect(f.find(g.puzzle, {}).kind).toBe('found');
      }
    });

    it('names its versions as its generator table does: the table in order, the current one in it', () => {
      // For the product families both come from the table by construction; a plug-in (latin) writes them
      // apart, and this is where a mismatch shows. The current one is the last, or a newer version is in
      // the table before it becomes the default (as numberlink v6 was: its ids opened, generate ran the current).
      expect(f.generators.map((g) => g.version)).toEqual(f.versions);
      expect([...f.versions].sort((a, b) => a - b)).toEqual(f.versions);
      expect(f.versions).toContain(f.version);
    });

    it(`matches its golden file for generator version ${f.version}`, () => {
      const got = Object.fromEntries(puzzlesOf(f).map((g) => [`${g.params}#${g.seed}`, `${f.makePuzzle(g.puzzle)} ${g.level} ${g.score}`]));
      const golden = goldenOf(f);
      // Regenerate only on purpose (UPDATE_GOLDEN=1, with a version bump when outputs change).
      if (process.env.UPDATE_GOLDEN === '1') writeFileSync(golden, `${JSON.stringify(got, null, 2)}\n`);
      expect(existsSync(golden), `${golden} is missing`).toBe(true);
      expect(got).toEqual(JSON.parse(readFileSync(golden, 'utf8')));
    });

    it('round-trips params, ids, every file format and solutions', () => {
      for (const text of smallParams(f))
        expect(f.makeParams(unwrap(f.parseParams(f.makeParams(unwrap(f.parseParams(text))))))).toBe(f.makeParams(unwrap(f.parseParams(text))));
      const list = puzzlesOf(f);
      for (const g of list) {
        const id = f.makePuzzle(g.puzzle);
        expect(f.makePuzzle(unwrap(f.parsePuzzle(id))), id).toBe(id);
        expect(f.makePuzzle(unwrap(f.formats.parseId(id))), id).toBe(id);
        expect(f.formats.sniff(`${id}\n`), id).toBe(3);
        const rule = f.formats.rules.length > 0 ? f.render.about(g.puzzle).rule : undefined;
        let written = 0;
        for (const format of f.formats.names) {
          if (f.formats.checkWrite(format, 1, f.render.size(g.puzzle)) !== undefined) continue;
          const text = f.formats.make([g.puzzle], format);
          if (!text.ok) continue;
          written++;
          const back = unwrap(f.formats.parse(text.value, { format, rule }));
          expect(back.length, `${id} as ${format}`).toBe(1);
          if (f.formats.lost([g.puzzle], format) === undefined) expect(f.makePuzzle(back[0]), `${id} as ${format}`).toBe(id);
          // A format that loses something (clues kept elsewhere, the rule set) still keeps the board.
          else expect(f.render.size(back[0]), `${id} as ${format}`).toEqual(f.render.size(g.puzzle));
        }
        expect(written, `${id}: formats written`).toBeGreaterThanOrEqual(2);
        const sol = f.makeSolution(g.solution, g.puzzle);
        expect(f.makeSolution(unwrap(f.parseSolution(sol, g.puzzle)), g.puzzle), id).toBe(sol);
        expect(f.render.solutionRows(g.solution, g.puzzle).length).toBeGreaterThan(0);
        expect(f.render.picture(g.puzzle, g.solution, { ascii: true })).toMatch(/\S/);
      }
      // Several puzzles in one id list.
      const many = unwrap(
        f.formats.make(
          list.map((g) => g.puzzle),
          'id',
        ),
      );
      expect(unwrap(f.formats.parse(many, { format: 'id' })).map((p) => f.makePuzzle(p))).toEqual(list.map((g) => f.makePuzzle(g.puzzle)));
    });

    it('declares its formats as rows: unique names and extensions, each row round-trips and knows its own output', () => {
      const rows = f.formats.rows;
      expect(rows.map((r) => r.name)).toEqual(f.formats.names);
      expect(new Set(f.formats.names).size).toBe(rows.length);
      const exts = rows.flatMap((r) => r.extensions);
      for (const ext of exts) {
        expect(ext, `${f.name}: extension ${ext}`).toMatch(/^[a-z0-9]+$/);
        expect(rows.filter((r) => r.extensions.includes(ext)).length, `${f.name}: rows with .${ext}`).toBe(1);
        expect(f.formats.sniff('', `x.${ext.toUpperCase()}`), `.${ext}`).toBe(3);
      }
      const samples = puzzlesOf(f);
      const idsOf = (ps: unknown[]): string[] => ps.map((p) => f.makePuzzle(p));
      let roundTrips = 0;
      for (const row of rows) {
        if (row.make === undefined) continue;
        const ps = samples.slice(0, row.many === 'one' ? 1 : 2).map((g) => g.puzzle);
        const size = f.render.size(ps[0]);
        const rule = f.formats.rules.length > 0 ? f.render.about(ps[0]).rule : undefined;
        if (row.many === 'one') {
          // Two puzzles are refused before any work, and by make with a typed error.
          expect(f.formats.checkWrite(row.name, 2, size), `${row.name}: two puzzles`).toMatch(/\S/);
          const two = f.formats.make([ps[0], samples[1].puzzle], row.name);
          expect(two.ok, `${row.name}: two puzzles`).toBe(false);
          if (!two.ok) expect(two.error.code).toBe('ERR_FORMAT');
        }
        if (f.formats.checkWrite(row.name, ps.length, size) !== undefined) continue;
        // A format may not hold what these puzzles have (tud carries no clues): a typed refusal, then.
        const made = f.formats.make(ps, row.name);
        if (!made.ok) {
          expect(made.error.code, `${row.name}: ${made.error.message}`).toMatch(/^ERR_[A-Z_]+$/);
          continue;
        }
        const text = made.value;
        expect(row.detect(text), `${f.name}: ${row.name} detects its own output`).toBeGreaterThan(0);
        if (row.parse === undefined) continue;
        roundTrips++;
        const back = unwrap(row.parse(text, { format: row.name, rule }));
        expect(back.length, `${row.name}`).toBe(ps.length);
        if (row.lost?.(ps) === undefined) expect(idsOf(back), `${row.name}`).toEqual(idsOf(ps));
        else expect(back.map((p) => f.render.size(p))).toEqual(ps.map((p) => f.render.size(p)));
        // The table reads it the same way told by nothing (the text alone) and by each of the row's extensions.
        expect(idsOf(unwrap(f.formats.parse(text, { rule }))), `${row.name} detected`).toEqual(idsOf(back));
        for (const ext of row.extensions) expect(idsOf(unwrap(f.formats.parse(text, { rule, filename: `x.${ext}` }))), `.${ext}`).toEqual(idsOf(back));
      }
      expect(roundTrips, `${f.name}: rows that round-trip`).toBeGreaterThanOrEqual(2);
    });

    it('parsers never throw on fuzzed text, and a puzzle they accept never makes count throw', () => {
      const g = puzzlesOf(f)[0];
      const id = f.makePuzzle(g.puzzle);
      const formats = [undefined, ...f.formats.names];
      fc.assert(
        fc.property(
          fc.oneof(fc.string({ maxLength: 120 }), fc.constantFrom(id, f.makeSolution(g.solution, g.puzzle), f.play.makeState(f.play.start(g.puzzle)))),
          fc.nat(),
          fc.string({ maxLength: 3 }),
          (base, at, insert) => {
            // A valid text with a few characters replaced, or random text.
            const i = base.length === 0 ? 0 : at % base.length;
            const text = base.slice(0, i) + insert + base.slice(i + insert.length);
            noThrow('parseParams', text, () => f.parseParams(text));
            noThrow('parseSolution', text, () => f.parseSolution(text, g.puzzle, { maxNodes: 2000 }));
            noThrow('parseMove', text, () => f.play.parseMove(text, g.puzzle));
            noThrow('parseState', text, () => f.play.parseState(text, g.puzzle));
            noThrow('sniff', text, () => f.formats.sniff(text));
            for (const format of formats) noThrow(`parse ${format ?? '(detected)'}`, text, () => f.formats.parse(text, { format }));
            noThrow('parsePuzzle', text, () => {
              const p = f.parsePuzzle(text);
              if (p.ok) f.count(p.value, { limit: 2, budget: { maxNodes: 2000 } });
            });
          },
        ),
        { numRuns: 150, seed: 16 },
      );
    });

    it('replays its solution as moves (each move and the board round-trip as text) to a solved board', () => {
      for (const g of puzzlesOf(f)) {
        const play = f.play;
        let state = play.start(g.puzzle);
        expect(play.isSolved(g.puzzle, state), g.id).toBe(false);
        const moves = play.solutionMoves(g.puzzle, g.solution);
        expect(moves.length, g.id).toBeGreaterThan(0);
        moves.forEach((m, k) => {
          const text = play.makeMove(m);
          const back = unwrap(play.parseMove(text, g.puzzle));
          expect(play.makeMove(back), text).toBe(text);
          state = play.apply(state, back);
          if (k === Math.floor(moves.length / 2) || k === moves.length - 1) {
            const saved = play.makeState(state);
            expect(play.makeState(unwrap(play.parseState(saved, g.puzzle))), g.id).toBe(saved);
          }
        });
        expect(play.isSolved(g.puzzle, state), g.id).toBe(true);
        expect(play.mistakes(g.puzzle, state, g.solution), g.id).toEqual([]);
      }
    });

    it('gives hints that agree with the unique solution, step after step from the start', () => {
      let hints = 0;
      for (const g of puzzlesOf(f).slice(0, 2)) {
        let state = f.play.start(g.puzzle);
        for (let step = 0; step < 25; step++) {
          const r = f.hint(g.puzzle, state);
          if (r.kind !== 'hint') {
            expect(r.kind === 'none' ? r.reason : r.kind, g.id).not.toBe('several-solutions');
            break;
          }
          hints++;
          const moves = f.hintMoves(g.puzzle, r.hint);
          expect(moves.length, `${g.id}: ${r.hint.technique}`).toBeGreaterThan(0);
          for (const m of moves) state = f.play.apply(state, unwrap(f.play.parseMove(f.play.makeMove(m), g.puzzle)));
          expect(f.play.mistakes(g.puzzle, state, g.solution), `${g.id} after "${r.hint.message}"`).toEqual([]);
        }
      }
      expect(hints).toBeGreaterThan(0);
    });

    it('has a SAT witness that agrees with count (same verdict, same solution)', () => {
      for (const g of puzzlesOf(f)) {
        const native = f.count(g.puzzle, { limit: 2 });
        const sat = satCountFamilySync(f, g.puzzle, { limit: 2 });
        expect(kindOf(sat), g.id).toBe(kindOf(native));
        if (sat.kind === 'unique') expect(f.makeSolution(sat.solution, g.puzzle), g.id).toBe(f.makeSolution(g.solution, g.puzzle));
      }
    });

    it('never lets one SAT call decide uniqueness: under a one-node budget the witness is inconclusive', () => {
      const v = satCountFamilySync(f, puzzlesOf(f)[0].puzzle, { limit: 2, budget: { maxNodes: 1 } });
      expect(kindOf(v)).toBe('inconclusive (node-limit)');
    });
  });
}

// The catalogue and the command line run the product's families in their own tests; here, the plug-ins.
describe.skipIf(pluginFiles.size === 0)('the catalogue runs every plug-in family', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'proofgrid-contract-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const f of TEST_FAMILIES.filter((x) => !isFamilyName(x.name))) {
    it(`${f.name}: builds on two worker threads (which load the plug-in) and verifies`, async () => {
      const [size, level] = smallParams(f)[0].split('-');
      const db = join(dir, `${f.name}.db`);
      const b = await cli([
        'catalogue',
        'build',
        '--family',
        f.name,
        '--sizes',
        size,
        '--levels',
        level,
        '--per-cell',
        '3',
        '--seed',
        'k',
        '--workers',
        '2',
        '-q',
        '--out',
        db,
      ]);
      expect(b.code, b.stderr).toBe(0);
      const v = await cli(['verify', db, '--regenerate', '--json']);
      expect(v.code, v.stderr).toBe(0);
      expect(JSON.parse(v.stdout)).toMatchObject({ failures: [] });
      const ids = await cli(['catalogue', 'export', db, '--format', 'id']);
      expect(ids.stdout.trim().split('\n')).toHaveLength(3);
    }, 60_000);
  }
});

describe.skipIf(pluginFiles.size === 0)('plug-ins through the command line (--plugin, a bundled module)', () => {
  let dir: string;
  const bundles = new Map<string, string>();
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'proofgrid-plugin-'));
    // Bundled as a third party ships it: its own copy of proofgrid's core inside.
    for (const [name, file] of pluginFiles) {
      const out = join(dir, `${name}.mjs`);
      await build({ entryPoints: [file], outfile: out, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' });
      bundles.set(name, out);
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const [name] of pluginFiles) {
    it(`${name}: generate, count, solve, verify, convert, grade, hint and render answer as the engine does`, async () => {
      const f = TEST_FAMILIES.find((x) => x.name === name) as AnyFamily;
      const g = puzzlesOf(f)[0];
      const id = f.makePuzzle(g.puzzle);
      const [size, level] = g.params.split('-');
      const plugin = ['--plugin', bundles.get(name) as string];
      const solFile = join(dir, `${name}.sol`);
      writeFileSync(solFile, `${f.makeSolution(g.solution, g.puzzle)}\n`);
      const hint = f.hint(g.puzzle, f.play.start(g.puzzle));
      const [gen, count, solve, verify, grade, hinted, render, unknown, ...converted] = await Promise.all([
        run([...plugin, 'generate', name, '--size', size, '--level', level, '--seed', g.seed, '-q']),
        run(['count', '--id', id, ...plugin]),
        run(['solve', ...plugin, '--id', id]),
        run(['verify', `--plugin=${bundles.get(name)}`, '--id', id, '--solution', solFile]),
        run([...plugin, 'grade', '--id', id]),
        run([...plugin, 'hint', '--id', id]),
        run([...plugin, 'render', '--id', id, '--ascii']),
        run(['count', '--id', id]),
        ...f.formats.names.map((format) => run([...plugin, 'convert', '--id', id, '--to', format])),
      ]);
      expect(gen.code, gen.stderr).toBe(0);
      expect(gen.stdout).toBe(`${id}\n`);
      expect(count.code, count.stderr).toBe(10);
      expect(solve.code, solve.stderr).toBe(0);
      expect(solve.stdout).toContain(f.render.solutionText(g.solution, g.puzzle, f.render.solveFormats[0], {}));
      expect(verify.code, verify.stderr).toBe(0);
      expect(grade.code, grade.stderr).toBe(0);
      expect(grade.stdout).toContain(g.level);
      expect(hinted.code, hinted.stderr).toBe(0);
      if (hint.kind === 'hint') expect(hinted.stdout).toContain(hint.hint.message);
      expect(render.code, render.stderr).toBe(0);
      expect(render.stdout).toContain(f.render.picture(g.puzzle, g.solution, { ascii: true }));
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain(`unknown puzzle family "${name}"`);
      converted.forEach((c, k) => {
        expect(c.code, c.stderr).toBe(0);
        const back = unwrap(f.formats.parse(c.stdout, { format: f.formats.names[k] }));
        expect(back.map((p) => f.makePuzzle(p))).toEqual([id]);
      });
    }, 60_000);

    it(`${name}: PROOFGRID_PLUGINS loads it too; a module that is not a family is refused`, async () => {
      const notFamily = join(dir, 'not-a-family.mjs');
      writeFileSync(notFamily, 'export default { name: "nope" };\n');
      const before = process.env.PROOFGRID_PLUGINS;
      process.env.PROOFGRID_PLUGINS = bundles.get(name);
      const viaEnv = run(['generate', name, '--seed', 'e', '-q']);
      if (before === undefined) delete process.env.PROOFGRID_PLUGINS;
      else process.env.PROOFGRID_PLUGINS = before;
      const [env, refused] = await Promise.all([viaEnv, run(['--plugin', notFamily, 'count', '--id', 'x'])]);
      expect(env.code, env.stderr).toBe(0);
      expect(env.stdout).toMatch(new RegExp(`^${name}:`));
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`--plugin ${notFamily}: not a puzzle family`);
    }, 60_000);
  }
});
