/**
 * The runner's engine side: takes one request text, answers with message texts through `emit`
 * (progress while generating, then one `done` or `error`). Synchronous and pure: a worker (browser or
 * Node) wraps it, and a client cancels by terminating that worker.
 */
import { Meter, type Budget } from '../core/budget.ts';
import type { GenerateProgress, PuzzleFamily } from '../core/family.ts';
import { parseId } from '../core/ids.ts';
import { formatParseError } from '../core/result.ts';
import { FAMILIES, isFamilyName } from '../families/index.ts';
import { decodeRequest, DEFAULT_HINT_MS, encodeMessage, type Answer, type Envelope, type GenerateAnswer, type PuzzleInfo } from './protocol.ts';

// The registry holds each family with its own types; the runner only moves their strings around.
type AnyFamily = PuzzleFamily<any, any, any, any, any>;

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

function family(name: string): AnyFamily {
  if (!isFamilyName(name)) throw new RequestError('ERR_FAMILY', `unknown family "${name}" (known: ${Object.keys(FAMILIES).join(', ')})`);
  return FAMILIES[name] as AnyFamily;
}

/** The family named by a descriptive id, and its puzzle. */
function puzzleOf(id: string): { fam: AnyFamily; puzzle: unknown } {
  const pid = parseId(id);
  if (!pid.ok) throw new RequestError(pid.error.code, formatParseError(pid.error));
  if (pid.value.kind !== 'descriptive') throw new RequestError('ERR_SYNTAX', 'expected a descriptive puzzle id (family:params:desc)');
  const fam = family(pid.value.family);
  const p = fam.parsePuzzle(id);
  if (!p.ok) throw new RequestError(p.error.code, formatParseError(p.error));
  return { fam, puzzle: p.value };
}

/** The unique solutions of recently checked puzzles (a player checks the same puzzle many times). */
const solutions = new Map<string, unknown | null>();

function solutionOf(fam: AnyFamily, id: string, puzzle: unknown): unknown | null {
  if (solutions.has(id)) return solutions.get(id) ?? null;
  const v = fam.count(puzzle, { limit: 2, budget: { deadlineMs: DEFAULT_COUNT_MS } });
  const s = v.kind === 'unique' ? v.solution : null;
  if (v.stop === 'completed') {
    if (solutions.size >= 8) solutions.delete(solutions.keys().next().value as string);
    solutions.set(id, s);
  }
  return s;
}

/**
 * Counts a puzzle that did not come from our generator, and grades it when it is unique: both within
 * the one deadline (the grade gets what the count left).
 */
function assess(fam: AnyFamily, puzzle: unknown, provenance: 'imported' | 'opened', deadlineMs: number): PuzzleInfo {
  const meter = new Meter({ deadlineMs });
  const desc = fam.makePuzzle(puzzle);
  const v = fam.count(puzzle, { limit: 2, budget: meter.remaining() });
  let grade = null;
  if (v.kind === 'unique') {
    const g = fam.grade(puzzle, meter.remaining());
    if (g.ok) grade = g.grade;
  }
  return { family: fam.name, puzzle: desc, shareId: desc, version: null, provenance, verdict: v.kind, ...(v.kind === 'inconclusive' ? { stop: v.stop } : {}), grade, certificate: { nodes: v.stats.nodes, ms: v.stats.ms } };
}

/** A puzzle handed back without a count: larger than the importer can show. */
function unchecked(fam: AnyFamily, puzzle: unknown): PuzzleInfo {
  const desc = fam.makePuzzle(puzzle);
  return { family: fam.name, puzzle: desc, shareId: desc, version: null, provenance: 'imported', verdict: 'inconclusive', unchecked: 'too-large', grade: null, certificate: { nodes: 0, ms: 0 } };
}

function generate(fam: AnyFamily, params: string, seed: string, version: number, deadlineMs: number, progress: (p: GenerateProgress) => void): GenerateAnswer {
  const pp = fam.parseParams(params);
  if (!pp.ok) throw new RequestError(pp.error.code, formatParseError(pp.error));
  const budget: Budget = { deadlineMs };
  const g = fam.generate(pp.value, seed, budget, { version, onProgress: progress });
  const { attempts, ms } = g.diagnostics;
  if (!g.ok) return { ok: false, reason: g.reason, message: g.message, attempts, ms };
  const c = g.certificate;
  const info: PuzzleInfo = { family: fam.name, puzzle: fam.makePuzzle(g.puzzle), shareId: g.id, version, provenance: 'generated', verdict: c.kind, grade: g.grade, certificate: { nodes: c.stats.nodes, ms: c.stats.ms } };
  return { ok: true, info, attempts, ms };
}

function run(req: Envelope, progress: (p: GenerateProgress) => void): Answer {
  switch (req.op) {
    case 'generate': {
      const fam = family(req.family);
      return { op: 'generate', result: generate(fam, req.params, req.seed, fam.version, req.deadlineMs ?? DEFAULT_GENERATE_MS, progress) };
    }
    case 'open': {
      const pid = parseId(req.id);
      if (!pid.ok) throw new RequestError(pid.error.code, formatParseError(pid.error));
      if (pid.value.kind === 'seeded') {
        const { family: name, params, seed, version } = pid.value;
        const fam = family(name);
        const result = generate(fam, params, seed, version, req.deadlineMs ?? DEFAULT_GENERATE_MS, progress);
        if (result.ok) result.info.provenance = 'opened';
        return { op: 'open', result };
      }
      const { fam, puzzle } = puzzleOf(req.id);
      const info = assess(fam, puzzle, 'opened', req.deadlineMs ?? DEFAULT_COUNT_MS);
      return { op: 'open', result: { ok: true, info, attempts: 0, ms: info.certificate.ms } };
    }
    case 'import': {
      const fam = family(req.family);
      const r = fam.parseFile(req.text, req.filename);
      if (!r.ok) throw new RequestError(r.error.code, formatParseError(r.error));
      const deadline = req.deadlineMs ?? DEFAULT_COUNT_MS;
      const fits = (p: unknown): boolean => {
        const { width, height } = p as { width: number; height: number };
        return req.maxSide === undefined || (width <= req.maxSide && height <= req.maxSide);
      };
      return { op: 'import', puzzles: (r.value as unknown[]).map((p) => (fits(p) ? assess(fam, p, 'imported', deadline) : unchecked(fam, p))) };
    }
    case 'hint':
    case 'check': {
      const { fam, puzzle } = puzzleOf(req.puzzle);
      let state = fam.play.start(puzzle);
      for (const text of req.moves) {
        const m = fam.play.parseMove(text, puzzle);
        if (!m.ok) throw new RequestError(m.error.code, formatParseError(m.error));
        state = fam.play.apply(state, m.value);
      }
      if (req.op === 'hint') return { op: 'hint', result: fam.hint(puzzle, state, { deadlineMs: req.deadlineMs ?? DEFAULT_HINT_MS }) };
      const sol = solutionOf(fam, req.puzzle, puzzle);
      if (sol === null) return { op: 'check', available: false, mistakes: 0, wrong: [] };
      const wrong = fam.play.mistakes(puzzle, state, sol);
      return { op: 'check', available: true, mistakes: wrong.length, wrong };
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
