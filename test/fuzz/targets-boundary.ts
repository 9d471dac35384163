/** Fuzz targets at the boundaries: puzzle ids, share links, saved games and runner requests. */
import { makeId, parseId, type PuzzleId } from '../../src/core/ids.ts';
import { LEVELS } from '../../src/core/family.ts';
import type { Rng } from '../../src/core/rng.ts';
import { VERDICT_KINDS } from '../../src/core/verdict.ts';
import { makeNonogramId } from '../../src/families/nonogram/formats/index.ts';
import { makeSave, parseSave, PROVENANCES, SAVE_FORMAT, type SaveRecord } from '../../src/player/save.ts';
import { makeShareLink, parseShareFragment } from '../../src/player/share.ts';
import { decodeRequest, encodeRequest, type Envelope, type Request } from '../../src/runner/protocol.ts';
import { randomNonogram } from './puzzles.ts';
import { reread, same, target, type Target } from './target.ts';

const PAGE = 'https://proofgrid.example/play/';
const fragmentOf = (link: string): string => link.slice(link.indexOf('#'));

function randomId(rng: Rng): string {
  return rng.chance(1, 2)
    ? makeNonogramId(randomNonogram(rng, 6))
    : `${rng.pick(['nonogram', 'numberlink', 'edgematch'])}@${rng.int(4)}:${rng.range(5, 20)}x${rng.range(5, 20)}-hard#${rng.nextU32().toString(36)}`;
}

function randomSave(rng: Rng): SaveRecord {
  const moves = Array.from({ length: rng.int(5) }, () => `f${rng.range(1, 9)}.${rng.range(1, 9)}`);
  return {
    format: SAVE_FORMAT,
    family: 'nonogram',
    puzzle: makeNonogramId(randomNonogram(rng, 6)),
    shareId: randomId(rng),
    version: rng.chance(1, 3) ? null : rng.int(5),
    provenance: rng.pick(PROVENANCES),
    verdict: rng.pick(VERDICT_KINDS),
    grade: rng.chance(1, 3) ? null : { level: rng.pick(LEVELS), score: rng.int(101) },
    moves,
    redo: moves.slice(0, rng.int(2)),
    marks: '??#/x??',
    elapsedMs: rng.int(100000),
    checks: rng.int(4),
    mistakesFound: rng.int(4),
    hintsUsed: rng.int(4),
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: rng.chance(1, 2) ? null : '2026-01-01T00:10:00.000Z',
  };
}

function randomRequest(rng: Rng): Request {
  const moves = Array.from({ length: rng.int(4) }, () => `x${rng.range(1, 5)}.${rng.range(1, 5)}`);
  const deadline = rng.chance(1, 2) ? { deadlineMs: rng.int(10000) } : {};
  switch (rng.int(5)) {
    case 0:
      return { op: 'generate', family: 'nonogram', params: '10x10-hard', seed: String(rng.nextU32()), ...deadline };
    case 1:
      return { op: 'open', id: randomId(rng), ...deadline };
    case 2:
      return { op: 'import', family: 'numberlink', text: '3 1\n1.1\n', filename: 'a.nl', ...deadline };
    case 3:
      return { op: 'hint', puzzle: randomId(rng), moves };
    default:
      return { op: 'check', puzzle: randomId(rng), moves };
  }
}

export const BOUNDARY_TARGETS: Target[] = [
  target<PuzzleId>({
    name: 'core/id',
    valid: randomId,
    parse: parseId,
    roundTrip: (v) => reread(parseId(makeId(v)), (back) => same(v, back)),
  }),
  target<string>({
    name: 'player/share',
    valid: (rng) => fragmentOf(makeShareLink(PAGE, randomId(rng))),
    parse: (t) => parseShareFragment(t) ?? { ok: false, code: 'NO_ID', message: 'no #play= in the fragment' },
    roundTrip: (id) => {
      const back = parseShareFragment(fragmentOf(makeShareLink(PAGE, id)));
      return back === null ? 'the link made of an accepted id carries none' : reread(back, (b) => same(id, b));
    },
  }),
  target<SaveRecord>({
    name: 'player/save',
    valid: (rng) => makeSave(randomSave(rng)),
    parse: parseSave,
    roundTrip: (v) => reread(parseSave(makeSave(v)), (back) => same(v, back)),
  }),
  target<Envelope>({
    name: 'runner/request',
    valid: (rng) => encodeRequest(rng.int(1000), randomRequest(rng)),
    parse: (t) => {
      const r = decodeRequest(t);
      return r.ok ? r : { ok: false, code: 'BAD_REQUEST', message: r.message };
    },
    roundTrip: (v) => {
      const { seq, ...req } = v;
      const back = decodeRequest(encodeRequest(seq, req as Request));
      return back.ok ? same(v, back.value) : `an accepted request re-encoded is refused: ${back.message}`;
    },
  }),
];
