/**
 * The runner's engine side: takes one request text, answers with message texts through `emit`
 * (progress while generating, then one `done` or `error`). Synchronous and pure: a worker (browser or
 * Node) wraps it, and a client cancels by terminating that worker.
 */
import * as api from '../api/index.ts';
import type { GenerateProgress } from '../core/family.ts';
import { parseId } from '../core/ids.ts';
import {
  decodeRequest,
  DEFAULT_HINT_MS,
  encodeMessage,
  type Answer,
  type Envelope,
  type GenerateAnswer,
  type Message,
  type PuzzleInfo,
  type RuleVerdict,
} from './protocol.ts';

/** Default deadlines (ms): generation may be cancelled by the user; counts of imported files may not. */
export const DEFAULT_GENERATE_MS = 60_000;
export const DEFAULT_COUNT_MS = 20_000;

class RequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The API's value, or its error thrown as the request's (an engine fault keeps its bare message). */
function value<T>(r: api.ApiResult<T>): T {
  if (r.ok) return r.value;
  throw new RequestError(r.error.code, r.error.code === 'ERR_INTERNAL' ? r.error.message : api.formatError(r.error));
}

/** A puzzle as the wire carries it. */
function wireInfo(info: api.PuzzleInfo, provenance: PuzzleInfo['provenance']): PuzzleInfo {
  const { family, id, shareId, version, verdict, stop, grade, certificate } = info;
  return {
    family,
    puzzle: id,
    shareId,
    version,
    provenance,
    verdict,
    ...(verdict === 'inconclusive' ? { stop } : {}),
    grade,
    certificate: { nodes: certificate.nodes, ms: certificate.ms },
  };
}

function wireAnswer(a: api.OpenAnswer, provenance: PuzzleInfo['provenance']): GenerateAnswer {
  if (a.kind === 'counted') return { ok: true, info: wireInfo(a.info, provenance), attempts: 0, ms: a.info.certificate.ms };
  const { attempts, ms } = a.diagnostics;
  if (a.kind === 'failed')
    return { ok: false, reason: a.reason, message: a.message, attempts, ms, ...(a.nearest ? { nearest: wireInfo(a.nearest.info, 'generated') } : {}) };
  return { ok: true, info: wireInfo(a.info, provenance), attempts, ms };
}

/** A puzzle handed back without a count: larger than the importer can show, or not counted yet. */
function unchecked(family: string, id: string, why: NonNullable<PuzzleInfo['unchecked']> = 'too-large'): PuzzleInfo {
  return {
    family,
    puzzle: id,
    shareId: id,
    version: null,
    provenance: 'imported',
    verdict: 'inconclusive',
    unchecked: why,
    grade: null,
    certificate: { nodes: 0, ms: 0 },
  };
}

/** A message without its sequence number (`run` is given a way to send them). */
type Body = Message extends infer M ? (M extends { seq: number } ? Omit<M, 'seq'> : never) : never;

/**
 * The Numberlink rule sets an import without a rule set of its own is counted under, in this order:
 * the plain rule first, then the conventions of Flow-like apps; each allows fewer routings than the
 * one before, so a puzzle without a solution under one has none under the next.
 */
export const IMPORT_RULE_LADDER = ['strict', 'no-2x2', 'no-touch'] as const;

/** A file's puzzle counted and graded: imported. */
function counted(id: string, deadlineMs: number): PuzzleInfo {
  const o = value(api.open(id, { budget: { deadlineMs } }));
  if (o.kind !== 'counted') throw new Error(`a file's puzzle ${id} opened as a generation`);
  return wireInfo(o.info, 'imported');
}

/**
 * A file's puzzle counted: a Numberlink one read under the plain rule (files carry no rule set) is
 * counted under each rule set of the ladder until one makes it unique; it is handed back under that
 * one, with the verdicts tried (`rules`), else under the plain rule.
 */
