/** `proofgrid generate`: certified-unique puzzles of a measured difficulty, from a seed. */
import { randomBytes } from 'node:crypto';
import { Command, Option } from 'commander';
import type { Budget } from '../core/budget.ts';
import { defaultVersionOf, LEVELS, type Level, type LevelChoice } from '../core/family.ts';
import { FAMILIES, familyLevels, type AnyFamily } from '../families/index.ts';
import { EXIT, EXIT_HELP, UserError } from './exit.ts';
import { emit, note } from './io.ts';
import { allFormats, checkRule, familyNames, namedFamily, versionsText } from './families.ts';
import { familyOption, intArg, parseSize, ruleOption } from './options.ts';
import { progress } from './progress.ts';

interface GenerateFlags {
  family: string;
  count: number;
  seed?: string;
  size?: string;
  difficulty?: Level;
  level?: Level;
  rule?: string;
  colours?: number;
  format: string;
  out?: string;
  json?: boolean;
  budgetMs?: number;
  quiet?: boolean;
  levels?: boolean;
}

/** Seed of the i-th puzzle (0-based) of a run with seed `s`: `s`, then `s-1`, `s-2`, ... */
export function seedOf(seed: string, i: number): string {
  return i === 0 ? seed : `${seed}-${i}`;
}

const { nonogram, numberlink, edgematch } = FAMILIES;

export function generateCommand(): Command {
  return new Command('generate')
    .description('generate puzzles whose uniqueness is certified by a completed count and whose difficulty was measured')
    .argument('[family]', `the puzzle family, the same as --family (${familyNames().join(', ')})`)
    .addOption(familyOption('the puzzle family').default('nonogram'))
    .addOption(new Option('-n, --count <n>', 'how many puzzles to generate').argParser(intArg(1, 100_000)).default(1))
    .option(
      '--seed <seed>',
      'seed of the run (any text); puzzle i uses seed S for i = 0 and S-i after (S-1, S-2, ...). Default: a random seed, printed on stderr',
    )
    .option('--size <WxH>', 'puzzle size, WxH or N for NxN (nonogram sides 5 to 60, numberlink 5 to 40, edgematch 4 to 10; default 10x10, edgematch 6x6)')
    .addOption(
      new Option(
        '--difficulty <level>',
        'the difficulty asked for (default: medium where every measured generation at the size reached it, else the level most did); nonogram puzzles are measured at exactly this level',
      ).choices(LEVELS),
    )
    .addOption(new Option('--level <level>', 'the same as --difficulty').choices(LEVELS).conflicts('difficulty'))
    .addOption(
      ruleOption(
        "numberlink rule set the puzzles must be unique under (default: the generator's choice for the size, named in the seeded id when it is not strict)",
      ),
    )
    .addOption(
      new Option('--colours <n>', 'nonogram: a colour puzzle with this many colours besides the background (2 to 6; generator version 2)').argParser(
        intArg(2, 6),
      ),
    )
    .addOption(
      new Option('--format <format>', 'output format (id: one descriptive id per line; see "proofgrid convert --help")').choices(allFormats()).default('id'),
    )
    .option('--out <file>', 'write to this file (atomically: complete, or not at all) instead of standard output')
    .addOption(new Option('--json', 'print a JSON array: ids, seeded id, grade, certificate summary and diagnostics per puzzle').conflicts('format'))
    .addOption(
      new Option('--budget-ms <ms>', 'give up on a puzzle after this many milliseconds (a typed failure, never an uncertified puzzle)').argParser(intArg(0)),
    )
    .option('-q, --quiet', 'no progress report on standard error')
    .option('--levels', 'print which levels each measured size offers, for the family (with --colours N: its colour puzzles in N colours), and exit')
    .addHelpText(
      'after',
      `
Every puzzle depends only on (family, size, difficulty, rule set, seed, generator version); its
seeded id regenerates it anywhere: nonogram@${nonogram.version}:WxH-level#seed (colour, --colours N:
nonogram@2:WxH-level-cN#seed), numberlink@${numberlink.version}:WxH-level[-rule]#seed,
edgematch@${edgematch.version}:WxH-level#seed.
Generator versions: ${versionsText()}. "-n 3 --seed s" makes the same puzzles as "--seed s",
"--seed s-1" and "--seed s-2" one at a time.

Every family keeps a puzzle only at the level asked for, as measured by its grader ("grade" in
--json). Which levels each size gets was measured per family (npm run level-table; "proofgrid
generate FAMILY --levels" prints the table): a level that came out in fewer than half of the
measured seeds at the size (a rectangle: the measured size nearest in cells; numberlink: under the
default rule, strict) is refused with exit 2, naming the levels that exist there. An offered level
can still miss: when no candidate comes out at it, the generation fails with reason other-level,
naming the nearest certified puzzle found, its measured level and its descriptive id (--json:
"nearest"), which you may keep.

A generation that fails (attempts exhausted, other level, deadline) is reported on standard error with its
reason and the run exits with 1; no uncertified puzzle is ever written. When any puzzle fails,
--out is left untouched (the certified ones still go to standard output without --out).
A long run shows its progress on standard error (-q hides it).

Exit codes: 0 every puzzle generated; 1 some generation failed; 2 bad input (option, size).

${EXIT_HELP}

Examples:
  proofgrid generate --size 15x15 --difficulty hard --seed abc
  proofgrid generate -n 20 --seed s --size 20 --difficulty expert --format non --out set.non
  proofgrid generate --json --seed 42
  proofgrid generate nonogram --colours 3 --size 15x15 --level medium --seed s   # a colour puzzle
  proofgrid generate --family numberlink --size 10x15 --level hard --rule no-2x2 -n 3 --seed s --format grid
  proofgrid generate edgematch --size 6x6 --level medium --seed s   # the family as a word, or --family`,
    )
    .action(async (word: string | undefined, flags: GenerateFlags, cmd: Command) => {
      const family = familyOf(word, cmd.getOptionValueSource('family') === 'default' ? undefined : flags.family);
      process.exitCode = await runGenerate({ ...flags, family });
    });
}

