/**
 * Reading the puzzles a user names, written once for the string API and the command line: the
 * family of a text (named, told by the format, or detected from the file name and the text) and the
 * puzzle of an id (a descriptive id decoded; a seeded id checked against the generator versions
 * this build runs, then generated). Answers are `Result`s with coded errors whose messages name no
 * file: the caller prefixes where the input came from (`heart.non: `, `--id ...: `).
 */
import type { Budget } from '../core/budget.ts';
import type { GenerateFailureReason } from '../core/family.ts';
import { parseId } from '../core/ids.ts';
import { err, ok, parseError, type ParseError, type ParseErrorCode, type Result } from '../core/result.ts';
import { allFamilies, familyNamed, type AnyFamily } from '../families/index.ts';

/** What a caller may say about a text besides the text. */
export interface TextHints {
  /** The family's name (as `--family`). */
  family?: string;
  /** One of the family's format names (as `--from`). */
  format?: string;
  /** A rule set: a tie between families goes to those that have rule sets. */
  rule?: string;
  /** The file's name, whose extension may tell the format and the family. */
  filename?: string;
}

/** The family a text was read as; `guessed` when the text alone decided (no name, format or extension, no id prefix). */
export interface Detected {
  family: AnyFamily;
  guessed: boolean;
}

const known = (): string =>
  allFamilies()
    .map((f) => f.name)
    .join(', ');

/** An unknown family's name, as an error naming the ones there are. */
function unknownFamily(name: string): ParseError {
  return parseError('ERR_FAMILY', `unknown puzzle family "${name}" (known: ${known()})`);
}

/** The registered family of this name, or the error naming the known ones. */
export function familyOf(name: string): Result<AnyFamily> {
  const f = familyNamed(name);
  return f === undefined ? err(unknownFamily(name)) : ok(f);
}

/**
 * The family of a text. A named family and a named format narrow the candidates (a format no
 * candidate has is an error saying whose format it is); of several, each family's table scores the
 * text (3 for an extension or id prefix of its own, 2 for a telling first line, 1 for a weak hint),
 * a rule set breaking ties towards families with rule sets. A unique best score decides; a tie is an
 * error asking for the family, and so is a text no family recognises (or the ids of an unknown one).
 */
