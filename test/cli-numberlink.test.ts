/**
 * The `proofgrid` command on Numberlink puzzles, run as a user runs it, on crafted fixtures in
 * test/fixtures/cli/numberlink/ whose answers are known:
 * - unique.nl: 5x5, one solution under the strict rules (AABBB/ABBCB/ADDCB/BDCCB/BBBBB);
 * - ambiguous.flow: A../.../..A, two routings of the same cells (none under no-2x2: every 2x2 block is A's);
 * - none.nl: A.B/.../B.A, no solution;
 * - odd.nl, thrice.flow, ragged.flow: bad input (a label once, a label three times, ragged rows).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FAMILIES } from '../src/families/index.ts';
import { expectRefused, ROOT, run } from './cli-helpers.ts';

const fx = (name: string): string => join(ROOT, 'test', 'fixtures', 'cli', 'numberlink', name);
const tmp = mkdtempSync(join(tmpdir(), 'proofgrid-cli-nl-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The generator version is read from the family, never written down here. */
const V = FAMILIES.numberlink.version;
const UNIQUE_SOLUTION = ['AABBB', 'ABBCB', 'ADDCB', 'BDCCB', 'BBBBB'];
/** The same solution drawn: endpoints show their labels, path cells box-drawing pieces. */
const DRAWN = ['┌─A ┌───┐', '│   │   │', '│ B─┘ C │', '│     │ │', 'A ┌─D │ │', '  │   │ │', 'B D C─┘ │', '│       │', '└───────┘'];
/** A 10x15 puzzle whose proof takes more than a few search nodes. */
const BIG = 'numberlink:10x15-no-2x2:n12y31h45h6h3l7t8g69n9l2h7iah4p8hblbg5vax';
const file = (name: string, text: string): string => {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
};

describe('numberlink count: verdicts and exit codes', () => {
  it.concurrent('unique → 10, --show prints the label grid', async () => {
    const r = await run(['count', '--show', fx('unique.nl')]);
    expect(r.code).toBe(10);
    expect(r.stdout).toMatch(/unique\.nl 5x5 strict: unique \(completed, \d+ nodes/);
    expect(r.stdout).toContain(UNIQUE_SOLUTION.map((row) => `  ${row}`).join('\n'));
  });
  it.concurrent('ambiguous → 30; its witnesses share a label grid, so --show draws both routings', async () => {
    const r = await run(['count', '--show', fx('ambiguous.flow')]);
    expect(r.code).toBe(30);
    expect(r.stdout).toContain('multiple: at least 2 solutions (completed');
    // One witness snakes along the rows, the other along the columns.
    expect(r.stdout).toMatch(/A───┐\s+A ┌─┐/);
    expect(r.stdout).toMatch(/└───A\s+└─┘ A/);
  });
  it.concurrent('impossible → 20; the same cells under no-2x2 → 20, under --limit 5 strict → exactly 2', async () => {
    expect((await run(['count', fx('none.nl')])).stdout).toContain('strict: none (completed');
    expect((await run(['count', fx('none.nl')])).code).toBe(20);
    const rule = await run(['count', '--rule', 'no-2x2', fx('ambiguous.flow')]);
    expect(rule.code).toBe(20);
    expect(rule.stdout).toContain('3x3 no-2x2: none');
    const five = await run(['count', '--limit', '5', fx('ambiguous.flow')]);
    expect(five.stdout).toContain('multiple: exactly 2 solutions');
  });
  it.concurrent('a search cut short by --max-nodes → 40, inconclusive with its stop reason', async () => {
    const r = await run(['count', '--max-nodes', '5', '--id', BIG]);
    expect(r.code).toBe(40);
    expect(r.stdout).toContain('10x15 no-2x2: inconclusive (node-limit');
  });
  it.concurrent('--json: family, rule, id and the verdict with label and link rows', async () => {
    const r = await run(['count', '--json', fx('unique.nl')]);
    const [j] = JSON.parse(r.stdout);
    expect(j).toMatchObject({ family: 'numberlink', width: 5, height: 5, rule: 'strict', exitCode: 10 });
    expect(j.id).toMatch(/^numberlink:5x5-strict:/);
    expect(j.verdict).toMatchObject({ kind: 'unique', stop: 'completed' });
    expect(j.verdict.solution.labels).toEqual(UNIQUE_SOLUTION);
    expect(j.verdict.solution.links).toHaveLength(5);
    const m = JSON.parse((await run(['count', '--json', fx('ambiguous.flow')])).stdout)[0];
    expect(m.verdict.solutions).toHaveLength(2);
    // Same labels, different links: the witnesses really differ.
    expect(m.verdict.solutions[0].labels).toEqual(m.verdict.solutions[1].labels);
    expect(m.verdict.solutions[0].links).not.toEqual(m.verdict.solutions[1].links);
  });
  it.concurrent('several puzzles of both families by --id: one line each, the worst answer', async () => {
    const id = (await run(['convert', fx('unique.nl'), '--to', 'id'])).stdout.trim();
    const r = await run(['count', '--id', id, '--id', 'nonogram:2x2:1/1/1/1', '--id', 'numberlink:3x3-strict:1m1']);
    expect(r.code).toBe(30);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/5x5 strict: unique/);
    expect(lines[1]).toMatch(/2x2: multiple/);
    expect(lines[2]).toMatch(/3x3 strict: multiple/);
  });
});