/**
 * The family to generate: the positional word (`generate nonogram`) or --family, which must agree
 * when both are given; nonogram when neither is.
 */
export function familyOf(word: string | undefined, option: string | undefined): string {
  if (word === undefined) return option ?? 'nonogram';
  const named = familyNames().find((f) => f === word);
  if (named === undefined) throw new UserError(`unknown puzzle family "${word}" (known: ${familyNames().join(', ')})`);
  if (option !== undefined && option !== named) throw new UserError(`the family is given twice and differs: "${word}" and --family ${option}`);
  return named;
}

/**
 * Why `level` is not offered at this size (the family's measured table), naming the levels that
 * are; null when it is, or when the family has no table.
 */
export function levelRefusal(family: AnyFamily, width: number, height: number, level: Level, params?: unknown): string | null {
  const choices = familyLevels(family, width, height, params);
  const asked = choices?.find((c) => c.level === level);
  if (!choices || !asked || asked.offered) return null;
  const offered = choices.filter((c) => c.offered).map((c) => c.level);
  const where = asked.size === `${width}x${height}` ? `${width}x${height}` : `${width}x${height} (measured at ${asked.size}, the nearest size in cells)`;
  return (
    `${family.name} ${where} has no ${level} level: ${asked.made} of ${asked.of} measured generations came out ${level}. ` +
    (offered.length > 0 ? `Levels at this size: ${offered.join(', ')}.` : 'No level came out at this size in most measured generations.')
  );
}

/**
 * The level to generate when none is asked: medium where every measured generation at the size
 * reached it (or nothing was measured), else the offered level the most measured generations reached
 * (medium first on a tie, then the easier), so that a default run does not fail on a level the size
 * rarely reaches (numberlink 5x5: medium 6 of 12, easy 12 of 12).
 */
