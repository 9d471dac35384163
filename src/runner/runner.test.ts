import { describe, expect, it } from 'vitest';
import { makeNonogram, unwrapNonogram } from '../families/nonogram/puzzle.ts';
import { makeNonogramId } from '../families/nonogram/formats/index.ts';
import { nonogram } from '../families/nonogram/index.ts';
import { RunnerClient } from './client.ts';
import { handle } from './handler.ts';
import { nodeRunner } from './node.ts';
import { decodeMessage, decodeRequest, encodeRequest, type Answer, type Message, type Request } from './protocol.ts';

/** Runs one request through the handler; returns every message it emitted, in order. */
function call(req: Request | string): Message[] {
  const out: Message[] = [];
  handle(typeof req === 'string' ? req : encodeRequest(1, req), (m) => out.push(decodeMessage(m)));
  return out;
}
function answer(req: Request): Answer {
  const ms = call(req);
  const last = ms[ms.length - 1];
  if (last.type !== 'done') throw new Error(`expected done, got ${JSON.stringify(last)}`);
  return last.answer;
}
const idOf = (w: number, h: number, rows: number[][], cols: number[][]): string => makeNonogramId(unwrapNonogram(makeNonogram(w, h, rows, cols)));
const AMBIGUOUS = idOf(2, 2, [[1], [1]], [[1], [1]]);
const IMPOSSIBLE = idOf(2, 2, [[], [2]], [[2], []]);

