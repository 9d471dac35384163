/**
 * Turning the command line's inputs into puzzles: a file (family and format detected, or named with
 * --family and --from), standard input, or puzzle ids given with --id (descriptive, or seeded and then
 * generated). Each puzzle travels with the family of its family.
 */
import { parseId } from '../core/ids.ts';
import type { ParseError } from '../core/result.ts';
import { EXIT, UserError } from './exit.ts';
import { readBeside, readText } from './io.ts';
import { checkRule, familiesWithFormat, familyByName, familyNames, namedFamily, type AnyFamily } from './families.ts';

/** A puzzle with its family's family and where it came from, for messages. */
export interface LoadedPuzzle {
  family: AnyFamily;
  /** A puzzle of `family`'s family (parsed by it). */
  puzzle: unknown;
  /** e.g. `heart.non`, `bundle.non #3`, `<stdin>`, or the id given. */
  label: string;
  /** 1-based position among all puzzles of the run. */
  index: number;
  /** The seeded id it was generated from, when it came from one. */
  seededId?: string;
}

export interface InputOptions {
  id?: string[];
  from?: string;
  family?: string;
  rule?: string;
}

/** `file: line 3: message [CODE]`, then the offending line of the text when there is one. */
export function describeParseError(label: string, e: ParseError, text?: string): string {
  const where = e.line !== undefined ? `${label}: line ${e.line}` : label;
  let msg = `${where}: ${e.message} [${e.code}]`;
  if (text !== undefined && e.line !== undefined) {
    const src = text.split(/\r\n|\r|\n/)[e.line - 1];
    if (src !== undefined && src.trim() !== '') {
      const shown = src.length > 100 ? `${src.slice(0, 100)}…` : src;
      msg += `\n  ${e.line} | ${shown}`;
    }
  }
  return msg;
}

const known = (): string => familyNames().join(', ');

/**
 * The family of a text: --family, else the family of the --from format, else the best guess from
 * the file name and the text (--rule breaks a tie towards families with rule sets). A tie or no
 * guess at all is an error asking for --family. `guessed` is true when the text alone decided.
 */
