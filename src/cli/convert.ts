/** `proofgrid convert`: puzzles from one file format to another (of the same family). */
import { Command, Option } from 'commander';
import { EXIT, EXIT_HELP, UserError } from './exit.ts';
import { emit, note } from './io.ts';
import { addInputOptions, type InputFlags } from './options.ts';
import { allFormats, familyNames, namedFamily } from './families.ts';
import { loadPuzzles } from './puzzles.ts';

interface ConvertFlags extends InputFlags {
  to: string;
  out?: string;
}

/** Every family's format help, read when the command is built (after plug-ins are registered). */
const formatsHelp = (): string =>
  familyNames()
    .map((f) => `${f}:\n${namedFamily(f).formats.help.replace(/^/gm, '  ')}`)
    .join('\n');

export function convertCommand(): Command {
  const cmd = new Command('convert').description('convert puzzles between file formats');
  addInputOptions(cmd);
  cmd
    .addOption(new Option('--to <format>', "output format (one of the puzzles' family)").choices(allFormats()).makeOptionMandatory())
    .option('--out <file>', 'write to this file (atomically) instead of standard output')
    .addHelpText(
      'after',
      `
Formats:
${formatsHelp()}

Exit codes: 0 every puzzle converted; 2 bad input (unreadable puzzles, a format that cannot hold
them). convert runs no search, so it never answers 40.

${EXIT_HELP}

Examples:
  proofgrid convert heart.non --to xml --out heart.xml
  proofgrid convert --from tatham ids.txt --to non
  proofgrid convert flows.nl --to numlin
  proofgrid convert --family numberlink --rule no-2x2 grids.txt --to id`,
    )
    .action(async (file: string | undefined, flags: ConvertFlags) => {
      process.exitCode = await runConvert(file, flags);
    });
  return cmd;
}

async function runConvert(file: string | undefined, flags: ConvertFlags): Promise<number> {
  const loaded = await loadPuzzles(file, flags);
  const families = [...new Set(loaded.map((l) => l.family))];
  if (families.length > 1) throw new UserError(`the input mixes ${families.map((k) => k.name).join(' and ')} puzzles: convert each family on its own`);
  const family = families[0];
  if (!family.formats.names.includes(flags.to)) {
    throw new UserError(`${family.name} puzzles cannot be written as ${flags.to}; their formats: ${family.formats.names.join(', ')}`);
  }
  const puzzles = loaded.map((l) => l.puzzle);
  // The family's refusal (as for generate): one naming the puzzle when it is that puzzle, not the count.
  for (const l of loaded) {
    const size = family.render.size(l.puzzle);
    const refused = family.formats.checkWrite(flags.to, puzzles.length, size);
    if (!refused) continue;
    const ofThisOne = puzzles.length > 1 && family.formats.checkWrite(flags.to, 1, size) !== undefined;
    throw new UserError(ofThisOne ? `${l.label}: ${refused}` : refused);
  }
  const text = family.formats.make(puzzles, flags.to);
  if (!text.ok) throw new UserError(`cannot write as ${flags.to}: ${text.error.message} [${text.error.code}]`);
  const lost = family.formats.lost(puzzles, flags.to);
  if (lost) note(`proofgrid: note: ${lost}`);
  emit(text.value, flags.out);
  return EXIT.ok;
}
