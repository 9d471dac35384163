/**
 * The `proofgrid` command, run as a user runs it: spawned (as bundled for the run, see
 * test/cli-helpers.ts, and through bin/proofgrid.js itself), with crafted fixtures in
 * test/fixtures/cli/ whose answers are known.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../src/cli/program.ts';
import { BIN, CLI, expectRefused, ROOT, run } from './cli-helpers.ts';

const FIX = join(ROOT, 'test', 'fixtures', 'cli');
const fx = (name: string): string => join(FIX, name);

const tmp = mkdtempSync(join(tmpdir(), 'proofgrid-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const bundle = (...names: string[]): string => names.map((n) => readFileSync(fx(n), 'utf8')).join('====\n');

describe('count: verdicts and exit codes', () => {
  it.concurrent('unique → 10 (through bin/proofgrid.js, the sources under tsx)', async () => {
    const r = await run(['count', fx('unique.non')], undefined, BIN);
    expect(r.code).toBe(10);
    expect(r.stdout).toMatch(/unique \(completed, \d+ nodes/);
  });
  it.concurrent('none (row and column sums differ) → 20', async () => {
    const r = await run(['count', fx('none.non')]);
    expect(r.code).toBe(20);
    expect(r.stdout).toContain('none (completed');
  });
  it.concurrent('multiple (2x2 diagonal) → 30, with both witnesses under --show', async () => {
    const r = await run(['count', '--show', fx('multiple.non')]);
    expect(r.code).toBe(30);
    expect(r.stdout).toContain('multiple');
    expect(r.stdout).toMatch(/#\.\s+\.#/);
    expect(r.stdout).toMatch(/\.#\s+#\./);
  });
  it.concurrent('a puzzle needing search with --max-nodes 1 → 40', async () => {
    const r = await run(['count', '--max-nodes', '1', fx('search.non')]);
    expect(r.code).toBe(40);
    expect(r.stdout).toContain('inconclusive (node-limit');
    // Without the limit the same puzzle is unique: inconclusive was the budget, not the puzzle.
    expect((await run(['count', fx('search.non')])).code).toBe(10);
  });
  it.concurrent('a malformed file → 2, naming the file and the line, without a stack trace', async () => {
    const r = await run(['count', fx('malformed.non')]);
    expectRefused(r, 'malformed.non: line 6');
    expect(r.stderr).toContain("'a' is not a number");
  });
  it.concurrent('a missing file → 2 with a clear message', async () => {
    const r = await run(['count', join(tmp, 'nope.non')]);
    expectRefused(r, /cannot read .*nope\.non: no such file/);
  });
  it.concurrent('bad option values and unknown commands → 2', async () => {
    expect((await run(['count', '--max-nodes', 'lots', fx('unique.non')])).code).toBe(2);
    expect((await run(['frobnicate'])).code).toBe(2);
    expect((await run(['count', '--from', 'pdf', fx('unique.non')])).code).toBe(2);
  });
  it.concurrent('several puzzles: one line each, exit with the worst answer', async () => {
    const r = await run(['count', '-'], bundle('unique.non', 'multiple.non', 'none.non'));
    expect(r.code).toBe(30);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/#1 .*unique/);
    expect(lines[1]).toMatch(/#2 .*multiple/);
    expect(lines[2]).toMatch(/#3 .*none/);
    const r2 = await run(['count', '--max-nodes', '1', '-'], bundle('multiple.non', 'search.non', 'unique.non'));
    expect(r2.code).toBe(40);
    const r3 = await run(['count', '-q'], bundle('unique.non', 'none.non'));
    expect(r3.code).toBe(20);
    expect(r3.stderr).toBe('');
  });
  it.concurrent('solve over several puzzles: -q hides progress, not answers; 0 solved < 20 none', async () => {
    const r = await run(['solve', '-q', '-'], bundle('unique.non', 'none.non'));
    expect(r.code).toBe(20);
    expect(r.stdout).toBe('puzzle 1: <stdin> #1 5x5 "Plus"\n..#..\n.###.\n#####\n.###.\n..#..\n\n');
    expect(r.stderr).toMatch(/^proofgrid: <stdin> #2 3x3 "Sums differ": no solution \(\d+ nodes, [\d.]+ ms\)\n$/);
  });
  it.concurrent('--json parses: the verdict with solutions as rows of # and .', async () => {
    const r = await run(['count', '--json', fx('multiple.non')]);
    expect(r.code).toBe(30);
    const out = JSON.parse(r.stdout);
    expect(out).toHaveLength(1);
    expect(out[0].verdict.kind).toBe('multiple');
    expect(out[0].verdict.stop).toBe('completed');
    expect(out[0].verdict.solutions.map((s: string[]) => s.join('|')).sort()).toEqual(['#.|.#', '.#|#.']);
    const u = JSON.parse((await run(['count', '--json', fx('unique.non')])).stdout);
    expect(u[0].verdict.solution).toEqual(['..#..', '.###.', '#####', '.###.', '..#..']);
    expect(u[0].exitCode).toBe(10);
  });
});

describe('start-up', () => {
  it.concurrent('a command that uses no queue loads neither bullmq nor ioredis (about 150 ms of CPU per process)', async () => {
    // Counts, on exit, the modules loaded from those packages (CommonJS ones are in Module._cache).
    const probe =
      'import M from "node:module"; process.on("exit", () => process.stderr.write(`queue modules: ${Object.keys(M._cache).filter((k) => /node_modules[\\/](bullmq|ioredis)[\\/]/.test(k)).length}\\n`));';
    for (const bin of [CLI, BIN]) {
      const r = await run(['count', fx('unique.non')], undefined, bin, ['--import', `data:text/javascript,${encodeURIComponent(probe)}`]);
      expect(r.code, r.stderr).toBe(10);
      expect(r.stderr).toContain('queue modules: 0');
    }
  });
});

describe('inputs', () => {
  it.concurrent('stdin, with no file or with "-"', async () => {
    const text = readFileSync(fx('unique.non'), 'utf8');
    expect((await run(['count'], text)).code).toBe(10);
    const r = await run(['solve', '-'], text);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe('..#..\n.###.\n#####\n.###.\n..#..');
  });
  it.concurrent('empty stdin → 2', async () => {
    const r = await run(['count'], '');
    expectRefused(r, 'empty input');
  });
  it.concurrent('descriptive ids with --id', async () => {
    expect((await run(['count', '--id', 'nonogram:2x2:1/1/1/1'])).code).toBe(30);
    const r = await run(['count', '--id', 'nonogram:2x2:1/1/1/1', '--id', 'nonogram:2x2:2/2/2/2']);
    expect(r.code).toBe(30);
    expect(r.stdout.trim().split('\n')).toHaveLength(2);
    const bad = await run(['count', '--id', 'nonogram:2x2:1/1']);
    expect(bad.code).toBe(2);
  });
  it.concurrent('seeded ids are generated; another generator version is refused clearly', async () => {
    const gen = await run(['generate', '--seed', 'abc', '--size', '8', '--difficulty', 'easy']);
    expect(gen.code).toBe(0);
    const viaId = await run(['convert', '--id', 'nonogram@1:8x8-easy#abc', '--to', 'id']);
    expect(viaId.code).toBe(0);
    expect(viaId.stdout).toBe(gen.stdout);
    const r = await run(['count', '--id', 'nonogram@99:8x8-easy#abc']);
    expectRefused(r, /generator version 99.*version 1/);
  });
});

describe('generate', () => {
  it.concurrent('the same seed gives identical output, and it re-counts as unique', async () => {
    const args = ['generate', '-n', '3', '--seed', 'fixed', '--size', '8x6', '--difficulty', 'medium', '--format', 'non'];
    const a = await run(args);
    const b = await run(args);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout.length).toBeGreaterThan(0);
    const c = await run(['count'], a.stdout);
    expect(c.code).toBe(10);
    expect(c.stdout.trim().split('\n')).toHaveLength(3);
    expect(a.stderr).toContain('[3/3]');
  });
  it.concurrent('puzzle i of seed S is the puzzle of seed S-i', async () => {
    const many = await run(['generate', '-n', '2', '--seed', 'q', '--size', '6', '--quiet']);
    const second = await run(['generate', '--seed', 'q-1', '--size', '6']);
    expect(many.stdout.trim().split('\n')[1]).toBe(second.stdout.trim());
  });
  it.concurrent('the family as a word: "generate numberlink" is "generate --family numberlink"', async () => {
    const [word, option] = await Promise.all([
      run(['generate', 'numberlink', '--size', '5', '--seed', 'c', '-q']),
      run(['generate', '--family', 'numberlink', '--size', '5', '--seed', 'c', '-q']),
    ]);
    expect(word.code).toBe(0);
    expect(word.stdout).toMatch(/^numberlink:5x5-/);
    expect(word.stdout).toBe(option.stdout);
  });
  it.concurrent('--json: ids, grade, certificate and diagnostics', async () => {
    const r = await run(['generate', '--json', '--seed', 'j', '--size', '7', '--difficulty', 'easy']);
    expect(r.code).toBe(0);
    const [g] = JSON.parse(r.stdout);
    expect(g.ok).toBe(true);
    expect(g.seededId).toBe('nonogram@1:7x7-easy#j');
    expect(g.id).toMatch(/^nonogram:7x7:/);
    expect(g.grade.level).toBe('easy');
    expect(g.certificate).toMatchObject({ kind: 'unique', stop: 'completed' });
    expect(g.diagnostics.attempts).toBeGreaterThan(0);
  });
  it.concurrent('bad parameters → 2', async () => {
    expect((await run(['generate', '--size', '3x3'])).code).toBe(2);
    expect((await run(['generate', '--size', 'big'])).code).toBe(2);
    expect((await run(['generate', '--difficulty', 'insane'])).code).toBe(2);
    expect((await run(['generate', '-n', '2', '--format', 'nin'])).code).toBe(2);
  });
  it.concurrent('a failed generation exits 1 with its reason and leaves --out untouched', async () => {
    const out = join(tmp, 'keep.non');
    writeFileSync(out, 'previous content\n');
    const r = await run(['generate', '-n', '2', '--seed', 's', '--budget-ms', '0', '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/generation failed for nonogram@1:10x10-medium#s: deadline/);
    expect(readFileSync(out, 'utf8')).toBe('previous content\n');
    expect(readdirSync(tmp).filter((f) => f.includes('keep.non') && f !== 'keep.non')).toEqual([]);
  });
  it.concurrent('--out writes the whole file and leaves no temporary file', async () => {
    const dir = mkdtempSync(join(tmp, 'out-'));
    const out = join(dir, 'set.xml');
    const r = await run(['generate', '-n', '2', '--seed', 'o', '--size', '6', '--format', 'xml', '--out', out, '--quiet']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(readdirSync(dir)).toEqual(['set.xml']);
    expect((await run(['count', out])).code).toBe(10);
  });
  it.concurrent('--out into a missing directory → 2, nothing written', async () => {
    const out = join(tmp, 'no-such-dir', 'x.non');
    const r = await run(['generate', '--seed', 'x', '--size', '5', '--out', out]);
    expectRefused(r, /cannot write .*x\.non/);
    expect(existsSync(out)).toBe(false);
    // Under a regular file (the clean-up of the temporary file used to throw ENOTDIR: exit 3).
    const file = join(tmp, 'plain.non');
    writeFileSync(file, 'kept\n');
    const under = await run(['convert', fx('search.non'), '--to', 'xml', '--out', join(file, 'out.xml')]);
    expectRefused(under, `cannot write ${join(file, 'out.xml')}: a part of the path is not a directory`);
    expect(readFileSync(file, 'utf8')).toBe('kept\n');
  });
});

describe('convert, grade, hint, solve', () => {
  it.concurrent('non → xml → non keeps the clues', async () => {
    const xml = join(tmp, 'rt.xml');
    expect((await run(['convert', fx('search.non'), '--to', 'xml', '--out', xml])).code).toBe(0);
    const back = await run(['convert', xml, '--to', 'non']);
    expect(back.code).toBe(0);
    const ids = await run(['convert', '--to', 'id'], back.stdout);
    const orig = await run(['convert', fx('search.non'), '--to', 'id']);
    expect(ids.stdout).toBe(orig.stdout);
    expect(orig.stdout).toMatch(/^nonogram:10x10:/);
  });
  it.concurrent('several puzzles: concatenated where the format allows, refused for .nin', async () => {
    const text = bundle('unique.non', 'none.non', 'multiple.non');
    const ids = await run(['convert', '--to', 'id'], text);
    expect(ids.code).toBe(0);
    expect(ids.stdout.trim().split('\n')).toHaveLength(3);
    const nin = await run(['convert', '--to', 'nin'], text);
    expectRefused(nin, 'a .nin file holds one puzzle, not 3');
  });
  it.concurrent("convert refuses what the format cannot hold with the kit's check, as generate does", async () => {
    const text = `${readFileSync(fx('unique.non'), 'utf8')}====\nwidth 3\nheight 2\nrows\n3\n1\ncolumns\n2\n1\n1\n`;
    const taai = await run(['convert', '--to', 'taai'], text);
    expectRefused(taai, '<stdin> #2: the TAAI format holds only square puzzles, not 3x2');
    const gen = await run(['generate', '--size', '6x5', '--format', 'taai']);
    expectRefused(gen, 'the TAAI format holds only square puzzles, not 6x5');
  });
  it.concurrent('grade: level, score and metrics; --json', async () => {
    const r = await run(['grade', fx('unique.non')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/easy \(score \d+\) .*rung=1/);
    const j = JSON.parse((await run(['grade', '--json', fx('search.non')])).stdout);
    expect(j[0].ok).toBe(true);
    expect(j[0].grade.score).toBeGreaterThanOrEqual(0);
    const m = await run(['grade', fx('multiple.non')]);
    expect(m.code).toBe(30);
    expect(m.stdout).toContain('several solutions');
  });
  it.concurrent('hint from an empty grid and from a marks file', async () => {
    const r = await run(['hint', fx('unique.non')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^overlap: row 3/);
    const marks = join(tmp, 'marks.txt');
    writeFileSync(marks, '??#??\n?###?\n#####\n?###?\n??#??\n');
    const j = JSON.parse((await run(['hint', fx('unique.non'), '--marks', marks, '--json'])).stdout);
    expect(j.hint.technique).toBe('completion');
    const done = join(tmp, 'done.txt');
    writeFileSync(done, '..#..\n.###.\n#####\n.###.\n..#..\n');
    const d = await run(['hint', fx('unique.non'), '--marks', done]);
    expect(d.code).toBe(1);
    expect(d.stdout).toContain('solved');
    const bad = join(tmp, 'bad-marks.txt');
    writeFileSync(bad, '??#??\n?###?\n##z##\n?###?\n??#??\n');
    const b = await run(['hint', fx('unique.non'), '--marks', bad]);
    expectRefused(b, /bad-marks\.txt: line 3: row 3, cell 3 is 'z'/);
  });
  it.concurrent('hint on a colour puzzle: its technique, fills with their colours; a colour marks file', async () => {
    // A 4x3 picture: 1122 / 0120 / 2201 (1 black, 2 red), by its descriptive id.
    const id = join(tmp, 'colour-id.txt');
    writeFileSync(id, 'nonogram:4x3:white=ffffff,black=000000,red=ff0000;1a1b/2a1b/2b/1b1a/2a2b/1a1b/2b1a\n');
    const j = JSON.parse((await run(['hint', id, '--json'])).stdout);
    expect(j.hint.technique).toMatch(/^colour /);
    const r = await run(['hint', id]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^colour [a-z ]+: row 1, clue 2 black, 2 red: .*\n {2}cells: r1c1=filled:1 r1c2=filled:1 r1c3=filled:2 r1c4=filled:2/);
    const marks = join(tmp, 'colour-marks.txt');
    writeFileSync(marks, '1122\nx12x\n22?1\n');
    const last = JSON.parse((await run(['hint', id, '--marks', marks, '--json'])).stdout);
    expect(last.hint.focus.cells).toEqual([{ row: 2, col: 2, value: 'crossed' }]);
    const wrong = join(tmp, 'colour-wrong.txt');
    writeFileSync(wrong, '1112\n????\n????\n');
    expect(JSON.parse((await run(['hint', id, '--marks', wrong, '--json'])).stdout).hint.technique).toBe('mistake');
    const bad = join(tmp, 'colour-bad.txt');
    writeFileSync(bad, '1132\n????\n????\n');
    expectRefused(await run(['hint', id, '--marks', bad]), /row 1, cell 3 is '3'; use \? \(unknown\), # or 1 to 2 \(a colour\)/);
  });
  it.concurrent('solve: none → 20, --format bits, --json', async () => {
    expect((await run(['solve', fx('none.non')])).code).toBe(20);
    const bits = await run(['solve', fx('unique.non'), '--format', 'bits']);
    expect(bits.code).toBe(0);
    expect(bits.stdout.trim()).toBe('0010001110111110111000100');
    const j = JSON.parse((await run(['solve', '--json', fx('unique.non')])).stdout);
    expect(j[0]).toMatchObject({ kind: 'found', solution: ['..#..', '.###.', '#####', '.###.', '..#..'] });
  });
});

describe('verify: many puzzles against many solutions', () => {
  it.concurrent('solve && verify over a file: one line each, exit 0 only when all hold; counts that differ → 2', async () => {
    const set = join(tmp, 'set.non');
    writeFileSync(set, bundle('unique.non', 'search.non'));
    const solved = await run(['solve', '-q', set]);
    expect(solved.code).toBe(0);
    const good = join(tmp, 'set-sols.txt');
    writeFileSync(good, solved.stdout);
    // The second puzzle's first row flipped at its first cell; the first puzzle's solution alone.
    const lines = solved.stdout.split('\n');
    const second = lines.findIndex((l) => l.startsWith('puzzle 2:')) + 1;
    lines[second] = (lines[second][0] === '#' ? '.' : '#') + lines[second].slice(1);
    const broken = join(tmp, 'set-broken.txt');
    writeFileSync(broken, lines.join('\n'));
    const short = join(tmp, 'set-short.txt');
    writeFileSync(short, solved.stdout.slice(0, solved.stdout.indexOf('puzzle 2:')));
    const garbled = solved.stdout.split('\n');
    garbled[second] = 'zz';
    const unreadable = join(tmp, 'set-unreadable.txt');
    writeFileSync(unreadable, garbled.join('\n'));
    const [ok, bad, few, junk] = await Promise.all([
      run(['verify', set, '--solution', good]),
      run(['verify', set, '--solution', broken]),
      run(['verify', set, '--solution', short]),
      run(['verify', set, '--solution', unreadable]),
    ]);
    // An unreadable solution is bad input: exit 2, said on standard error too.
    expectRefused(junk, `${set} #2 10x10: unreadable solution`);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe(`${set} #1 5x5 "Plus": a solution\n${set} #2 10x10: a solution\n`);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/#1 5x5 "Plus": a solution\n.*#2 10x10: not a solution: row 1: /);
    expectRefused(few, `${set} holds 2 puzzles but ${short} 1 solution (none for puzzle 2)`);
  });
});

describe('help', () => {
  const program = buildProgram();
  const names = program.commands.map((c) => c.name());

  it('every command and option has help text', () => {
    expect(names).toEqual(expect.arrayContaining(['solve', 'count', 'generate', 'grade', 'hint', 'convert']));
    for (const c of program.commands) {
      expect(c.description(), c.name()).not.toBe('');
      for (const o of c.options) expect(o.description, `${c.name()} ${o.flags}`).not.toBe('');
      for (const a of c.registeredArguments) expect(a.description, `${c.name()} ${a.name()}`).not.toBe('');
    }
  });
  it.concurrent('--help prints usage for the program and every command, exit 0', async () => {
    const top = await run(['--help']);
    expect(top.code).toBe(0);
    expect(top.stdout).toContain('Exit codes');
    const results = await Promise.all(names.filter((n) => n !== 'help').map(async (n) => [n, await run([n, '--help'])] as const));
    for (const [n, r] of results) {
      expect(r.code, n).toBe(0);
      expect(r.stdout, n).toContain(`Usage: proofgrid ${n}`);
    }
  });
});