describe('numberlink inputs and convert', () => {
  it.concurrent('grid → letters → grid → numlin → id: the same puzzle all the way', async () => {
    const id = await run(['convert', fx('unique.nl'), '--to', 'id']);
    expect(id.code).toBe(0);
    const letters = await run(['convert', fx('unique.nl'), '--to', 'letters']);
    expect(letters.stdout).toBe('.A...\n.B.C.\nA.D..\nBDC..\n.....\n');
    const grid = await run(['convert', '--to', 'grid'], letters.stdout);
    expect(grid.stdout).toBe('5 5\n.A...\n.B.C.\nA.D..\nBDC..\n.....\n');
    const numlin = await run(['convert', '--to', 'numlin'], grid.stdout);
    expect(numlin.stdout).toMatch(/^https:\/\/puzz\.link\/p\?numlin\/5\/5\/\S+\n$/);
    expect(numlin.stderr).toContain('letter labels were not kept');
    const back = await run(['convert', '--to', 'id'], numlin.stdout);
    expect(back.stdout).toBe(id.stdout);
    const fromId = await run(['convert', '--to', 'grid'], id.stdout);
    const again = await run(['convert', '--to', 'id'], fromId.stdout);
    expect(again.stdout).toBe(id.stdout);
  });
  it.concurrent('--rule reaches the id; the rule is dropped by grid (with a note) and an id must agree with --rule', async () => {
    const id = await run(['convert', '--rule', 'no-2x2', fx('unique.nl'), '--to', 'id']);
    expect(id.stdout).toMatch(/^numberlink:5x5-no-2x2:/);
    const grid = await run(['convert', '--to', 'grid'], id.stdout);
    expect(grid.stderr).toContain('does not carry the rule set (no-2x2); read it back with --rule no-2x2');
    const clash = await run(['count', '--rule', 'no-touch'], id.stdout);
    expectRefused(clash, 'carries the rule set no-2x2, not no-touch');
  });
  it.concurrent('several puzzles per file, comments, --family and --from', async () => {
    const two = file('two.nl', `# two puzzles\n${readFileSync(fx('unique.nl'), 'utf8')}\n3 3\nA..\n...\n..A\n`);
    const r = await run(['count', two]);
    expect(r.code).toBe(30);
    expect(r.stdout).toMatch(/#1 5x5 strict: unique[\s\S]*#2 3x3 strict: multiple/);
    const txt = file('amb.txt', 'A..\n...\n..A\n');
    expect((await run(['count', '--from', 'letters', txt])).code).toBe(30);
    expect((await run(['count', '--family', 'numberlink', txt])).code).toBe(30);
    const wrong = await run(['count', '--family', 'numberlink', '--from', 'non', txt]);
    expectRefused(wrong, 'numberlink puzzles have no format "non"');
  });
  it.concurrent('mixed families cannot be converted together; nonogram formats are refused for numberlink', async () => {
    const mixed = await run(['convert', '--id', 'nonogram:2x2:1/1/1/1', '--id', 'numberlink:3x3-strict:1m1', '--to', 'id']);
    expectRefused(mixed, 'mixes nonogram and numberlink');
    const xml = await run(['convert', fx('unique.nl'), '--to', 'xml']);
    expectRefused(xml, 'numberlink puzzles cannot be written as xml; their formats: grid, letters, numlin, id');
  });
});

describe('numberlink bad input → 2, naming the problem', () => {
  const cases: [string, string[], RegExp][] = [
    ['a label used once (odd endpoints)', ['count', fx('odd.nl')], /odd\.nl: line 1: label "A" appears once \(row 1 column 1\)/],
    ['a label used three times', ['count', fx('thrice.flow')], /thrice\.flow: line 1: label "A" appears 3 times/],
    ['ragged rows', ['count', fx('ragged.flow')], /ragged\.flow: line 2: .*ragged rows/],
    ['an unknown family in an id', ['count', '--id', 'sudoku:3x3:abc'], /unknown puzzle family "sudoku" \(known: nonogram, numberlink, edgematch\)/],
    ['an unknown family in a file', ['count', '-'], /unknown puzzle family "sudoku"/],
    ['an unknown rule set in an id', ['count', '--id', 'numberlink:3x3-diagonal:1m1'], /unknown rule set "diagonal"/],
    ['an unknown --rule', ['count', '--rule', 'diagonal', fx('unique.nl')], /argument 'diagonal' is invalid/],
    [
      '--rule on a nonogram',
      ['count', '--rule', 'strict', join(ROOT, 'test', 'fixtures', 'cli', 'unique.non')],
      /--rule applies to .*numberlink.*not to nonogram puzzles/,
    ],
    [
      'a seeded id of another generator version',
      ['count', '--id', `numberlink@${V + 7}:6x6-easy#a`],
      new RegExp(`generator version ${V + 7}, but this proofgrid has version ${V}`),
    ],
    ['solve --format bits', ['solve', '--format', 'bits', fx('unique.nl')], /numberlink solutions cannot be printed as bits/],
  ];
  for (const [what, args, message] of cases) {
    it.concurrent(what, async () => {
      const r = await run(args, args[1] === '-' ? 'sudoku:3x3:abc\n' : undefined);
      expectRefused(r, message);
    });
  }
});

describe('numberlink solve, grade, hint, render', () => {
  it.concurrent('solve: label grid, drawn paths, --json; none → 20', async () => {
    const r = await run(['solve', fx('unique.nl')]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual(UNIQUE_SOLUTION);
    const paths = await run(['solve', '--format', 'paths', fx('unique.nl')]);
    expect(paths.stdout).toBe(`${DRAWN.join('\n')}\n`);
    const j = JSON.parse((await run(['solve', '--json', fx('unique.nl')])).stdout);
    expect(j[0]).toMatchObject({ kind: 'found', family: 'numberlink' });
    expect(j[0].solution.labels).toEqual(UNIQUE_SOLUTION);
    const none = await run(['solve', fx('none.nl')]);
    expect(none.code).toBe(20);
    expect(none.stderr).toContain('no solution');
  });
  it.concurrent("verify reads solve's label grid back where a path runs beside itself; a routing out of time → 40", async () => {
    // Issue 15: one label covers 74 cells, and a greedy routing of them gave up (exit 2).
    const id = 'numberlink:17x5-strict:j1g1g2h3m3j2';
    const solved = await run(['solve', '--id', id]);
    expect(solved.code).toBe(0);
    const ok = await run(['verify', '--id', id, '--solution', file('beside.txt', solved.stdout)]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('17x5 strict: a solution');
    // One label over a 40x40 board: routing it takes more than a millisecond.
    const big = file('big.flow', `A${'.'.repeat(38)}A\n${`${'.'.repeat(40)}\n`.repeat(39)}`);
    const late = await run(['verify', big, '--solution', file('big.txt', `${'A'.repeat(40)}\n`.repeat(40)), '--budget-ms', '1']);
    expect(late.code).toBe(40);
    expect(late.stdout).toContain('40x40 strict: undecided: whether the cells labelled A form one path');
  });
  it.concurrent('grade: a level and its metrics; several solutions → 30', async () => {
    const r = await run(['grade', fx('unique.nl')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/unique\.nl 5x5 strict: (easy|medium|hard|expert) \(score \d+\) .*pairs=4/);
    const m = await run(['grade', fx('ambiguous.flow')]);
    expect(m.code).toBe(30);
    expect(m.stdout).toContain('several solutions');
  });
  it.concurrent('hint: from an empty grid, after moves, a mistake, and none once solved', async () => {
    const first = await run(['hint', fx('unique.nl')]);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^(only way on|two ways in): /);
    expect(first.stdout).toMatch(/as a move: s\d\.\d-\d\.\d/);
    // A, B and C drawn whole: what is left is D's path.
    const abc = 's1.2-1.1-2.1-3.1\ns2.2-2.3-1.3-1.4-1.5-2.5-3.5-4.5-5.5-5.4-5.3-5.2-5.1-4.1\ns2.4-3.4-4.4-4.3 # C\n';
    const three = await run(['hint', fx('unique.nl'), '--moves', file('abc.txt', abc), '--json']);
    const j = JSON.parse(three.stdout);
    expect(j.solved).toBe(false);
    expect(j.hint.focus.cells.length).toBeGreaterThanOrEqual(2);
    const all = await run(['hint', fx('unique.nl'), '--moves', file('all.txt', `${abc}s3.3-3.2-4.2\n`)]);
    expect(all.code).toBe(1);
    expect(all.stdout).toContain('no hint: the puzzle is solved');
    const wrong = await run(['hint', fx('unique.nl'), '--moves', file('wrong.txt', 's2.2-3.2\n')]);
    expect(wrong.stdout).toMatch(/^mistake: The link between row 2, column 2 and row 3, column 2/);
    const bad = await run(['hint', fx('unique.nl'), '--moves', file('bad.txt', 's1.1-1.2\ns1.1-3.3\n')]);
    expectRefused(bad, /bad\.txt: line 2: bad move "s1\.1-3\.3"/);
    const amb = await run(['hint', fx('ambiguous.flow')]);
    expect(amb.code).toBe(1);
    expect(amb.stdout).toContain('no hint: the puzzle has several solutions');
  });
  it.concurrent('hint under a budget: inconclusive (exit 40) on numlin/1000/40/, with --budget-ms and --max-nodes; --json gives the result', async () => {
    const big = file('big.numlin', 'https://puzz.link/p?numlin/1000/40/\n');
    const t = performance.now();
    const [byTime, byNodes] = await Promise.all([run(['hint', big, '--budget-ms', '100']), run(['hint', big, '--max-nodes', '20', '--json'])]);
    expect(byTime.code).toBe(40);
    expect(byTime.stdout).toMatch(/inconclusive: no hint found within the budget \(deadline after \d+ nodes, \d+ ms\)/);
    // The process as a whole (start-up included) ends in seconds, not the 48 s of an unbounded hint.
    expect(performance.now() - t).toBeLessThan(15_000);
    expect(byNodes.code).toBe(40);
    const j = JSON.parse(byNodes.stdout);
    expect(j.result).toMatchObject({ kind: 'inconclusive', stop: 'node-limit', stats: { nodes: expect.any(Number), ms: expect.any(Number) } });
    expect(j.hint).toBeNull();
  });
  it.concurrent('render: the solved paths, ASCII, unsolved', async () => {
    const r = await run(['render', fx('unique.nl')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${fx('unique.nl')} 5x5 strict\n${DRAWN.join('\n')}\n\n`);
    const ascii = await run(['render', '--ascii', fx('unique.nl')]);
    expect(ascii.stdout).toContain('+-A +---+\n|   |   |\n| B-+ C |');
    const blank = await run(['render', '--no-solution', fx('unique.nl')]);
    expect(blank.stdout).toContain('· A · · ·\n· B · C ·');
    const none = await run(['render', fx('none.nl')]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no solution; drawn unsolved');
  });
});

describe('numberlink generate', () => {
  const args = ['generate', '--family', 'numberlink', '--size', '7x6', '--level', 'easy', '-n', '2', '--seed', 'fixed'];
  it.concurrent('the same seed gives the same output; it re-counts as unique; progress on stderr', async () => {
    const [a, b] = await Promise.all([run([...args, '--format', 'grid']), run([...args, '--format', 'grid'])]);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toMatch(/^7 6\n/);
    expect(a.stderr).toMatch(new RegExp(`\\[2/2\\] numberlink@${V}:7x6-easy[^#\\s]*#fixed-1`));
    const c = await run(['count'], a.stdout);
    expect(c.code).toBe(10);
    expect(c.stdout.trim().split('\n')).toHaveLength(2);
  });
  it.concurrent('puzzle i of seed S is the puzzle of seed S-i, and the seeded id regenerates it', async () => {
    const many = await run([...args, '--quiet']);
    expect(many.stderr).toBe('');
    const second = await run(['generate', '--family', 'numberlink', '--size', '7x6', '--level', 'easy', '--seed', 'fixed-1']);
    expect(many.stdout.trim().split('\n')[1]).toBe(second.stdout.trim());
    const viaId = await run(['convert', '--id', `numberlink@${V}:7x6-easy#fixed-1`, '--to', 'id']);
    expect(viaId.stdout).toBe(second.stdout);
  });
  it.concurrent('--rule and --json: seeded id, rule, measured grade, certificate', async () => {
    const r = await run(['generate', '--family', 'numberlink', '--size', '6', '--rule', 'no-2x2', '--seed', 'j', '--json']);
    expect(r.code).toBe(0);
    const [g] = JSON.parse(r.stdout);
    expect(g).toMatchObject({ ok: true, family: 'numberlink', rule: 'no-2x2', width: 6, height: 6 });
    expect(g.seededId).toMatch(new RegExp(`^numberlink@${V}:6x6-medium[^#]*#j$`));
    expect(g.id).toMatch(/^numberlink:6x6-no-2x2:/);
    expect(g.certificate).toMatchObject({ kind: 'unique', stop: 'completed' });
    expect(['easy', 'medium', 'hard', 'expert']).toContain(g.grade.level);
    expect((await run(['count', '--id', g.id])).code).toBe(10);
  });
  it.concurrent('a generation out of time exits 1 with its typed reason and leaves --out untouched', async () => {
    const out = join(tmp, 'keep.nl');
    writeFileSync(out, 'previous content\n');
    const r = await run(['generate', '--family', 'numberlink', '--size', '12', '-n', '2', '--seed', 's', '--budget-ms', '0', '--format', 'grid', '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`generation failed for numberlink@${V}:12x12-medium[^#]*#s: deadline`));
    expect(readFileSync(out, 'utf8')).toBe('previous content\n');
    expect(readdirSync(tmp).filter((f) => f.includes('keep.nl') && f !== 'keep.nl')).toEqual([]);
  });
  it.concurrent('--out writes the whole file; bad parameters → 2', async () => {
    const out = join(mkdtempSync(join(tmp, 'out-')), 'set.flow');
    const r = await run(['generate', '--family', 'numberlink', '--size', '6', '-n', '2', '--seed', 'o', '--format', 'letters', '--out', out, '--quiet']);
    expect(r.code).toBe(0);
    expect(existsSync(out)).toBe(true);
    expect((await run(['count', out])).code).toBe(10);
    const bad = await Promise.all([
      run(['generate', '--family', 'numberlink', '--size', '3']),
      run(['generate', '--family', 'numberlink', '--format', 'non']),
      run(['generate', '--rule', 'no-2x2']),
      run(['generate', '--family', 'sudoku']),
      run(['generate', '--level', 'hard', '--difficulty', 'easy']),
    ]);
    expect(bad.map((b) => b.code)).toEqual([2, 2, 2, 2, 2]);
    expect(bad[0].stderr).toContain('sides must be from 5');
    expect(bad[2].stderr).toContain('nonogram puzzles have no rule sets');
  });
});

describe('numberlink help', () => {
  it.concurrent('help texts name the families, formats and rule sets', async () => {
    const [top, gen, conv] = await Promise.all([run(['--help']), run(['generate', '--help']), run(['convert', '--help'])]);
    expect(top.stdout).toContain('numberlink grid, letters, numlin, id');
    expect(gen.stdout).toContain('--family <family>');
    expect(gen.stdout).toContain(`numberlink@${V}:WxH-level[-rule]#seed`);
    expect(conv.stdout).toMatch(/numberlink:\n\s+grid/);
    const version = await run(['--version']);
    expect(version.stdout).toContain(`numberlink ${V}`);
  });
});
