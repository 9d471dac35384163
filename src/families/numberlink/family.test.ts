import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../index.ts';
import { handle } from '../../runner/handler.ts';
import { decodeMessage, encodeRequest, type Message } from '../../runner/protocol.ts';
import { numberlink } from './index.ts';

describe('the numberlink family object', () => {
  it('is registered, and its ids, files and solutions round-trip through the interface', () => {
    expect(FAMILIES.numberlink).toBe(numberlink);
    const files = numberlink.parseFile('3 3\nA..\n...\n..A\n', 'a.txt');
    if (!files.ok) throw new Error(files.error.message);
    const p = files.value[0];
    const id = numberlink.makePuzzle(p);
    expect(id).toMatch(/^numberlink:3x3-strict:/);
    const back = numberlink.parsePuzzle(id);
    expect(back.ok && numberlink.makePuzzle(back.value)).toBe(id);
    const v = numberlink.count(p);
    expect(v.kind).toBe('multiple');
    if (v.kind !== 'multiple') return;
    const text = numberlink.makeSolution(v.solutions[0], p);
    const s = numberlink.parseSolution(text, p);
    expect(s.ok && numberlink.verify(p, s.value)).toEqual({ ok: true });
    // Letter grids by extension; a wrong family in an id is named.
    expect(numberlink.parseFile('AB\nAB\n', 'x.flow').ok).toBe(true);
    const wrong = numberlink.parsePuzzle('nonogram:2x2:1/1/1/1');
    expect(!wrong.ok && wrong.error.code).toBe('ERR_FAMILY');
  });

  it('generates a certified, graded puzzle; an unknown version is a typed failure', () => {
    const r = numberlink.generate({ width: 6, height: 6, level: 'easy', rule: 'strict' }, 'family');
    if (!r.ok) throw new Error(r.message);
    expect(r.certificate.kind).toBe('unique');
    expect(numberlink.count(r.puzzle).kind).toBe('unique');
    expect(r.grade.score).toBeGreaterThanOrEqual(0);
    expect(numberlink.verify(r.puzzle, r.solution)).toEqual({ ok: true });
    const bad = numberlink.generate({ width: 6, height: 6, level: 'easy', rule: 'strict' }, 'family', {}, { version: 99 });
    expect(bad).toMatchObject({ ok: false, reason: 'unsupported-version' });
  });

  it('the runner generates, opens and checks numberlink puzzles', () => {
    const out: Message[] = [];
    handle(encodeRequest(1, { op: 'generate', family: 'numberlink', params: '6x6-easy', seed: 'run' }), (m) => out.push(decodeMessage(m)));
    const done = out[out.length - 1];
    expect(done.type).toBe('done');
    if (done.type !== 'done' || done.answer.op !== 'generate' || !done.answer.result.ok) throw new Error(JSON.stringify(done));
    expect(done.answer.result.info).toMatchObject({ family: 'numberlink', verdict: 'unique', shareId: `numberlink@${numberlink.version}:6x6-easy#run` });
  });
});
