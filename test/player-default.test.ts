import { describe, expect, it } from 'vitest';
import { handle } from '../src/runner/handler.ts';
import { decodeMessage, encodeRequest } from '../src/runner/protocol.ts';
import { COLOUR_EXAMPLE, DEFAULT_PUZZLE } from '../web/src/default-puzzle.ts';

describe("the player's embedded default puzzle", () => {
  it('is what its seeded id generates today, certified unique, at the grade it shows', () => {
    let info: unknown = null;
    handle(encodeRequest(1, { op: 'open', id: DEFAULT_PUZZLE.shareId }), (m) => {
      const msg = decodeMessage(m);
      if (msg.type === 'done' && msg.answer.op === 'open' && msg.answer.result.ok) info = msg.answer.result.info;
    });
    expect(info).toMatchObject({
      puzzle: DEFAULT_PUZZLE.puzzle,
      verdict: 'unique',
      version: DEFAULT_PUZZLE.version,
      grade: { level: DEFAULT_PUZZLE.grade?.level, score: DEFAULT_PUZZLE.grade?.score },
    });
  });
});

describe("the player's embedded colour example", () => {
  it('is the colour puzzle its id opens, certified unique, at the grade it shows', () => {
    let info: unknown = null;
    handle(encodeRequest(1, { op: 'open', id: COLOUR_EXAMPLE.shareId }), (m) => {
      const msg = decodeMessage(m);
      if (msg.type === 'done' && msg.answer.op === 'open' && msg.answer.result.ok) info = msg.answer.result.info;
    });
    expect(COLOUR_EXAMPLE.puzzle).toBe(COLOUR_EXAMPLE.shareId);
    expect(info).toMatchObject({
      puzzle: COLOUR_EXAMPLE.puzzle,
      verdict: 'unique',
      grade: { level: COLOUR_EXAMPLE.grade?.level, score: COLOUR_EXAMPLE.grade?.score, metrics: COLOUR_EXAMPLE.grade?.metrics },
    });
  });
});
