/**
 * The runner's engine side: takes one request text, answers with message texts through `emit`
 * (progress while generating, then one `done` or `error`). Synchronous and pure: a worker (browser or
 * Node) wraps it, and a client cancels by terminating that worker.
 */
import * as api from '../api/index.ts';
import type { GenerateProgress } from '../core/family.ts';
import { parseId } from '../core/ids.ts';
import { decodeRequest, DEFAULT_HINT_MS, encodeMessage, type Answer, type Envelope, type GenerateAnswer, type PuzzleInfo } from './protocol.ts';

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

/** A puzzle handed back without a count: larger than the importer can show. */
function unchecked(family: string, id: string): PuzzleInfo {
  return {
    family,
    puzzle: id,
    shareId: id,
    version: null,
    provenance: 'imported',
    verdict: 'inconclusive',
    unchecked: 'too-large',
    grade: null,
    certificate: { nodes: 0, ms: 0 },
  };
}

function run(req: Envelope, onProgress: (p: GenerateProgress) => void): Answer {
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
      const info = (p: api.FilePuzzle): PuzzleInfo => {
        const o = value(api.open(p.id, { budget: { deadlineMs } }));
        if (o.kind !== 'counted') throw new Error(`a file's puzzle ${p.id} opened as a generation`);
        return wireInfo(o.info, 'imported');
      };
      return { op: 'import', puzzles: file.puzzles.map((p) => (fits(p) ? info(p) : unchecked(file.family, p.id))) };
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
    const answer = run(d.value, (p) => emit(encodeMessage({ seq, type: 'progress', ...p })));
    emit(encodeMessage({ seq, type: 'done', answer }));
  } catch (e) {
    const code = e instanceof RequestError ? e.code : 'ERR_INTERNAL';
    emit(encodeMessage({ seq, type: 'error', code, message: e instanceof Error ? e.message : String(e) }));
  }
}
