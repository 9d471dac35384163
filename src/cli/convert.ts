/** `proofgrid convert`: puzzles from one file format to another. */
import { Command, Option } from 'commander';
import { formats } from '../families/nonogram/index.ts';
import { EXIT, EXIT_HELP, UserError } from './exit.ts';
import { emit, note } from './io.ts';
import { addInputOptions, type InputFlags } from './options.ts';
import { FORMATS, loadPuzzles, type FormatName } from './puzzles.ts';

interface ConvertFlags extends InputFlags {
  to: FormatName;
  out?: string;
}

/** Formats that keep titles, authors and goals. */
const KEEPS_META: readonly FormatName[] = ['non', 'xml'];

export function convertCommand(): Command {
  const cmd = new Command('convert').description('convert puzzles between file formats');
  addInputOptions(cmd);
  cmd
    .addOption(new Option('--to <format>', 'output format').choices(FORMATS).makeOptionMandatory())
    .option('--out <file>', 'write to this file (atomically) instead of standard output')
    .addHelpText(
      'after',
      `
Formats:
  non     Simpson / nonogram-db .non; several puzzles are joined with "====" lines (.nonpack)
  xml     webpbn XML puzzle sets (many puzzles per file)
  nin     Wilk / Wolter .nin: ONE puzzle per file (several are refused)
  taai    TAAI tournament question files (square puzzles only, many per file)
  tatham  Simon Tatham's Pattern game ids, one per line
  id      proofgrid descriptive ids nonogram:WxH:desc, one per line
Titles, authors and goals survive only in non and xml; other targets drop them (with a note).

${EXIT_HELP}

Examples:
  proofgrid convert heart.non --to xml --out heart.xml
  proofgrid convert --from tatham ids.txt --to non`,
    )
    .action(async (file: string | undefined, flags: ConvertFlags) => {
      process.exitCode = await runConvert(file, flags);
    });
  return cmd;
}

async function runConvert(file: string | undefined, flags: ConvertFlags): Promise<number> {
  const loaded = await loadPuzzles(file, flags);
  const puzzles = loaded.map((l) => l.puzzle);
  if (flags.to === 'nin' && puzzles.length > 1) {
    throw new UserError(`the input holds ${puzzles.length} puzzles, but a .nin file holds one: convert to non, xml, taai, tatham or id instead`);
  }
  const text = formats.makePuzzles(puzzles, flags.to);
  if (!text.ok) throw new UserError(`cannot write as ${flags.to}: ${text.error.message} [${text.error.code}]`);
  if (!KEEPS_META.includes(flags.to) && puzzles.some((p) => p.meta && Object.keys(p.meta).length > 0)) {
    note(`proofgrid: note: the ${flags.to} format has no room for titles, authors or goals; they were dropped`);
  }
  emit(text.value, flags.out);
  return EXIT.ok;
}