describe('runner protocol', () => {
  it('refuses malformed requests with a message naming the problem', () => {
    expect(call('not json')).toEqual([{ seq: -1, type: 'error', code: 'ERR_REQUEST', message: 'request is not JSON' }]);
    expect(call('{"seq":3,"op":"fly"}')[0]).toMatchObject({ seq: 3, type: 'error', message: expect.stringContaining('unknown op "fly"') });
    expect(call('{"seq":3,"op":"hint","puzzle":"x"}')[0]).toMatchObject({ type: 'error', message: '"hint" needs "moves", an array of strings' });
    expect(decodeRequest('{"seq":1,"op":"generate","family":"nonogram","params":"5x5"}')).toMatchObject({
      ok: false,
      message: '"generate" needs a string "seed"',
    });
    expect(call({ op: 'generate', family: 'sudoku', params: '9x9', seed: 'a' })[0]).toMatchObject({ type: 'error', code: 'ERR_FAMILY' });
    expect(call({ op: 'generate', family: 'nonogram', params: '3x3', seed: 'a' })[0]).toMatchObject({ type: 'error', code: 'ERR_SIZE' });
    expect(call({ op: 'hint', puzzle: AMBIGUOUS, moves: ['f9.9'] })[0]).toMatchObject({ type: 'error', code: 'ERR_MOVE' });
  });

  it('generates a certified puzzle with progress, its seeded id and grade; the same again from its id', () => {
    const msgs = call({ op: 'generate', family: 'nonogram', params: '10x10-easy', seed: 'runner' });
    expect(msgs.filter((m) => m.type === 'progress').length).toBeGreaterThan(0);
    const a = answer({ op: 'generate', family: 'nonogram', params: '10x10-easy', seed: 'runner' });
    if (a.op !== 'generate' || !a.result.ok) throw new Error('generation failed');
    const info = a.result.info;
    expect(info).toMatchObject({ family: 'nonogram', shareId: 'nonogram@1:10x10-easy#runner', version: 1, provenance: 'generated', verdict: 'unique' });
    expect(info.grade?.level).toBe('easy');
    // The generator's own output, and what opening its share id gives back.
    const direct = nonogram.generate({ width: 10, height: 10, level: 'easy' }, 'runner');
    expect(direct.ok && nonogram.makePuzzle(direct.puzzle)).toBe(info.puzzle);
    const o = answer({ op: 'open', id: info.shareId });
    expect(o.op === 'open' && o.result.ok && o.result.info).toMatchObject({ puzzle: info.puzzle, provenance: 'opened', version: 1 });
  });

  it('says when a seeded id needs a generator version this build does not have', () => {
    const o = answer({ op: 'open', id: 'nonogram@99:10x10-easy#x' });
    expect(o).toMatchObject({ op: 'open', result: { ok: false, reason: 'unsupported-version', message: expect.stringContaining('version 99') } });
  });

  it('a generation with no candidate at the level asked answers other-level with the puzzle found, shared by its descriptive id', () => {
    const o = answer({ op: 'open', id: 'numberlink@5:5x5-expert#b' });
    if (o.op !== 'open' || o.result.ok) throw new Error('expected the other-level failure');
    expect(o.result.reason).toBe('other-level');
    const near = o.result.nearest;
    expect(near).toMatchObject({ family: 'numberlink', provenance: 'generated', version: 5, verdict: 'unique', grade: { level: 'easy' } });
    expect(near?.shareId).toBe(near?.puzzle);
    // Opened by that id, it is the same puzzle, measured at the same level.
    const again = answer({ op: 'open', id: near?.puzzle ?? '' });
    expect(again.op === 'open' && again.result.ok && again.result.info.grade?.level).toBe('easy');
  });

  it('a generation that cannot certify in budget is a typed failure, not an error', () => {
    const a = answer({ op: 'generate', family: 'nonogram', params: '30x30-expert', seed: 's', deadlineMs: 1 });
    expect(a).toMatchObject({ op: 'generate', result: { ok: false, reason: 'deadline' } });
  });

  it('opens descriptive ids with their verdicts: unique (graded), multiple, none', () => {
    const g = nonogram.generate({ width: 8, height: 8, level: 'medium' }, 'd');
    if (!g.ok) throw new Error('generation failed');
    const cases: [string, string][] = [
      [nonogram.makePuzzle(g.puzzle), 'unique'],
      [AMBIGUOUS, 'multiple'],
      [IMPOSSIBLE, 'none'],
    ];
    for (const [id, verdict] of cases) {
      const o = answer({ op: 'open', id });
      if (o.op !== 'open' || !o.result.ok) throw new Error('open failed');
      expect(o.result.info).toMatchObject({ puzzle: id, shareId: id, verdict, version: null, provenance: 'opened' });
      expect(o.result.info.grade !== null).toBe(verdict === 'unique');
    }
  });

  it('imports a file and reports each puzzle verdict; a bad file is an error naming the line', () => {
    const text = 'width 2\nheight 2\n\nrows\n1\n1\n\ncolumns\n1\n1\n';
    const a = answer({ op: 'import', family: 'nonogram', text, filename: 'two.non' });
    expect(a.op === 'import' && a.puzzles.map((p) => [p.verdict, p.provenance])).toEqual([['multiple', 'imported']]);
    const bad = call({ op: 'import', family: 'nonogram', text: 'width 2\nheight x\n', filename: 'bad.non' });
    expect(bad[0]).toMatchObject({ type: 'error', message: expect.stringMatching(/line 2/) });
  });

  it('an import hands back boards over its maxSide uncounted, and counts the others', () => {
    const small = 'width 2\nheight 2\n\nrows\n1\n1\n\ncolumns\n1\n1\n';
    // A 300x300 board of 1,1,... lines: counting it would run to the deadline.
    const ones = Array.from({ length: 300 }, () => Array(150).fill(1).join(',')).join('\n');
    const big = `width 300\nheight 300\n\nrows\n${ones}\n\ncolumns\n${ones}\n`;
    const t0 = performance.now();
    const a = answer({ op: 'import', family: 'nonogram', text: big, filename: 'big.non', maxSide: 100 });
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(a.op === 'import' && a.puzzles.map((p) => [p.verdict, p.unchecked, p.certificate.nodes])).toEqual([['inconclusive', 'too-large', 0]]);
    const b = answer({ op: 'import', family: 'nonogram', text: small, filename: 'two.non', maxSide: 100 });
    expect(b.op === 'import' && b.puzzles.map((p) => [p.verdict, p.unchecked])).toEqual([['multiple', undefined]]);
    expect(call({ op: 'import', family: 'nonogram', text: small, maxSide: -1 } as unknown as Request)[0]).toMatchObject({
      type: 'error',
      message: expect.stringMatching(/maxSide/),
    });
  });

  it('a streamed import lists its puzzles uncounted first, then sends each verdict as it is counted', () => {
    const two = 'width 2\nheight 2\n\nrows\n1\n1\n\ncolumns\n1\n1\n';
    const ids = [AMBIGUOUS, IMPOSSIBLE, idOf(2, 2, [[2], [2]], [[2], [2]])];
    const ms = call({ op: 'import', family: 'nonogram', text: `${ids.join('\n')}\n`, stream: true, maxSide: 100 });
    expect(ms.map((m) => m.type)).toEqual(['listed', 'item', 'item', 'item', 'done']);
    const listed = ms[0];
    expect(listed.type === 'listed' && listed.puzzles.map((p) => [p.puzzle, p.unchecked, p.verdict])).toEqual(ids.map((id) => [id, 'pending', 'inconclusive']));
    expect(ms.slice(1, 4).map((m) => m.type === 'item' && [m.index, m.info.puzzle, m.info.verdict, m.info.unchecked])).toEqual([
      [0, ids[0], 'multiple', undefined],
      [1, ids[1], 'none', undefined],
      [2, ids[2], 'unique', undefined],
    ]);
    const done = ms[4];
    expect(done.type === 'done' && done.answer.op === 'import' && done.answer.puzzles.map((p) => p.verdict)).toEqual(['multiple', 'none', 'unique']);
    // Without `stream` the same file answers at once, nothing before it; a too-large board is listed as such and never counted.
    expect(call({ op: 'import', family: 'nonogram', text: two }).map((m) => m.type)).toEqual(['done']);
    const big = call({ op: 'import', family: 'nonogram', text: `${ids[0]}\n${ids[2]}\n`, stream: true, maxSide: 1 });
    expect(big.map((m) => m.type)).toEqual(['listed', 'done']);
    expect(big[0].type === 'listed' && big[0].puzzles.map((p) => p.unchecked)).toEqual(['too-large', 'too-large']);
  });

  it('an imported Numberlink puzzle is played under the first rule set that makes it unique: strict, no-2x2, no-touch', () => {
    // Unique under strict; several under strict but one under no-2x2 (generated under no-2x2); several
    // under strict and none under no-2x2 (a 3x3 board of one pair, corner to corner): no rule set fits.
    const unique =
      '...12.23.34\n..5.67..78.\n........9..\n...ABC.....\n.....A.....\n...DEC.....\n.....ED....\n.........8.\n...B....95.\n.......6...\n1........4.';
    const flow =
      '1..........\n2..........\n1..........\n.....34....\n...565.....\n.7...6.....\n...........\n..4........\n.3.........\n.7.2.......\n...........';
    const none = '1..\n...\n..1';
    const a = answer({ op: 'import', family: 'numberlink', text: `${unique}\n\n${flow}\n\n${none}\n`, filename: 'set.txt' });
    if (a.op !== 'import') throw new Error('not an import');
    const [u, f, n] = a.puzzles;
    expect([u.verdict, u.rules, /-strict:/.test(u.puzzle)]).toEqual(['unique', [{ rule: 'strict', verdict: 'unique' }], true]);
    expect(u.grade).not.toBeNull();
    expect([f.verdict, f.rules, /^numberlink:11x11-no-2x2:/.test(f.puzzle), f.shareId === f.puzzle]).toEqual([
      'unique',
      [
        { rule: 'strict', verdict: 'multiple' },
        { rule: 'no-2x2', verdict: 'unique' },
      ],
      true,
      true,
    ]);
    // Fewer routings under each rule set than the one before: none under no-2x2 means none under no-touch, not tried.
    expect([n.verdict, n.rules, /-strict:/.test(n.puzzle), n.grade]).toEqual([
      'multiple',
      [
        { rule: 'strict', verdict: 'multiple' },
        { rule: 'no-2x2', verdict: 'none' },
      ],
      true,
      null,
    ]);
    // An id naming its own rule set keeps it.
    const own = answer({ op: 'import', family: 'numberlink', text: `${f.puzzle.replace('-no-2x2:', '-no-touch:')}\n` });
    expect(own.op === 'import' && [own.puzzles[0].puzzle.slice(0, 26), own.puzzles[0].rules]).toEqual(['numberlink:11x11-no-touch:', undefined]);
  });

  it('hints and checks from the move list, without revealing cells unless asked', () => {
    const g = nonogram.generate({ width: 10, height: 10, level: 'easy' }, 'hint');
    if (!g.ok) throw new Error('generation failed');
    const id = nonogram.makePuzzle(g.puzzle);
    const h = answer({ op: 'hint', puzzle: id, moves: [] });
    expect(h.op === 'hint' && h.result.kind === 'hint' && h.result.hint.technique).toBeTruthy();
    // One right fill and one wrong one.
    const filled = g.solution.indexOf(1);
    const empty = g.solution.indexOf(0);
    const at = (i: number) => `${Math.floor(i / 10) + 1}.${(i % 10) + 1}`;
    expect(answer({ op: 'check', puzzle: id, moves: [`f${at(filled)}`] })).toEqual({ op: 'check', available: true, mistakes: 0, wrong: [] });
    expect(answer({ op: 'check', puzzle: id, moves: [`f${at(filled)}`, `f${at(empty)}`] })).toEqual({
      op: 'check',
      available: true,
      mistakes: 1,
      wrong: [empty],
    });
    expect(answer({ op: 'check', puzzle: AMBIGUOUS, moves: [] })).toMatchObject({ available: false });
  });

  it('a hint searches within its deadlineMs and answers inconclusive when it runs out, none when nothing follows', () => {
    // The numlin/1000/40/ (no pairs): an unbounded hint took 48 s.
    const big = 'numberlink:1000x40-strict:';
    const t = performance.now();
    const h = answer({ op: 'hint', puzzle: big, moves: [], deadlineMs: 100 });
    expect(performance.now() - t).toBeLessThan(300);
    expect(h).toMatchObject({ op: 'hint', result: { kind: 'inconclusive', stop: 'deadline' } });
    expect(answer({ op: 'hint', puzzle: AMBIGUOUS, moves: [] })).toMatchObject({ op: 'hint', result: { kind: 'none', reason: 'no-step' } });
    expect(call({ op: 'hint', puzzle: big, moves: [], deadlineMs: -1 } as Request)[0]).toMatchObject({
      type: 'error',
      message: expect.stringContaining('deadlineMs'),
    });
  });
});