export function detectFamily(text: string, hints: TextHints = {}): Result<Detected> {
  const all = allFamilies();
  let candidates = all;
  if (hints.family !== undefined) {
    const f = familyOf(hints.family);
    if (!f.ok) return f;
    candidates = [f.value];
  }
  const format = hints.format;
  if (format !== undefined) {
    const having = candidates.filter((f) => f.formats.names.includes(format));
    if (having.length === 0) {
      const owners = all.filter((f) => f.formats.names.includes(format)).map((f) => f.name);
      const first = candidates[0];
      return err(
        parseError(
          'ERR_FORMAT',
          `${candidates.map((f) => f.name).join('/')} puzzles have no format "${format}"` +
            (owners.length > 0 ? ` (it is a ${owners.join('/')} format; ${first.name} formats: ${first.formats.names.join(', ')})` : ''),
        ),
      );
    }
    candidates = having;
  }
  if (candidates.length === 1) return ok({ family: candidates[0], guessed: false });
  const scored = candidates
    .map((f) => ({ f, score: f.formats.sniff(text, hints.filename) * 2 + (hints.rule !== undefined && f.formats.rules.length > 0 ? 1 : 0) }))
    .sort((a, b) => b.score - a.score);
  if (scored[0].score < 6) {
    // Not told by an extension or an id prefix of a known family: maybe ids of an unknown one.
    const first =
      text
        .split(/\r\n|\r|\n/)
        .find((l) => l.trim() !== '')
        ?.trim() ?? '';
    const prefix = /^([a-z][a-z0-9-]*)(?:@\d+)?:/.exec(first);
    if (prefix && !/^[a-z]+:\/\//.test(first) && familyNamed(prefix[1]) === undefined) return err(unknownFamily(prefix[1]));
  }
  const best = scored[0].score;
  if (best > 1 && best > scored[1].score) return ok({ family: scored[0].f, guessed: best < 6 });
  if (best > 1) {
    const tied = scored.filter((s) => s.score === best).map((s) => s.f.name);
    return err(parseError('ERR_FORMAT', `this could be a ${tied.join(' or a ')} file: say which with --family`));
  }
  return err(parseError('ERR_FORMAT', `cannot tell which puzzle family or format this is; name them with --family (${known()}) and --from`));
}

/** What {@link readPuzzles} takes besides the text. */
export interface ReadHints extends TextHints {
  /** The text of a file given beside this one (a board suite's `.clue` beside its `.puz`), or undefined. */
  readBeside?: (filename: string) => string | undefined;
}

/** The puzzles of a text and the family that read them; `guessed` as in {@link Detected}. */
export interface ReadPuzzles {
  family: AnyFamily;
  puzzles: unknown[];
  guessed: boolean;
}

/** A text that did not read: the parse error and, when the text alone chose it, the family it was read as. */
export interface ReadFailure {
  error: ParseError;
  /** The family the text was read as, when nothing but the text chose it (`--family` and `--from` may say otherwise). */
  guessedFamily?: string;
  /** True when no family read it: none could be told, or the one told does not take these hints (a rule set, a format). */
  refused?: boolean;
}

/**
 * The puzzles of a text, of the family {@link detectFamily} finds. When only the text chose the
 * family (no family, format or extension named it) and that family cannot read it, or no family
 * could be told at all, the text goes to the family that reads it if exactly one does.
 */
export function readPuzzles(text: string, hints: ReadHints = {}): Result<ReadPuzzles, ReadFailure> {
  const d = detectFamily(text, hints);
  const named = hints.family !== undefined || hints.format !== undefined;
  const parse = (f: AnyFamily): Result<unknown[]> =>
    f.formats.parse(text, { format: hints.format, rule: hints.rule, filename: hints.filename, readBeside: hints.readBeside });
  /** The one family other than `tried` that reads the text, if exactly one does. */
  const onlyReader = (tried?: AnyFamily): ReadPuzzles | undefined => {
    if (named) return undefined;
    const reads = allFamilies()
      .filter((f) => f !== tried && (hints.rule === undefined || f.formats.rules.includes(hints.rule)))
      .map((f) => ({ f, r: parse(f) }))
      .filter((x) => x.r.ok);
    const only = reads.length === 1 ? reads[0] : undefined;
    return only?.r.ok ? { family: only.f, puzzles: only.r.value, guessed: true } : undefined;
  };
  if (!d.ok) {
    const other = d.error.code === 'ERR_FAMILY' ? undefined : onlyReader();
    return other ? ok(other) : err({ error: d.error, refused: true });
  }
  const { family, guessed } = d.value;
  const bad = checkRule(family, hints.rule);
  if (bad) return err({ error: bad, refused: true });
  const r = parse(family);
  if (r.ok) return ok({ family, puzzles: r.value, guessed });
  const other = guessed ? onlyReader(family) : undefined;
  if (other) return ok(other);
  return err(guessed ? { error: r.error, guessedFamily: family.name } : { error: r.error });
}

/** Why an id gave no puzzle, besides a parse error of the id itself. */
export type IdFailure =
  /** The id is well formed but not for here: an unknown family, another family than expected, a rule set that does not fit. */
  | { kind: 'refused'; code: ParseErrorCode; message: string }
  /** The id names a generator version this build does not run (`message` says what to do instead). */
  | { kind: 'unsupported'; message: string }
  /** The generation ran and failed (a budget's stop, attempts exhausted), with the generator's message. */
  | { kind: 'failed'; reason: GenerateFailureReason; message: string };

/** The puzzle an id names, the family that reads it and, for a seeded id, the seeded id as the generator wrote it. */
export interface IdPuzzle {
  family: AnyFamily;
  puzzle: unknown;
  seededId?: string;
}

/** Options of {@link puzzleOfId}. */
export interface IdOptions {
  /** The family the caller expects (an id of another one is an error). */
  family?: string;
  /** The rule set the puzzle must have (checked against the family's rule sets first). */
  rule?: string;
  /** The generation's budget, for a seeded id. */
  budget?: Budget;
}

/**
 * The check of a rule set against a family, before anything is parsed or generated: the family must
 * have rule sets and this must be one of them.
 */
export function checkRule(family: AnyFamily, rule: string | undefined): ParseError | undefined {
  if (rule === undefined) return undefined;
  const name = family.name;
  const rules = family.formats.rules;
  if (rules.length === 0) {
    const having = allFamilies()
      .filter((f) => f.formats.rules.length > 0)
      .map((f) => f.name)
      .join(', ');
    return parseError('ERR_FORMAT', `--rule applies to ${having} puzzles, not to ${name} puzzles (${name} puzzles have no rule sets)`);
  }
  if (!rules.includes(rule)) return parseError('ERR_FORMAT', `unknown ${name} rule set "${rule}" (expected ${rules.join(', ')})`);
  return undefined;
}

/**
 * The puzzle of an id. A descriptive id is decoded; a seeded id is generated with its seed after
 * checking that this build runs the id's generator version (another version gives another puzzle,
 * so that is refused with the way out, never answered with another puzzle). A parse error is the
 * `error`; a seeded id that gave no puzzle is the `failure`.
 */
export function puzzleOfId(text: string, options: IdOptions = {}): Result<IdPuzzle, ParseError | IdFailure> {
  const id = parseId(text);
  if (!id.ok) return id;
  const name = id.value.family;
  const family = familyNamed(name);
  if (family === undefined) return err({ kind: 'refused', ...unknownFamily(name) });
  if (options.family !== undefined && options.family !== name)
    return err({ kind: 'refused', code: 'ERR_FAMILY', message: `a ${name} id, but --family says ${options.family}` });
  const badRule = checkRule(family, options.rule);
  if (badRule) return err({ kind: 'refused', ...badRule });
  if (id.value.kind === 'descriptive') {
    const r = family.formats.parseId(text, options.rule);
    return r.ok ? ok({ family, puzzle: r.value }) : r;
  }
  const { version, params: paramsText, seed } = id.value;
  if (!family.versions.includes(version)) {
    return err({
      kind: 'unsupported',
      message:
        `this seeded id was made by ${name} generator version ${version}, but this proofgrid has version ` +
        `${family.version}${family.versions.length > 1 ? ` (and can run ${family.versions.join(', ')})` : ''}; the same seed gives a different ` +
        `puzzle here. Use the puzzle's descriptive id (${name}:...) or a proofgrid with generator version ${version}.`,
    });
  }
  const params = family.parseParams(paramsText, version);
  if (!params.ok) return params;
  const g = family.generate(params.value, seed, options.budget ?? {}, { version });
  if (!g.ok) return err({ kind: 'failed', reason: g.reason, message: g.message });
  if (options.rule !== undefined) {
    const rule = family.render.about(g.puzzle).rule;
    if (rule !== options.rule) return err({ kind: 'refused', code: 'ERR_FORMAT', message: `the id's puzzle has the rule set ${rule}, not ${options.rule}` });
  }
  return ok({ family, puzzle: g.puzzle, seededId: g.id });
}

/** Whether a failure of {@link puzzleOfId} is one of its own (not a parse error of the id's text). */
export function isIdFailure(e: ParseError | IdFailure): e is IdFailure {
  return 'kind' in e;
}
