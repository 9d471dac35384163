/**
 * The long fuzz run of issue 15: every format of every family (and the play-state, move, save,
 * share-link and runner-request decoders), ≥ 10^5 inputs each by default, through test/fuzz/harness.ts.
 *
 *   npm run fuzz                          # 100,000 inputs per format, seed fuzz-1
 *   npm run fuzz -- --per-format 2000     # a short run
 *   npm run fuzz -- --seed s --only nonogram/non --from 1234 --per-format 1   # replay one input
 *
 * Writes bench/results/fuzz.json (per format: inputs, accepted, rejected by code, throws, hangs, max
 * parse ms, max heap growth, round-trip and engine failures; the machine) and bench/results/FUZZ.md.
 * Exits 1 when anything failed. Run with `node --expose-gc` (the script does) for exact heap readings.
 */
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { failureCount, runFuzz, TARGETS, type FuzzStats } from '../test/fuzz/harness.ts';
import { ENGINE_BUDGET } from '../test/fuzz/engine.ts';
import { machine, RESULTS } from './lib.ts';

const { values } = parseArgs({
  options: {
    'per-format': { type: 'string', default: '100000' },
    seed: { type: 'string', default: 'fuzz-1' },
    only: { type: 'string' },
    from: { type: 'string', default: '0' },
    'engine-max': { type: 'string' },
    out: { type: 'string' },
  },
});
const perFormat = Number(values['per-format']);
const from = Number(values.from);
const engineMax = values['engine-max'] === undefined ? Infinity : Number(values['engine-max']);
if (!Number.isInteger(perFormat) || perFormat < 1 || !Number.isInteger(from) || from < 0) {
  console.error('usage: npm run fuzz -- [--per-format N] [--seed S] [--only NAME] [--from I] [--engine-max M]');
  process.exit(2);
}
const targets = TARGETS.filter((t) => values.only === undefined || t.name.includes(values.only));
const nproc = (() => {
  try {
    return Number(execSync('nproc', { encoding: 'utf8' }).trim());
  } catch {
    return null;
  }
})();

const t0 = performance.now();
const results: (FuzzStats & { ms: number })[] = [];
for (const t of targets) {
  const a = performance.now();
  const s = runFuzz(t, { seed: values.seed, count: perFormat, from, engineMax });
  const ms = performance.now() - a;
  results.push({ ...s, ms: Math.round(ms) });
  const bad = failureCount(s);
  console.log(
    `${t.name.padEnd(28)} ${s.inputs} inputs, ${s.accepted} accepted, ${bad} failures, ${s.engineChecked} engine-checked, parse max ${s.maxParseMs.toFixed(1)} ms, heap +${s.maxHeapGrowthMB.toFixed(1)} MB, ${(ms / 1000).toFixed(1)} s`,
  );
  for (const f of s.failures.slice(0, 5)) console.log(`    ${f.kind} #${f.index}: ${f.detail}\n      input ${JSON.stringify(f.input)}`);
}
const totalMs = performance.now() - t0;
const failures = results.reduce((n, s) => n + failureCount(s), 0);
const report = {
  command: `npm run fuzz -- --per-format ${perFormat} --seed ${values.seed}${values.only ? ` --only ${values.only}` : ''}`,
  machine: { ...machine(), nproc } as Record<string, string | number | null>,
  seed: values.seed,
  perFormat,
  engineBudget: ENGINE_BUDGET,
  totalMs: Math.round(totalMs),
  failures,
  formats: results.map((s) => ({
    format: s.format,
    inputs: s.inputs,
    accepted: s.accepted,
    rejected: s.rejected,
    throws: s.throws,
    hangs: s.hangs,
    badErrors: s.badErrors,
    validRefused: s.validRefused,
    maxParseMs: Number(s.maxParseMs.toFixed(2)),
    slowestIndex: s.slowestIndex,
    maxHeapGrowthMB: Number(s.maxHeapGrowthMB.toFixed(1)),
    roundTripFailures: s.roundTripFailures,
    engineChecked: s.engineChecked,
    engineFailures: s.engineFailures,
    engineHangs: s.engineHangs,
    engineMaxMs: Number(s.engineMaxMs.toFixed(1)),
    knownDefects: s.knownDefects,
    ms: s.ms,
    failuresSample: s.failures.slice(0, 5),
  })),
};
const out = values.out ?? RESULTS;
writeFileSync(join(out, 'fuzz.json'), `${JSON.stringify(report, null, 2)}\n`);

const rows = results.map(
  (s) =>
    `| ${s.format} | ${s.inputs} | ${s.accepted} | ${s.throws} | ${s.hangs} | ${s.badErrors} | ${s.roundTripFailures} | ${s.engineChecked} | ${s.engineFailures + s.engineHangs} | ${s.knownDefects} | ${s.maxParseMs.toFixed(1)} | ${s.maxHeapGrowthMB.toFixed(1)} |`,
);
const m = report.machine;
writeFileSync(
  join(out, 'FUZZ.md'),
  `# Fuzz run (issue 15)

\`${report.command}\` on ${m.cpu}, nproc ${m.nproc}, Node ${m.node}, ${m.date} (commit ${m.commit}); ${(totalMs / 1000).toFixed(0)} s in all.

Per format: seeded inputs (one in ten a valid input written by the format's own writer, the others
mutants of valid inputs: byte flips, truncations, splices, duplicated/removed/swapped lines, huge
numbers, unicode line separators, deep nesting, long runs). Properties: no throw, no parse over 1 s
(hang), error codes from the list and messages under 400 characters, valid inputs accepted,
accept → write → re-read the same, and every distinct accepted puzzle through id, count, solve,
solution text, grade, play state and hint under \`${JSON.stringify(ENGINE_BUDGET)}\` (typed results, no
exception, no call over 5 s). Heap growth is read between batches of 250 inputs (after a gc).
"Known" counts failures of known, open defects, reported apart (none are listed today; the
Numberlink label-grid routing once was). Every distinct accepted puzzle, whatever its size, goes
through the engine.

**${failures} failures.**

| format | inputs | accepted | throws | hangs | bad errors | round trip | engine-checked | engine failures | known | max parse ms | max heap growth MB |
|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`,
);
console.log(`\n${failures} failures in ${(totalMs / 1000).toFixed(0)} s; wrote ${join(out, 'fuzz.json')} and FUZZ.md`);
process.exit(failures > 0 ? 1 : 0);