export function defaultLevel(family: AnyFamily, width: number, height: number, params?: unknown): Level {
  const choices = familyLevels(family, width, height, params);
  const medium = choices?.find((c) => c.level === 'medium');
  if (!choices || !medium || (medium.offered && medium.made === medium.of)) return 'medium';
  const offered = choices.filter((c) => c.offered);
  if (offered.length === 0) return 'medium';
  const share = (c: LevelChoice) => c.made / Math.max(1, c.of);
  const rank = (c: LevelChoice) => (c.level === 'medium' ? -1 : LEVELS.indexOf(c.level));
  return [...offered].sort((a, b) => share(b) - share(a) || rank(a) - rank(b))[0].level;
}

/** The family's measured table as text: one line per size, the share of seeds per level, offered ones marked. */
function levelsText(family: AnyFamily, params?: unknown, what = ''): string {
  const lines: string[] = [];
  for (let side = 1; side <= 100; side++) {
    const choices = familyLevels(family, side, side, params);
    if (!choices || choices[0].size !== `${side}x${side}`) continue;
    lines.push(`${choices[0].size.padEnd(6)} ${choices.map((c) => `${c.offered ? c.level : `(${c.level})`} ${c.made}/${c.of}`).join('  ')}`);
  }
  if (lines.length === 0) return `${family.name}${what} has no measured level table: every level is tried.\n`;
  const version = params === undefined ? family.version : defaultVersionOf(family, params);
  return `${family.name}${what} generator version ${version}: per measured size, the generations that came out at each level (in brackets: not offered)\n${lines.join('\n')}\n`;
}

