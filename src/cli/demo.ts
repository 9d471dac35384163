/**
 * `npm run demo` / `proofgrid demo`: a short demo. Generates a few puzzles of each family from fixed
 * seeds, prints each with its ids, measured grade, certificate and picture, then re-counts it from its
 * descriptive id alone to show that the certificate holds.
 */
import { realpathSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import type { FamilyName } from '../families/index.ts';
import { namedFamily, versionsText } from './families.ts';
import { useColor } from './render.ts';

const DEMOS: { family: FamilyName; params: string; seed: string }[] = [
  { family: 'nonogram', params: '10x10-easy', seed: 'demo' },
  { family: 'nonogram', params: '15x15-hard', seed: 'demo' },
  { family: 'nonogram', params: '20x20-expert', seed: 'demo' },
  { family: 'numberlink', params: '8x8-medium', seed: 'demo' },
  { family: 'numberlink', params: '10x10-hard-no-2x2', seed: 'demo' },
];

const ms = (x: number): string => `${Math.round(x * 10) / 10} ms`;

export function runDemo(): number {
  console.log(`proofgrid demo: certified-unique puzzles (generator versions: ${versionsText()})\n`);
  let failures = 0;
  for (const d of DEMOS) {
    const family = namedFamily(d.family);
    const params = family.parseParams(d.params);
    if (!params.ok) throw new Error(`demo params ${d.params}: ${params.error.message}`);
    const t0 = performance.now();
    const g = family.generate(params.value, d.seed);
    const genMs = performance.now() - t0;
    if (!g.ok) {
      failures++;
      console.log(`${d.family} ${d.params}, seed "${d.seed}": generation failed (${g.reason}): ${g.message}\n`);
      continue;
    }
    const cert = g.certificate;
    const id = family.makePuzzle(g.puzzle);
    const m = g.grade.metrics;
    console.log(`== ${d.family} ${d.params} ==`);
    console.log(`seeded id      ${g.id}`);
    console.log(`descriptive id ${id.length > 90 ? `${id.slice(0, 90)}…` : id}`);
    console.log(
      `grade          ${g.grade.level}, score ${g.grade.score}${m.technique !== undefined ? ` (${m.technique})` : m.rung !== undefined ? ` (rung ${m.rung})` : ''}`,
    );
    console.log(
      `certificate    ${cert.kind} (${cert.stop}, ${cert.stats.nodes} nodes, ${ms(cert.stats.ms)}); generated in ${ms(genMs)}, ${g.diagnostics.attempts} attempt(s), path ${g.diagnostics.path}`,
    );
    console.log();
    console.log(family.render.picture(g.puzzle, g.solution, { color: useColor() }));
    console.log();
    // Re-count from the descriptive id alone: a fresh, completed search must find exactly this solution.
    const again = family.parsePuzzle(id);
    const v = again.ok ? family.count(again.value) : undefined;
    const text = (s: unknown): string => (again.ok ? JSON.stringify(family.render.solutionJson(s, again.value)) : '');
    const same = v?.kind === 'unique' && text(v.solution) === text(g.solution);
    console.log(
      `re-count       ${v ? `${v.kind} (${v.stop}, ${v.stats.nodes} nodes, ${ms(v.stats.ms)})` : 'the id does not parse'}: ${same ? 'certificate holds' : 'CERTIFICATE DOES NOT HOLD'}\n`,
    );
    if (!same) failures++;
  }
  console.log('Try: npx proofgrid --help   (generate, count, solve, grade, hint, convert, render)');
  return failures === 0 ? 0 : 1;
}

export function demoCommand(): Command {
  return new Command('demo')
    .description('generate a few certified puzzles of each family from fixed seeds, print them and re-count each from its id')
    .addHelpText('after', '\nExit codes: 0 every certificate held; 1 a generation failed or a certificate did not hold.')
    .action(() => {
      process.exitCode = runDemo();
    });
}

// `npm run demo` runs this file directly.
const entry = process.argv[1];
if (entry !== undefined && realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url))) process.exitCode = runDemo();
