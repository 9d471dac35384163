/**
 * What the string API needs of each registered family beyond its `PuzzleFamily`: file formats by
 * name (read and write), a find-one search, and a puzzle's size. This is the one place where the
 * families' own types meet the API: each adapter is written against its family's types, and the
 * table below forgets them (method syntax makes an `Adapter<Nonogram, ...>` an `AnyAdapter`), so the
 * API's functions see only strings and `unknown` puzzles that travel with the adapter that made them.
 *
 * The command line's kits (src/cli/kit-*.ts) hold the same format knowledge for now; once their pure
 * halves live in the family folders, these adapters should be built from them.
 */
import type { Budget } from '../core/budget.ts';
import type { PuzzleFamily } from '../core/family.ts';
import { err, ok, parseError, type Result } from '../core/result.ts';
import type { FindResult } from '../core/verdict.ts';
import { edgematch, findEdgematch, formatOfName as edgematchFormatOfName, formats as edgematchFormats, parseEdgematchFile } from '../families/edgematch/index.ts';
import type { FamilyName } from '../families/index.ts';
import { findSolution as findNonogram, formats as nonogramFormats, nonogram } from '../families/nonogram/index.ts';
import { findSolution as findNumberlink, formats as numberlinkFormats, numberlink } from '../families/numberlink/index.ts';

export interface Adapter<P, S, Params, State, Move, Focus, W extends object> {
  readonly family: PuzzleFamily<P, S, Params, State, Move, Focus, W>;
  /** The family's file format names; `id` (descriptive ids, one per line) is in every family's list. */
  readonly formats: readonly string[];
  /** Whether a file name's extension belongs to one of this family's formats. */
  claims(filename: string): boolean;
  /** Puzzles of a text in `format` (one of `formats`), or as the family tells it from `filename` and the text. */
  parse(text: string, format: string | undefined, filename: string | undefined): Result<P[]>;
  /** Puzzles written in `format`; an error when the format cannot hold them. */
  write(puzzles: readonly P[], format: string): Result<string>;
  find(puzzle: P, budget: Budget | undefined): FindResult<S>;
  size(puzzle: P): { width: number; height: number };
}

export type AnyAdapter = Adapter<unknown, unknown, unknown, unknown, unknown, unknown, object>;

const extensionOf = (filename: string): string | undefined => filename.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];

function formatCheck(name: string, formats: readonly string[], format: string, verb: string): Result<never> | null {
  if (formats.includes(format)) return null;
  return err(parseError('ERR_FORMAT', `${name} puzzles ${verb} "${format}" (formats: ${formats.join(', ')})`));
}

type NonogramFormat = (typeof nonogramFormats.FORMATS)[number];
type NumberlinkFormat = (typeof numberlinkFormats.FORMATS)[number];
type EdgematchFormat = (typeof edgematchFormats.FORMATS)[number];
const NONOGRAM_EXTENSIONS = new Set(['non', 'nonpack', 'xml', 'pbn', 'nin']);

type AdapterOf<F> = F extends PuzzleFamily<infer P, infer S, infer Params, infer State, infer Move, infer Focus, infer W> ? Adapter<P, S, Params, State, Move, Focus, W> : never;

const nonogramAdapter: AdapterOf<typeof nonogram> = {
  family: nonogram,
  formats: nonogramFormats.FORMATS,
  claims: (filename) => NONOGRAM_EXTENSIONS.has(extensionOf(filename) ?? ''),
  parse(text, format, filename) {
    if (format === undefined) return nonogram.parseFile(text, filename);
    return formatCheck('nonogram', nonogramFormats.FORMATS, format, 'have no format') ?? nonogramFormats.parsePuzzles(text, format as NonogramFormat, filename);
  },
  write: (puzzles, format) => formatCheck('nonogram', nonogramFormats.FORMATS, format, 'cannot be written as') ?? nonogramFormats.makePuzzles(puzzles, format as NonogramFormat),
  find: (p, budget) => findNonogram(p, { budget }),
  size: (p) => ({ width: p.width, height: p.height }),
};

const numberlinkAdapter: AdapterOf<typeof numberlink> = {
  family: numberlink,
  formats: numberlinkFormats.FORMATS,
  claims: (filename) => numberlinkFormats.formatOfName(filename) !== undefined,
  parse(text, format, filename) {
    if (format === undefined) return numberlink.parseFile(text, filename);
    return formatCheck('numberlink', numberlinkFormats.FORMATS, format, 'have no format') ?? numberlinkFormats.parsePuzzles(text, format as NumberlinkFormat);
  },
  write: (puzzles, format) => formatCheck('numberlink', numberlinkFormats.FORMATS, format, 'cannot be written as') ?? numberlinkFormats.makePuzzles(puzzles, format as NumberlinkFormat),
  find: (p, budget) => findNumberlink(p, { budget }),
  size: (p) => ({ width: p.width, height: p.height }),
};

const edgematchAdapter: AdapterOf<typeof edgematch> = {
  family: edgematch,
  formats: edgematchFormats.FORMATS,
  claims: (filename) => edgematchFormatOfName(filename) !== undefined,
  parse(text, format, filename) {
    if (format === undefined) return edgematch.parseFile(text, filename);
    return formatCheck('edgematch', edgematchFormats.FORMATS, format, 'have no format') ?? parseEdgematchFile(text, filename, format as EdgematchFormat);
  },
  write(puzzles, format) {
    const refused = formatCheck('edgematch', edgematchFormats.FORMATS, format, 'cannot be written as');
    if (refused) return refused;
    if (puzzles.length === 0) return err(parseError('ERR_EMPTY', 'no puzzles to write'));
    if (format === 'id') return ok(puzzles.map((p) => `${edgematchFormats.makeEdgematchId(p)}\n`).join(''));
    if (puzzles.length !== 1) return err(parseError('ERR_FORMAT', `a ${format} file holds one puzzle, not ${puzzles.length}`));
    return edgematchFormats.makeInstanceText(puzzles[0], format as EdgematchFormat);
  },
  find: (p, budget) => findEdgematch(p, { budget }),
  size: (p) => ({ width: p.width, height: p.height }),
};

/** The adapters by family name; a family added to the registry without one here does not type-check. */
export const ADAPTERS: Record<FamilyName, AnyAdapter> = { nonogram: nonogramAdapter, numberlink: numberlinkAdapter, edgematch: edgematchAdapter };
