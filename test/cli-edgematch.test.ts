/**
 * The `proofgrid` command on edge-matching puzzles, run as a user runs it, on fixtures in
 * test/fixtures/cli/edgematch/ whose answers are known:
 * - unique.txt: a generated 4x4 puzzle in Heule's format (3 clues), one solution;
 * - two.tud: a 2x2 board of four corners without clues: the picture and its quarter turn, two boards;
 * - none.tud: the same with one colour changed, no solution;
 * - opposite.txt, short.puz, score.json: bad input (a piece grey on opposite sides, a piece missing,
 *   a maxScore that is not the board's joint count).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unwrap } from '../src/core/result.ts';
import { parseEdgematchFile } from '../src/families/edgematch/index.ts';
import { makeClue, makeEdgematchId, makePuz } from '../src/families/edgematch/formats/index.ts';
import { makeInstance } from '../src/families/edgematch/puzzle.ts';
import { FAMILIES } from '../src/families/index.ts';
import { expectRefused, ROOT, run } from './cli-helpers.ts';

const fx = (name: string): string => join(ROOT, 'test', 'fixtures', 'cli', 'edgematch', name);
const tmp = mkdtempSync(join(tmpdir(), 'proofgrid-cli-em-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The generator version is read from the family, never written down here. */
const V = FAMILIES.edgematch.version;
const file = (name: string, text: string): string => {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return path;
};
/** The unique solution of unique.txt, as `solve` prints it. */
const solution = async (): Promise<string> => (await run(['solve', fx('unique.txt')])).stdout;
const clueCells = (): string[] => {
  const lines = readFileSync(fx('unique.txt'), 'utf8').trim().split('\n');
  return lines.slice(1, 1 + Number(lines[0])).map((l) => l.split(' ').slice(0, 2).join('.'));
};

describe('edgematch board suite files: clues beside the pieces', () => {
  it('a .puz file takes its clues from the .clue file of the same name beside it; without one it has none', async () => {
    const inst = unwrap(parseEdgematchFile(readFileSync(fx('unique.txt'), 'utf8'), 'unique.txt'))[0];
    const dir = mkdtempSync(join(tmp, 'suite-'));
    writeFileSync(join(dir, 'puzzle.puz'), makePuz(inst));
    writeFileSync(join(dir, 'puzzle.clue'), makeClue(inst));
    const withClues = await run(['count', join(dir, 'puzzle.puz')]);
    expect(withClues.code).toBe(10);
    // The same pieces alone: the board turned a half turn is a second solution at least.
    const bare = mkdtempSync(join(tmp, 'bare-'));
    writeFileSync(join(bare, 'puzzle.puz'), makePuz(inst));
    expect((await run(['count', join(bare, 'puzzle.puz')])).code).toBe(30);
    // A clue file that does not fit names itself.
    writeFileSync(join(dir, 'puzzle.clue'), '0 0 0 9\n');
    const bad = await run(['count', join(dir, 'puzzle.puz')]);
    expectRefused(bad, 'puzzle.clue');
  });
});

