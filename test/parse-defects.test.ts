/**
 * The parser defects of issue 15, one test each: they threw, overflowed the stack, allocated W·H cells
 * before the size check, backtracked quadratically, or accepted an input with no puzzle.
 */
import { describe, expect, it } from 'vitest';
import { parseId } from '../src/core/ids.ts';
import { describeValue, excerpt } from '../src/core/text.ts';
import { parseAnjou, parseEdgematchId } from '../src/families/edgematch/formats/index.ts';
import { parseNon, parsePuzzles as parseNonograms, parseXml } from '../src/families/nonogram/formats/index.ts';
import { parseGrid, parseNumberlinkId, parsePuzzles } from '../src/families/numberlink/formats/index.ts';
import { parseShareFragment } from '../src/player/share.ts';
import { parseSave } from '../src/player/save.ts';
import { decodeRequest } from '../src/runner/protocol.ts';

/** Runs f, failing the test on a throw, and gives back its result and how long it took. */
function timed<T>(f: () => T): { value: T; ms: number } {
  const t0 = performance.now();
  const value = f();
  return { value, ms: performance.now() - t0 };
}

const code = (r: { ok: boolean; error?: { code: string } }): string | undefined => (r.ok ? 'ok' : r.error?.code);

describe('issue 15 parser defects', () => {
  it('.non: a key line with U+2028 or U+2029 is read, not thrown on', () => {
    for (const sep of ['\u2028', '\u2029']) {
      expect(code(parseNon(`a b${sep}c`))).toBe('ERR_MISSING');
      // The separator is whitespace inside a key line: the value is read past it.
      const r = parseNon(`title "A${sep}B"\nwidth 1\nheight${sep}1\nrows\n1\ncolumns\n1\n`);
      expect(r.ok && r.value[0].meta?.title).toBe(`A${sep}B`);
    }
  });

  it('.non: a text of "====" lines only is a coded error, not an empty success', () => {
    for (const t of ['====\n', '====', '\n====\n====\n']) expect(code(parseNon(t))).toBe('ERR_EMPTY');
    expect(code(parseNonograms('====\n', 'non'))).toBe('ERR_EMPTY');
  });

  it('.non: keys named like Object properties are unknown keys, not metadata', () => {
    const r = parseNon('constructor "x"\n__proto__ "y"\ntoString "z"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n');
    expect(r.ok && r.value[0].meta).toBeUndefined();
  });

  it('anjou JSON nested 100,000 deep: a short coded error, no stack overflow', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    for (const t of [
      `{"width":${deep},"height":2}`,
      `{"width":2,"height":2,"pieces":[${deep}]}`,
      `{"width":2,"height":2,"pieces":[],"hints":[${deep}]}`,
      `{"width":2,"height":2,"maxScore":${deep},"pieces":[[0,0,1,1],[0,0,1,1],[1,1,0,0],[1,1,0,0]]}`,
    ]) {
      const r = parseAnjou(t);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message.length).toBeLessThan(200);
    }
  });

  it('Numberlink ids and puzz.link URLs check the size before allocating', () => {
    const cases = ['https://puzz.link/p?numlin/50000000/1/11', 'numlin/400000000/1/11', 'https://puzz.link/p?numlin/1/2147483648/11'];
    for (const t of cases) {
      const { value, ms } = timed(() => parsePuzzles(t));
      expect(code(value)).toBe('ERR_SIZE');
      expect(ms).toBeLessThan(100);
    }
    for (const t of ['numberlink:2147483648x5-strict:11', 'numberlink:2000x1001-strict:11', 'numberlink:99999999999999999999x1-strict:1']) {
      const { value, ms } = timed(() => parseNumberlinkId(t));
      expect(code(value)).toBe('ERR_SIZE');
      expect(ms).toBeLessThan(100);
    }
    // Sizes up to the MAX_CELLS limit (2,000,000 cells) work: 1000x40, 200x200, 1002x1002 and 2000x1000.
    for (const t of ['1000x40', '200x200', '1002x1002', '2000x1000']) expect(code(parseNumberlinkId(`numberlink:${t}-strict:11`))).toBe('ok');
    const over = parseNumberlinkId('numberlink:2000x1001-strict:11');
    expect(code(over)).toBe('ERR_SIZE');
    if (!over.ok) expect(over.error.message).toContain('2002000 cells, more than the limit of 2000000');
  });

  it('Numberlink grid and letters headers are size-checked before their rows are read', () => {
    expect(code(parseGrid(`100000 100000\n${'.'.repeat(1000)}\n`))).toBe('ERR_SIZE');
    expect(code(parsePuzzles(`${'1'.repeat(25_000)}\n`.repeat(2), 'letters'))).toBe('ERR_SIZE');
  });

  it('Numberlink grid rows are trimmed in linear time (no /\\s+$/)', () => {
    const t = `3 1\n${' '.repeat(100_000)}x`;
    const { value, ms } = timed(() => parseGrid(t));
    expect(code(value)).toBe('ERR_SIZE');
    expect(ms).toBeLessThan(100);
  });

  it('edge-matching ids check the board size and piece count before decoding the body', () => {
    const { value, ms } = timed(() => parseEdgematchId(`edgematch:9999x9999:${'0'.repeat(1_000_000)}`));
    expect(code(value)).toBe('ERR_SIZE');
    expect(ms).toBeLessThan(100);
    expect(code(parseEdgematchId(`edgematch:2x2:${'0'.repeat(1_000_000)}`))).toBe('ERR_SIZE');
  });

  it('a seeded id with a version too long to be a number is refused (it could not be written back)', () => {
    expect(code(parseId(`nonogram@${'9'.repeat(40)}:5x5-easy#1`))).toBe('ERR_VERSION');
    expect(code(parseId('nonogram@123456789:5x5-easy#1'))).toBe('ok');
  });

  it('a share link with a lone surrogate is refused (a link cannot be made of it again)', () => {
    expect(code(parseShareFragment('#play=nonogram@1:5x5#\ud800')!)).toBe('ERR_SYNTAX');
    expect(code(parseShareFragment('#play=nonogram@1:5x5#\ud83d\ude00')!)).toBe('ok');
  });

  it('messages quote at most a short excerpt of the input', () => {
    const huge = 'z'.repeat(100_000);
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const messages = [
      parseXml(`<puzzleset><puzzle><${huge}></puzzle></puzzleset>`),
      parseNon(`width ${'9'.repeat(100_000)}\n`),
      parseNonograms(`nonogram:${huge}`),
      parseNumberlinkId(`${huge}:3x3-strict:1`),
      parseSave(`{"format":${deep}}`),
    ].map((r) => (r.ok ? '' : r.error.message));
    const req = decodeRequest(`{"seq":1,"op":${deep}}`);
    messages.push(req.ok ? '' : req.message);
    for (const m of messages) {
      expect(m).not.toBe('');
      expect(m.length).toBeLessThan(200);
    }
  });

  it('excerpt and describeValue are short and never split a surrogate pair', () => {
    expect(excerpt('abc', 40)).toBe('abc');
    expect(excerpt('a'.repeat(50), 40)).toBe(`${'a'.repeat(40)}…`);
    expect(excerpt(`${'a'.repeat(39)}\u{1f600}`, 40)).toBe(`${'a'.repeat(39)}…`);
    expect(describeValue({ a: [1, [2, [3]]], b: 'x'.repeat(100) }, 40).length).toBeLessThanOrEqual(41);
    expect(describeValue([[[[1]]]])).toBe('[[[…]]]');
    expect(describeValue(undefined)).toBe('undefined');
  });
});