describe('runner client over a Node worker thread', () => {
  it('answers, and a cancel terminates a long generation at once and leaves a fresh worker for the next request', async () => {
    const client = nodeRunner();
    try {
      const a = await client.request({ op: 'open', id: AMBIGUOUS });
      expect(a).toMatchObject({ op: 'open', result: { ok: true, info: { verdict: 'multiple' } } });
      let progress = 0;
      const long = client.request({ op: 'generate', family: 'nonogram', params: '60x60-expert', seed: 'long' }, () => progress++);
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, 300));
      client.cancel();
      await expect(long).rejects.toMatchObject({ code: 'ERR_CANCELLED' });
      expect(performance.now() - t0).toBeLessThan(5000);
      expect(progress).toBeGreaterThan(0);
      const b = await client.request({ op: 'open', id: IMPOSSIBLE });
      expect(b).toMatchObject({ op: 'open', result: { ok: true, info: { verdict: 'none' } } });
      expect(client.started).toBe(2);
    } finally {
      client.dispose();
    }
  });

  it('a refused request rejects with the engine code; a streamed import hands its events to onEvent', async () => {
    const client = nodeRunner();
    try {
      await expect(client.request({ op: 'open', id: 'nonsense' })).rejects.toMatchObject({ code: 'ERR_SYNTAX' });
      // A streamed import's messages reach the request's onEvent, in order, before its answer.
      const events: string[] = [];
      const a = await client.request({ op: 'import', family: 'nonogram', text: `${AMBIGUOUS}\n${IMPOSSIBLE}\n`, stream: true }, undefined, (e) =>
        events.push(e.type === 'listed' ? `listed ${e.puzzles.length}` : `item ${e.index} ${e.info.verdict}`),
      );
      expect(events).toEqual(['listed 2', 'item 0 multiple', 'item 1 none']);
      expect(a.op === 'import' && a.puzzles.map((p) => p.verdict)).toEqual(['multiple', 'none']);
    } finally {
      client.dispose();
    }
  });
});

describe('the runner client', () => {
  it('takes a worker message that is not JSON as a worker fault, and the next request gets a fresh worker', async () => {
    let started = 0;
    const client = new RunnerClient((onMessage) => {
      const n = ++started;
      return {
        post: (text) => {
          const { seq } = JSON.parse(text) as { seq: number };
          queueMicrotask(() =>
            onMessage(n === 1 ? '{"seq":' : JSON.stringify({ seq, type: 'done', answer: { op: 'check', available: false, mistakes: 0, wrong: [] } })),
          );
        },
        terminate: () => undefined,
      };
    });
    await expect(client.request({ op: 'check', puzzle: 'x', moves: [] })).rejects.toMatchObject({ code: 'ERR_WORKER' });
    await expect(client.request({ op: 'check', puzzle: 'x', moves: [] })).resolves.toMatchObject({ op: 'check' });
    expect(started).toBe(2);
  });
});