async function runGenerate(flags: GenerateFlags): Promise<number> {
  const family = namedFamily(flags.family);
  if (flags.colours !== undefined && family.name !== 'nonogram') throw new UserError(`--colours: only nonogram puzzles come in colour, not ${family.name}`);
  const colourText = flags.colours !== undefined ? `-c${flags.colours}` : '';
  if (flags.levels) {
    const colourParams = flags.colours !== undefined ? family.parseParams(`10x10-medium${colourText}`) : undefined;
    emit(levelsText(family, colourParams?.ok ? colourParams.value : undefined, flags.colours !== undefined ? ` in ${flags.colours} colours` : ''), undefined);
    return EXIT.ok;
  }
  checkRule(family, flags.rule);
  const sizeText = flags.size ?? family.cli.defaultSize ?? '10x10';
  const size = parseSize(sizeText, '--size');
  const paramsAt = (l: Level) => family.parseParams(`${size.text}-${l}${flags.rule !== undefined ? `-${flags.rule}` : ''}${colourText}`);
  const asked = flags.level ?? flags.difficulty;
  let level: Level = asked ?? 'medium';
  if (asked === undefined) {
    const probe = paramsAt('medium');
    if (probe.ok) level = defaultLevel(family, size.width, size.height, probe.value);
    if (level !== 'medium' && !flags.quiet)
      note(`proofgrid: no level asked: ${level}, the level most measured generations reached at ${size.text} (medium misses there; --level to choose)`);
  }
  const parsed = paramsAt(level);
  if (!parsed.ok) throw new UserError(`--size ${sizeText}: ${parsed.error.message}`);
  const params = parsed.value;
  const missing = levelRefusal(family, size.width, size.height, level, params);
  if (missing) throw new UserError(missing);
  if (!flags.json) {
    if (!family.formats.names.includes(flags.format))
      throw new UserError(`--format ${flags.format}: ${family.name} puzzles are written as ${family.formats.names.join(', ')}`);
    const refused = family.formats.checkWrite(flags.format, flags.count, size);
    if (refused) throw new UserError(refused);
  }
  let seed = flags.seed;
  if (seed === undefined) {
    seed = randomBytes(6).toString('hex');
    if (!flags.quiet) note(`proofgrid: seed ${seed}`);
  } else if (seed === '') throw new UserError('--seed: the seed must not be empty');
  const budget: Budget = flags.budgetMs !== undefined ? { deadlineMs: flags.budgetMs } : {};
  const bar = progress(flags.count, flags.quiet ?? false);
  const puzzles: unknown[] = [];
  const json: unknown[] = [];
  const failures: string[] = [];
  const otherLevel: string[] = [];
  for (let i = 0; i < flags.count; i++) {
    const s = seedOf(seed, i);
    const seededId = `${family.name}@${defaultVersionOf(family, params)}:${family.makeParams(params)}#${s}`;
    const r = family.generate(params, s, budget, { onProgress: (p) => bar.attempt(seededId, p) });
    if (r.ok) {
      puzzles.push(r.puzzle);
      const c = r.certificate;
      const { width, height } = family.render.size(r.puzzle);
      const { rule } = family.render.about(r.puzzle);
      if (r.grade.level !== level) otherLevel.push(`${r.id} (${r.grade.level})`);
      json.push({
        index: i + 1,
        ok: true,
        family: family.name,
        seed: s,
        seededId: r.id,
        id: family.makePuzzle(r.puzzle),
        width,
        height,
        ...(rule ? { rule } : {}),
        grade: r.grade,
        ...(r.grade.level !== level ? { requestedLevel: level } : {}),
        certificate: { kind: c.kind, stop: c.stop, nodes: c.stats.nodes, ms: Math.round(c.stats.ms * 10) / 10 },
        diagnostics: r.diagnostics,
      });
      bar.done(`${r.id} ${r.grade.level} ${r.grade.score}`);
    } else {
      const near = r.nearest ? { id: family.makePuzzle(r.nearest.puzzle), grade: r.nearest.grade } : undefined;
      json.push({
        index: i + 1,
        ok: false,
        family: family.name,
        seed: s,
        seededId,
        reason: r.reason,
        message: r.message,
        ...(near ? { nearest: near } : {}),
        diagnostics: r.diagnostics,
      });
      failures.push(
        `proofgrid: generation failed for ${seededId}: ${r.reason}: ${r.message} (${Math.round(r.diagnostics.ms)} ms)${near ? `; the ${near.grade.level} one found: ${near.id}` : ''}`,
      );
      bar.done(`${seededId} FAILED (${r.reason})`);
    }
    // Let the progress bar redraw between puzzles.
    if (flags.count > 1) await new Promise((res) => setImmediate(res));
  }
  bar.stop();
  for (const f of failures) note(f);
  if (otherLevel.length > 0 && !flags.quiet) {
    note(
      `proofgrid: note: ${otherLevel.length} of ${puzzles.length} puzzle${puzzles.length === 1 ? '' : 's'} measured at another level than ${level} ` +
        `(generated by a version that keeps the nearest level): ${otherLevel.slice(0, 5).join(', ')}${otherLevel.length > 5 ? ', ...' : ''}`,
    );
  }
  const toFile = flags.out !== undefined && flags.out !== '-';
  if (failures.length > 0 && toFile) {
    note(`proofgrid: ${failures.length} of ${flags.count} generations failed; ${flags.out} was not written`);
    return EXIT.failed;
  }
  if (flags.json) emit(`${JSON.stringify(json, null, 2)}\n`, flags.out);
  else if (puzzles.length > 0) {
    const text = family.formats.make(puzzles, flags.format);
    if (!text.ok) throw new UserError(`cannot write ${puzzles.length} puzzles as ${flags.format}: ${text.error.message}`);
    const lost = family.formats.lost(puzzles, flags.format);
    if (lost && !flags.quiet) note(`proofgrid: note: ${lost}`);
    emit(text.value, flags.out);
  }
  return failures.length > 0 ? EXIT.failed : EXIT.ok;
}
