import { describe, expect, it } from 'vitest';
import { handle } from '../src/runner/handler.ts';
import { decodeMessage, encodeRequest } from '../src/runner/protocol.ts';
import { DEFAULT_PUZZLE } from '../web/src/default-puzzle.ts';

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