function importOne(id: string, deadlineMs: number): PuzzleInfo {
  const m = /^numberlink:(\d{1,12}x\d{1,12})-strict:/.exec(id);
  if (!m) return counted(id, deadlineMs);
  const tried: RuleVerdict[] = [];
  let plain: PuzzleInfo | null = null;
  for (const rule of IMPORT_RULE_LADDER) {
    const info = counted(`numberlink:${m[1]}-${rule}:${id.slice(m[0].length)}`, deadlineMs);
    tried.push({ rule, verdict: info.verdict, ...(info.stop === undefined ? {} : { stop: info.stop }) });
    plain ??= info;
    if (info.verdict === 'unique') return { ...info, rules: tried };
    if (info.verdict === 'none') break;
  }
  return { ...(plain as PuzzleInfo), rules: tried };
}

function run(req: Envelope, onProgress: (p: GenerateProgress) => void, send: (m: Body) => void): Answer {
  switch (req.op) {
    case 'generate': {
      const g = value(api.generate(req.family, req.params, req.seed, { budget: { deadlineMs: req.deadlineMs ?? DEFAULT_GENERATE_MS }, onProgress }));
      return { op: 'generate', result: wireAnswer(g, 'generated') };
    }
    case 'open': {
      // A seeded id regenerates (the generation's deadline); a descriptive id is counted and graded (the count's).
      const pid = parseId(req.id);
      const deadlineMs = req.deadlineMs ?? (pid.ok && pid.value.kind === 'seeded' ? DEFAULT_GENERATE_MS : DEFAULT_COUNT_MS);
      return { op: 'open', result: wireAnswer(value(api.open(req.id, { budget: { deadlineMs }, onProgress })), 'opened') };
    }
    case 'import': {
      const file = value(api.parseFile(req.text, { family: req.family, filename: req.filename, beside: req.beside }));
      const deadlineMs = req.deadlineMs ?? DEFAULT_COUNT_MS;
      const fits = (p: api.FilePuzzle): boolean => req.maxSide === undefined || (p.width <= req.maxSide && p.height <= req.maxSide);
      if (!req.stream) return { op: 'import', puzzles: file.puzzles.map((p) => (fits(p) ? importOne(p.id, deadlineMs) : unchecked(file.family, p.id))) };
      // Streamed: the list first (parsing is quick), then each verdict as it is reached.
      const puzzles = file.puzzles.map((p) => unchecked(file.family, p.id, fits(p) ? 'pending' : 'too-large'));
      send({ type: 'listed', family: file.family, puzzles });
      file.puzzles.forEach((p, index) => {
        if (!fits(p)) return;
        puzzles[index] = importOne(p.id, deadlineMs);
        send({ type: 'item', index, info: puzzles[index] });
      });
      return { op: 'import', puzzles };
    }
    case 'hint':
      return { op: 'hint', result: value(api.hint(req.puzzle, req.moves, { deadlineMs: req.deadlineMs ?? DEFAULT_HINT_MS })) };
    case 'check': {
      const c = value(api.check(req.puzzle, req.moves, { deadlineMs: DEFAULT_COUNT_MS }));
      if (c.kind === 'unavailable') return { op: 'check', available: false, mistakes: 0, wrong: [] };
      return { op: 'check', available: true, mistakes: c.wrong.length, wrong: c.wrong };
    }
  }
}

/** Answers one request text; every outcome, including bad input and engine faults, is a message. */
export function handle(text: string, emit: (message: string) => void): void {
  const d = decodeRequest(text);
  if (!d.ok) {
    emit(encodeMessage({ seq: d.seq, type: 'error', code: 'ERR_REQUEST', message: d.message }));
    return;
  }
  const { seq } = d.value;
  try {
    const answer = run(
      d.value,
      (p) => emit(encodeMessage({ seq, type: 'progress', ...p })),
      (m) => emit(encodeMessage({ seq, ...m } as Message)),
    );
    emit(encodeMessage({ seq, type: 'done', answer }));
  } catch (e) {
    const code = e instanceof RequestError ? e.code : 'ERR_INTERNAL';
    emit(encodeMessage({ seq, type: 'error', code, message: e instanceof Error ? e.message : String(e) }));
  }
}