export function chooseKit(text: string, label: string, opts: InputOptions): { family: AnyFamily; guessed: boolean } {
  const filename = label.startsWith('<') ? undefined : label;
  let candidates = familyNames();
  if (opts.family !== undefined) candidates = [opts.family];
  if (opts.from !== undefined) {
    const having = candidates.filter((f) => namedFamily(f).formats.names.includes(opts.from as string));
    if (having.length === 0) {
      const owners = familiesWithFormat(opts.from);
      throw new UserError(
        `${label}: ${candidates.join('/')} puzzles have no format "${opts.from}"` +
          (owners.length > 0 ? ` (it is a ${owners.join('/')} format; ${candidates[0]} formats: ${namedFamily(candidates[0]).formats.names.join(', ')})` : ''),
      );
    }
    candidates = having;
  }
  if (candidates.length === 1) return { family: namedFamily(candidates[0]), guessed: false };
  const scored = candidates
    .map((f) => ({ f, score: namedFamily(f).formats.sniff(text, filename) * 2 + (opts.rule !== undefined && namedFamily(f).formats.rules.length > 0 ? 1 : 0) }))
    .sort((a, b) => b.score - a.score);
  if (scored[0].score < 6) {
    // Not told by an extension or an id prefix of a known family: maybe ids of an unknown one.
    const first =
      text
        .split(/\r\n|\r|\n/)
        .find((l) => l.trim() !== '')
        ?.trim() ?? '';
    const prefix = /^([a-z][a-z0-9-]*)(?:@\d+)?:/.exec(first);
    if (prefix && !/^[a-z]+:\/\//.test(first) && familyByName(prefix[1]) === undefined)
      throw new UserError(`${label}: unknown puzzle family "${prefix[1]}" (known: ${known()})`);
  }
  if (scored[0].score > 1 && scored[0].score > scored[1].score) return { family: namedFamily(scored[0].f), guessed: scored[0].score < 6 };
  if (scored[0].score > 1)
    throw new UserError(
      `${label}: this could be a ${scored
        .filter((s) => s.score === scored[0].score)
        .map((s) => s.f)
        .join(' or a ')} file: say which with --family`,
    );
  throw new UserError(`${label}: cannot tell which puzzle family or format this is; name them with --family (${known()}) and --from`);
}

/** Reads every puzzle of a text; a bad text is a UserError naming the file and line. */
export function parseText(text: string, label: string, opts: InputOptions): { family: AnyFamily; puzzles: unknown[] } {
  const { family, guessed } = chooseKit(text, label, opts);
  checkRule(family, opts.rule, label);
  const filename = label.startsWith('<') ? undefined : label;
  const r = family.formats.parse(text, { format: opts.from, rule: opts.rule, filename, readBeside });
  if (!r.ok) {
    const note = guessed ? `\n  (read as ${family.name} puzzles; --family and --from say otherwise)` : '';
    throw new UserError(describeParseError(label, r.error, text) + note);
  }
  if (r.value.length === 0) throw new UserError(`${label}: no puzzle found`);
  return { family, puzzles: r.value };
}

/**
 * A puzzle from an id: descriptive ids are decoded; seeded ids are generated with that seed, after
 * checking that this build can run the id's generator version (another version gives another puzzle).
 */
export function puzzleFromId(text: string, opts: Omit<InputOptions, 'id' | 'from'> = {}): { family: AnyFamily; puzzle: unknown; seededId?: string } {
  const where = `--id ${text}`;
  const id = parseId(text);
  if (!id.ok) throw new UserError(`${where}: ${id.error.message} [${id.error.code}]`);
  const name = id.value.family;
  const family = familyByName(name);
  if (!family) throw new UserError(`${where}: unknown puzzle family "${name}" (known: ${known()})`);
  if (opts.family !== undefined && opts.family !== name) throw new UserError(`${where}: a ${name} id, but --family says ${opts.family}`);
  checkRule(family, opts.rule, where);
  if (id.value.kind === 'descriptive') {
    const r = family.formats.parseId(text, opts.rule);
    if (!r.ok) throw new UserError(`${where}: ${r.error.message} [${r.error.code}]`);
    return { family, puzzle: r.value };
  }
  const { version, params: paramsText, seed } = id.value;
  if (!family.versions.includes(version)) {
    throw new UserError(
      `${where}: this seeded id was made by ${name} generator version ${version}, but this proofgrid has version ` +
        `${family.version}${family.versions.length > 1 ? ` (and can run ${family.versions.join(', ')})` : ''}; the same seed gives a different ` +
        `puzzle here. Use the puzzle's descriptive id (${name}:...) or a proofgrid with generator version ${version}.`,
    );
  }
  const params = family.parseParams(paramsText);
  if (!params.ok) throw new UserError(`${where}: ${params.error.message} [${params.error.code}]`);
  const g = family.generate(params.value, seed, {}, { version });
  if (!g.ok) throw new UserError(`${where}: generation failed (${g.reason}): ${g.message}`, EXIT.failed);
  if (opts.rule !== undefined) {
    const rule = family.render.about(g.puzzle).rule;
    if (rule !== opts.rule) throw new UserError(`${where}: the id's puzzle has the rule set ${rule}, not ${opts.rule}`);
  }
  return { family, puzzle: g.puzzle, seededId: g.id };
}

/** All puzzles named on the command line: from --id options, or else from the file / stdin. */
export async function loadPuzzles(file: string | undefined, opts: InputOptions): Promise<LoadedPuzzle[]> {
  const ids = opts.id ?? [];
  if (ids.length > 0) {
    if (file !== undefined) throw new UserError('give either a file or --id, not both');
    if (opts.from !== undefined) throw new UserError('--from names the format of a file; ids need none');
    return ids.map((text, i) => {
      const { family, puzzle, seededId } = puzzleFromId(text, opts);
      return { family, puzzle, label: ids.length > 1 ? `id #${i + 1}` : 'id', index: i + 1, seededId };
    });
  }
  const { text, label } = await readText(file);
  if (text.trim() === '') throw new UserError(`${label}: empty input, no puzzle to read`);
  const { family, puzzles } = parseText(text, label, opts);
  return puzzles.map((puzzle, i) => ({ family, puzzle, label: puzzles.length > 1 ? `${label} #${i + 1}` : label, index: i + 1 }));
}

/** The one puzzle a command works on: the `index`-th (1-based) named on the command line, or the only one. */
export async function loadOnePuzzle(file: string | undefined, opts: InputOptions & { index?: number }): Promise<LoadedPuzzle> {
  const loaded = await loadPuzzles(file, opts);
  if (opts.index !== undefined && opts.index > loaded.length) {
    throw new UserError(`--index ${opts.index}: the input holds ${loaded.length} puzzle${loaded.length === 1 ? '' : 's'}`);
  }
  if (opts.index === undefined && loaded.length > 1) {
    throw new UserError(`the input holds ${loaded.length} puzzles: choose one with --index N`);
  }
  return loaded[(opts.index ?? 1) - 1];
}

/** A short description of a puzzle for one-line reports: `heart.non #2 7x6 "Heart"`, `p.nl 5x5 no-2x2`. */
export function describe(lp: LoadedPuzzle): string {
  const { width, height } = lp.family.render.size(lp.puzzle);
  const { title, rule } = lp.family.render.about(lp.puzzle);
  return `${lp.label} ${width}x${height}${rule ? ` ${rule}` : ''}${title ? ` "${title}"` : ''}`;
}

/** The fields every JSON report starts with. */
export function jsonHead(lp: LoadedPuzzle): Record<string, unknown> {
  const { width, height } = lp.family.render.size(lp.puzzle);
  const { title, rule } = lp.family.render.about(lp.puzzle);
  return {
    index: lp.index,
    source: lp.label,
    family: lp.family.name,
    ...(title ? { title } : {}),
    width,
    height,
    ...(rule ? { rule } : {}),
    id: lp.family.makePuzzle(lp.puzzle),
    ...(lp.seededId ? { seededId: lp.seededId } : {}),
  };
}