describe('edgematch count: verdicts and exit codes', () => {
  it.concurrent('unique → 10, --show prints the board as piece:rotation rows', async () => {
    const r = await run(['count', '--show', fx('unique.txt')]);
    expect(r.code).toBe(10);
    expect(r.stdout).toMatch(/unique\.txt 4x4: unique \(completed, \d+ nodes/);
    expect(r.stdout.trim().split('\n').slice(1)).toHaveLength(4);
    expect(r.stdout).toMatch(/^\s+\d+:\d( +\d+:\d){3}$/m);
  });
  it.concurrent('two solutions → 30 (both shown); none → 20; --limit 10 says exactly 4', async () => {
    const two = await run(['count', '--show', fx('two.tud')]);
    expect(two.code).toBe(30);
    expect(two.stdout).toContain('2x2: multiple: at least 2 solutions (completed');
    expect(two.stdout).toMatch(/^ {2}\d:\d \d:\d {3}\d:\d \d:\d$/m);
    // The picture turned by 0, 1, 2 and 3 quarter turns: four boards.
    expect((await run(['count', '--limit', '10', fx('two.tud')])).stdout).toContain('multiple: exactly 4 solutions');
    const none = await run(['count', fx('none.tud')]);
    expect(none.code).toBe(20);
    expect(none.stdout).toContain('2x2: none (completed');
  });
  it.concurrent('a search cut short by --max-nodes → 40', async () => {
    const r = await run(['count', '--max-nodes', '2', fx('unique.txt')]);
    expect(r.code).toBe(40);
    expect(r.stdout).toContain('4x4: inconclusive (node-limit');
  });
  it.concurrent('--json: family, id and the verdict with board rows and placements', async () => {
    const [j] = JSON.parse((await run(['count', '--json', fx('unique.txt')])).stdout);
    expect(j).toMatchObject({ family: 'edgematch', width: 4, height: 4, exitCode: 10, verdict: { kind: 'unique', stop: 'completed' } });
    expect(j.id).toMatch(/^edgematch:4x4:[0-9a-zA-Z]{64}(\.\d+-\d+-\d){3}$/);
    expect(j.verdict.solution.rows).toHaveLength(4);
    expect(j.verdict.solution.cells).toHaveLength(16);
    expect(j.verdict.solution.cells[0]).toMatchObject({ piece: expect.any(Number), rotation: expect.any(Number) });
    const m = JSON.parse((await run(['count', '--json', fx('two.tud')])).stdout)[0];
    expect(m.verdict.solutions).toHaveLength(2);
    expect(m.verdict.solutions[0].rows).not.toEqual(m.verdict.solutions[1].rows);
  });
  it.concurrent('ids of three families together: one line each, the worst answer', async () => {
    const id = (await run(['convert', fx('unique.txt'), '--to', 'id'])).stdout.trim();
    const r = await run(['count', '--id', id, '--id', 'nonogram:2x2:1/1/1/1', '--id', 'numberlink:3x3-strict:1m1']);
    expect(r.code).toBe(30);
    expect(r.stdout.trim().split('\n')[0]).toMatch(/^id #1 4x4: unique/);
  });
  it.concurrent('--engine: the JSON names the engine that ran, each engine gives the same verdict; other families refuse it', async () => {
    const [d] = JSON.parse((await run(['solve', '--json', fx('unique.txt')])).stdout);
    expect(d).toMatchObject({ engine: 'turns', kind: 'found' });
    const [c] = JSON.parse((await run(['count', '--json', fx('unique.txt')])).stdout);
    expect(c.engine).toBe('turns');
    for (const engine of ['backtrack', 'xcc', 'turns']) {
      const [v] = JSON.parse((await run(['count', '--json', '--engine', engine, fx('unique.txt')])).stdout);
      expect(v).toMatchObject({ engine, exitCode: 10, verdict: { kind: 'unique', solution: { rows: c.verdict.solution.rows } } });
      const n = await run(['solve', '--engine', engine, fx('none.tud')]);
      expect(n.code).toBe(20);
    }
    expectRefused(await run(['count', '--engine', 'xcc', '--id', 'nonogram:2x2:1/1/1/1']), 'nonogram has one engine');
    expectRefused(await run(['count', '--engine', 'dlx', fx('unique.txt')]), /dlx/);
  });
  it.concurrent('--distinct: colourings by default, placements on request, said in the line and the JSON; other families refuse it', async () => {
    // 3x3 with its top-left corner clued whose centre piece shows 9 N and S, 10 E and W: one colouring, two placements.
    const pieces: [number, number, number, number][] = [
      [0, 1, 5, 0],
      [0, 2, 9, 1],
      [0, 0, 6, 2],
      [5, 10, 7, 0],
      [9, 10, 9, 10],
      [6, 0, 8, 10],
      [7, 3, 0, 0],
      [9, 4, 0, 3],
      [8, 0, 0, 4],
    ];
    const id = makeEdgematchId(unwrap(makeInstance(3, 3, pieces, [{ cell: 0, piece: 0, rotation: 0 }])));
    const line = await run(['count', '--id', id]);
    expect(line.code).toBe(10);
    expect(line.stdout).toMatch(/: unique \(.*\) as colourings$/m);
    const strict = await run(['count', '--limit', '5', '--distinct', 'placements', '--engine', 'backtrack', '--id', id]);
    expect(strict.code).toBe(30);
    expect(strict.stdout).toMatch(/: multiple: exactly 2 solutions \(.*\) as placements$/m);
    const [j] = JSON.parse((await run(['count', '--json', '--limit', '5', '--id', id])).stdout);
    expect(j).toMatchObject({ distinct: 'colourings', exitCode: 10, verdict: { kind: 'unique' } });
    const [k] = JSON.parse((await run(['count', '--json', '--limit', '5', '--distinct', 'placements', '--engine', 'xcc', '--id', id])).stdout);
    expect(k).toMatchObject({ distinct: 'placements', verdict: { kind: 'multiple' } });
    expectRefused(await run(['count', '--distinct', 'placements', '--id', 'nonogram:2x2:1/1/1/1']), 'nonogram has one reading');
  });
});

describe('edgematch inputs and convert', () => {
  it.concurrent('heule → id → anjou → tud-less heule → id: the same puzzle all the way', async () => {
    const id = await run(['convert', fx('unique.txt'), '--to', 'id']);
    expect(id.code).toBe(0);
    expect(id.stdout).toMatch(/^edgematch:4x4:\S+\n$/);
    const anjou = await run(['convert', '--to', 'anjou'], id.stdout);
    expect(JSON.parse(anjou.stdout)).toMatchObject({ width: 4, height: 4, maxScore: 24 });
    const json = file('p.json', anjou.stdout);
    const heule = await run(['convert', json, '--to', 'heule']);
    expect(heule.stdout).toBe(readFileSync(fx('unique.txt'), 'utf8'));
    expect((await run(['convert', '--to', 'id'], heule.stdout)).stdout).toBe(id.stdout);
  });
  it.concurrent('puz drops the clues with a note; a .puz file is read by its extension; tud refuses clues and writes nothing', async () => {
    const puz = await run(['convert', fx('unique.txt'), '--to', 'puz']);
    expect(puz.code).toBe(0);
    expect(puz.stdout).toMatch(/^4 4\n/);
    expect(puz.stderr).toContain('3 clues were dropped');
    // Without its clues the puzzle has its quarter turns as other solutions.
    expect((await run(['count', file('a.puz', puz.stdout)])).code).toBe(30);
    const out = join(tmp, 'never.tud');
    const tud = await run(['convert', fx('unique.txt'), '--to', 'tud', '--out', out]);
    expectRefused(tud, 'the tud format carries no clues; this puzzle has 3');
    expect(existsSync(out)).toBe(false);
    const back = await run(['convert', fx('two.tud'), '--to', 'tud']);
    expect(back.stdout).toBe(readFileSync(fx('two.tud'), 'utf8'));
  });
  it.concurrent('id lists hold several puzzles; other formats one; --from and --family', async () => {
    const one = (await run(['convert', fx('unique.txt'), '--to', 'id'])).stdout;
    const two = (await run(['convert', fx('two.tud'), '--to', 'id'])).stdout;
    const list = file('list.txt', `# two ids\n${one}\n${two}`);
    const r = await run(['count', list]);
    expect(r.code).toBe(30);
    expect(r.stdout).toMatch(/#1 4x4: unique[\s\S]*#2 2x2: multiple/);
    const many = await run(['convert', list, '--to', 'heule']);
    expectRefused(many, 'a heule file holds one edgematch puzzle, not 2');
    expect((await run(['count', '--from', 'tud', '--family', 'edgematch'], readFileSync(fx('two.tud'), 'utf8'))).code).toBe(30);
    const wrong = await run(['count', '--family', 'edgematch', '--from', 'grid', fx('two.tud')]);
    expectRefused(wrong, 'edgematch puzzles have no format "grid"');
  });
});

describe('edgematch bad input → 2, naming the problem', () => {
  const cases: [string, string[], RegExp][] = [
    ['a piece grey on opposite sides', ['count', fx('opposite.txt')], /opposite\.txt: line 6: piece 2 \(1 0 3 0\) has grey on opposite sides \(E, W\)/],
    ['a missing piece', ['count', fx('short.puz')], /short\.puz: line 1: a 4x4 board needs 16 pieces, the input has 15/],
    ['a maxScore that is not the joint count', ['count', fx('score.json')], /score\.json: "maxScore" is 25, but a 4x4 board has 24 joints/],
    ['a bad id body', ['count', '--id', 'edgematch:2x2:01300041'], /--id edgematch:2x2:01300041: a 2x2 board needs 4 pieces, the input has 2/],
    ['bad JSON', ['count', '--from', 'anjou', '-'], /<stdin>.*not valid JSON/],
    [
      'a seeded id of another generator version',
      ['count', '--id', `edgematch@${V + 7}:6x6-easy#a`],
      new RegExp(`generator version ${V + 7}, but this proofgrid has version ${V}`),
    ],
    [
      'solve --format paths',
      ['solve', '--format', 'paths', fx('unique.txt')],
      /edgematch solutions cannot be printed as paths \(--format grid, sol, picture\)/,
    ],
    ['generate with a size out of range', ['generate', '--family', 'edgematch', '--size', '11'], /--size 11: sides must be from 4 to 10/],
    [
      'generate several into a one-puzzle format',
      ['generate', '--family', 'edgematch', '-n', '2', '--format', 'puz'],
      /a puz file holds one edgematch puzzle, not 2/,
    ],
  ];
  for (const [what, args, message] of cases) {
    it.concurrent(what, async () => {
      const r = await run(args, args.includes('-') ? '{"width": 2,\n "height": 2,, }\n' : undefined);
      expectRefused(r, message);
    });
  }
});

describe('edgematch solve, verify, grade, hint, render', () => {
  it.concurrent('solve: the board text, .sol lines, a picture; none → 20', async () => {
    const r = await run(['solve', fx('unique.txt')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^4x4\n(\d+:\d( \d+:\d){3}\n){4}$/);
    const sol = await run(['solve', '--format', 'sol', fx('unique.txt')]);
    expect(sol.stdout.trim().split('\n')).toHaveLength(16);
    expect(sol.stdout.trim().split('\n')[0]).toMatch(/^0 [0-3] [0-3] [0-3]$/);
    const pic = await run(['solve', '--format', 'picture', fx('unique.txt')]);
    const lines = pic.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(17);
    expect(lines[0]).toMatch(/^┌─+┬/);
    // The frame is grey all round: dots on the outer sides.
    expect(lines[1]).toMatch(/^│ +· +│/);
    const none = await run(['solve', fx('none.tud')]);
    expect(none.code).toBe(20);
    expect(none.stderr).toContain('no solution');
  });
  it.concurrent('verify: a solution → 0, in either solution format; a broken board → 1 naming the problem; junk → 2', async () => {
    const board = await solution();
    expect((await run(['verify', fx('unique.txt'), '--solution', file('b.txt', board)])).stdout).toContain('4x4: a solution');
    const sol = (await run(['solve', '--format', 'sol', fx('unique.txt')])).stdout;
    expect((await run(['verify', fx('unique.txt'), '--solution', file('b.sol', sol)])).code).toBe(0);
    // Swap the first two cells of the first row.
    const rows = board.split('\n');
    const first = rows[1].split(' ');
    rows[1] = [first[1], first[0], ...first.slice(2)].join(' ');
    const broken = await run(['verify', fx('unique.txt'), '--solution', file('broken.txt', rows.join('\n'))]);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/not a solution: row \d+, column \d+ shows/);
    const junk = await run(['verify', fx('unique.txt'), '--solution', file('junk.txt', '4x4\n1:1\n')]);
    expectRefused(junk, /junk\.txt: line 2: the board has 1 rows, its size line says 4/);
    const twice = await run(['verify', fx('unique.txt'), '--solution', '-'], '4x4\n0:0 0:1 . .\n. . . .\n. . . .\n. . . .\n');
    expectRefused(twice, 'piece 0 is already placed');
  });
  it.concurrent('grade: a level and its metrics; several solutions → 30', async () => {
    const r = await run(['grade', fx('unique.txt')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/unique\.txt 4x4: (easy|medium|hard|expert) \(score \d+\) .*clues=3/);
    const m = await run(['grade', fx('two.tud')]);
    expect(m.code).toBe(30);
    expect(m.stdout).toContain('several solutions');
  });
  it.concurrent('hint: from the clues, after moves, a mistake, from a marks file, none once solved; clue moves refused', async () => {
    const first = await run(['hint', fx('unique.txt')]);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/as a move: p\d+@\d\.\d:\d$/m);
    // Play the hint's move, then ask again: another hint.
    const move = /as a move: (\S+)/.exec(first.stdout)![1];
    const next = await run(['hint', fx('unique.txt'), '--moves', file('m1.txt', `${move}\n`), '--json']);
    const j = JSON.parse(next.stdout);
    expect(j).toMatchObject({ family: 'edgematch', solved: false, complete: false });
    expect(j.hint.focus).toMatchObject({ piece: expect.any(Number), rotation: expect.any(Number) });
    // Every cell of the solution as moves (clue cells skipped): solved, no hint.
    const board = (await solution())
      .trim()
      .split('\n')
      .slice(1)
      .map((r) => r.split(' '));
    const clues = clueCells();
    const moves = board
      .flatMap((row, r) => row.map((cell, c) => (clues.includes(`${r + 1}.${c + 1}`) ? '' : `p${cell.replace(':', `@${r + 1}.${c + 1}:`)}`)))
      .filter((m) => m !== '');
    expect(moves).toHaveLength(13);
    const all = await run(['hint', fx('unique.txt'), '--moves', file('all.txt', moves.join(' '))]);
    expect(all.code).toBe(1);
    expect(all.stdout).toContain('no hint: the puzzle is solved');
    // The solution's first free placement turned once more is a mistake, and the hint says to take it.
    const m = /^p(\d+)@(\d)\.(\d):(\d)$/.exec(moves[0])!;
    const wrong = await run(['hint', fx('unique.txt'), '--moves', file('wrong.txt', `p${m[1]}@${m[2]}.${m[3]}:${(Number(m[4]) + 1) % 4}\n`)]);
    expect(wrong.stdout).toMatch(
      new RegExp(`^mistake: Piece ${m[1]} .* at row ${m[2]}, column ${m[3]} is not part of the solution\\.\\n.*as a move: t${m[2]}\\.${m[3]}`),
    );
    // A marks file: the solution's first row only (clue cells may be left empty).
    const marks = ['4x4', board[0].join(' '), '. . . .', '. . . .', '. . . .'].join('\n');
    expect((await run(['hint', fx('unique.txt'), '--marks', file('marks.txt', marks)])).code).toBe(0);
    const clue = clueCells()[0];
    const bad = await run(['hint', fx('unique.txt'), '--moves', file('bad.txt', `${moves[0]}\nr${clue}\n`)]);
    expectRefused(
      bad,
      new RegExp(`bad\\.txt: line 2: bad move "r${clue.replace('.', '\\.')}": row \\d, column \\d holds a clue \\(piece \\d+\\), which cannot be turned`),
    );
    const amb = await run(['hint', fx('two.tud')]);
    expect(amb.code).toBe(1);
    expect(amb.stdout).toContain('no hint: the puzzle has several solutions');
  });
  it.concurrent('render: the solved board, ASCII, unsolved with the clues and the pieces', async () => {
    const r = await run(['render', fx('unique.txt')]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(`${fx('unique.txt')} 4x4`);
    const ascii = await run(['render', '--ascii', fx('unique.txt')]);
    expect(ascii.stdout.split('\n')[1]).toMatch(/^\+-+\+-+\+/);
    expect(ascii.stdout).toMatch(/^\| +\. +\|/m);
    const blank = await run(['render', '--no-solution', fx('unique.txt')]);
    expect(blank.stdout).toContain('pieces (N E S W unturned, colours as in the id):');
    // The 3 clue pieces are drawn, the other 13 listed.
    expect(blank.stdout.match(/\b\d+:[0-9a-zA-Z]{4}\b/g)).toHaveLength(13);
    const none = await run(['render', fx('none.tud')]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no solution; drawn unsolved');
  });
});

describe('edgematch generate', () => {
  const args = ['generate', '--family', 'edgematch', '--size', '5x4', '--level', 'easy', '-n', '2', '--seed', 'fixed'];
  it.concurrent('the same seed gives the same output; it re-counts as unique; the seeded id regenerates it', async () => {
    const [a, b] = await Promise.all([run(args), run(args)]);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).toMatch(/^(edgematch:5x4:\S+\n){2}$/);
    expect(a.stderr).toMatch(new RegExp(`\\[2/2\\] edgematch@${V}:5x4-easy#fixed-1`));
    const c = await run(['count'], a.stdout);
    expect(c.code).toBe(10);
    const viaId = await run(['convert', '--id', `edgematch@${V}:5x4-easy#fixed-1`, '--to', 'id']);
    expect(viaId.stdout).toBe(`${a.stdout.split('\n')[1]}\n`);
  });
  it.concurrent('defaults to 6x6; --json: seeded id, measured grade, certificate; heule --out is read back', async () => {
    const r = await run(['generate', '--family', 'edgematch', '--seed', 'j', '--json']);
    expect(r.code).toBe(0);
    const [g] = JSON.parse(r.stdout);
    expect(g).toMatchObject({ ok: true, family: 'edgematch', width: 6, height: 6, seededId: `edgematch@${V}:6x6-medium#j` });
    expect(g.certificate).toMatchObject({ kind: 'unique', stop: 'completed' });
    expect(['easy', 'medium', 'hard', 'expert']).toContain(g.grade.level);
    const out = join(tmp, 'gen.txt');
    const h = await run(['generate', '--family', 'edgematch', '--seed', 'j', '--format', 'heule', '--out', out, '--quiet']);
    expect(h.code).toBe(0);
    expect((await run(['convert', out, '--to', 'id'])).stdout.trim()).toBe(g.id);
  });
});

describe('edgematch help', () => {
  it.concurrent('help texts name the family, its formats and moves', async () => {
    const [top, conv, hint, version] = await Promise.all([run(['--help']), run(['convert', '--help']), run(['hint', '--help']), run(['--version'])]);
    expect(top.stdout).toContain('edgematch heule, puz, anjou, tud, id');
    expect(conv.stdout).toMatch(/edgematch:\n\s+heule/);
    expect(hint.stdout).toMatch(/edgematch\s+p7@2\.3:1/);
    expect(version.stdout).toContain(`edgematch ${V}`);
  });
});
