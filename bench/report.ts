/** Writes bench/RESULTS.md from the JSON/JSONL files in bench/results (no measuring here). */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_DATA, fmtMs, quantiles, RESULTS } from './lib.ts';

const here = dirname(fileURLToPath(import.meta.url));
const out: string[] = [
  '# Benchmark results',
  '',
  'Written by `npm run bench` (`bench/report.ts`) from the files in `bench/results/`. Each section names the',
  "machine and commit it was measured on. Peer figures marked *quoted* come from the data set's own files",
  'and were measured elsewhere; all others were measured here, side by side in the same run.',
  '',
];
const machineLine = (m: Record<string, unknown> | undefined): string =>
  m ? `Machine: ${m.cpu}, ${m.cores} cores, ${m.memGiB} GiB, Node ${m.node}; commit ${m.commit ?? '?'}; ${m.date}.` : '';
const read = (f: string): any => (existsSync(join(RESULTS, f)) ? JSON.parse(readFileSync(join(RESULTS, f), 'utf8')) : null);

const t200 = read('taai200.json');
if (t200) {
  out.push('## Find one solution: first 200 puzzles of each tournament set', '', machineLine(t200.machine), '');
  out.push(
    'Reference (from the issue, same kind of machine): LalaFrogKK, the champion C++ solver, takes about 1.7 s',
    'for the first 200 puzzles of taai2011 and of tcga2016, whole process.',
    '',
  );
  out.push('| set | solved | in process | whole process | worst puzzle |', '|---|---:|---:|---:|---:|');
  for (const r of t200.rows) out.push(`| ${r.set} | ${r.solved}/${r.n} | ${fmtMs(r.solveMs)} | ${fmtMs(r.wholeProcessMs)} | ${fmtMs(r.maxMs)} |`);
  out.push('');
}

const taaiDir = join(RESULTS, 'taai');
if (existsSync(taaiDir)) {
  const files = readdirSync(taaiDir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  if (files.length) {
    // Peer totals quoted from the data set's own results (measured elsewhere: 2x Xeon Gold 5416S, one
    // process per core); present only when ../shared is.
    const quoted = new Map<string, { lala: number; lalaSolved: number; nono: number }>();
    const csv = join(BENCH_DATA, 'nonogram', 'survey', 'results', 'tournament_sets.csv');
    if (existsSync(csv)) {
      for (const line of readFileSync(csv, 'utf8').split(/\r?\n/).slice(1)) {
        const [set, , nono, lalaSolved, lala] = line.split(',');
        if (set) quoted.set(set, { lala: Number(lala) * 1000, lalaSolved: Number(lalaSolved), nono: Number(nono) * 1000 });
      }
    }
    out.push('## Find one solution: whole tournament sets (one core, 120 s per puzzle at most)', '');
    out.push(
      "The tournament rule is 1000 puzzles in 2 hours on one core. Peer totals are *quoted* from the data set's",
      '`results/tournament_sets.csv` (CPU seconds on a 2x Xeon Gold 5416S server, one process per core, 2-hour limit',
      'per set); "vs LalaFrogKK" divides our total by its quoted total (below 1 means faster). Sets still running',
      'show how far they got.',
      '',
    );
    out.push(
      'Puzzles that reached the 120 s cap are run again with a longer deadline (`--retry`); "retried" counts them,',
      'and "total" counts their retry time only (add 120 s for each to get the time including the first attempt).',
      '',
    );
    out.push(
      '| set | puzzles done | solved | retried | total | median | p99 | max | LalaFrogKK *quoted* | vs LalaFrogKK | nonosolve *quoted* | machine / commit |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    );
    for (const f of files) {
      const lines = readFileSync(join(taaiDir, f), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l));
      const m = lines.find((l) => l.machine)?.machine;
      const rows = lines.filter((l) => l.n);
      const q = quantiles(rows.map((r) => r.ms));
      const set = f.replace('.jsonl', '');
      const peer = quoted.get(set);
      const lala = peer ? `${fmtMs(peer.lala)}${peer.lalaSolved < 1000 ? ` (${peer.lalaSolved} solved)` : ''}` : '';
      const ratio = peer && rows.length === 1000 ? `${(q.total / peer.lala).toFixed(2)}×` : '';
      out.push(
        `| ${set} | ${rows.length} | ${rows.filter((r) => r.kind === 'found').length} | ${rows.filter((r) => r.retry).length} | ${fmtMs(q.total)} | ${fmtMs(q.median)} | ${fmtMs(q.p99)} | ${fmtMs(q.max)} | ${lala} | ${ratio} | ${peer ? fmtMs(peer.nono) : ''} | ${m ? `${m.cpu} / ${m.commit}` : ''} |`,
      );
    }
    out.push('');
  }
}

const u = read('uniqueness.json');
if (u) {
  out.push('## Uniqueness verdicts (count to 2)', '', machineLine(u.machine), `Deadline ${u.timeoutMs / 1000} s per puzzle and solver.`, '');
  out.push(
    'Reference (from the issue, this kind of machine): pbnsolve `-u` decides 12 of the 14 survey puzzles in 2–40 ms',
    '(webpbn #6574: 2 s) and times out after 60 s on Knotty and Faase; the npm nonogram-solver solves 8 of 14.',
    '',
  );
  out.push('"first" is the first call in the process (cold JIT); "warm" the best of two more calls (runs under 2 s only).', '');
  out.push(
    '| set | puzzle | size | proofgrid | first | warm | cadical (CNF) | nonogram-solver (find one) | pbnsolve *quoted* | nonosolve *quoted* |',
    '|---|---|---|---|---:|---:|---|---|---|---|',
  );
  for (const r of u.rows)
    out.push(
      `| ${r.set} | ${r.name} | ${r.size} | ${r.verdict} | ${fmtMs(r.ms)} | ${r.msWarm === undefined ? '' : fmtMs(r.msWarm)} | ${r.cadical} | ${r.nonogramSolver} | ${r.pbnsolveQuoted} | ${r.nonosolveQuoted} |`,
    );
  const decided = u.rows.filter((r: any) => r.verdict !== 'inconclusive').length;
  const disagree = u.rows.filter((r: any) => r.agree === false).length;
  out.push('', `Decided: ${decided} of ${u.rows.length}. Disagreements with the CNF model: ${disagree}.`);
  // Against pbnsolve's quoted time (another machine): a timeout there counts as slower than any decided run here.
  const vsPbn = u.rows
    .filter((r: any) => r.pbnsolveQuoted)
    .map((r: any) => {
      const ours = r.msWarm ?? r.ms;
      const theirs = /^[0-9.]+ s$/.test(r.pbnsolveQuoted) ? Number.parseFloat(r.pbnsolveQuoted) * 1000 : Infinity;
      return { name: r.name, ok: r.verdict !== 'inconclusive' && ours <= theirs, ratio: theirs === Infinity ? null : ours / theirs };
    });
  const slower = vsPbn.filter((x: any) => !x.ok);
  out.push(
    `Survey puzzles no slower than pbnsolve's quoted time (ours warm): ${vsPbn.length - slower.length} of ${vsPbn.length}${slower.length ? `; slower: ${slower.map((x: any) => `${x.name} (${x.ratio === null ? 'undecided' : `${x.ratio.toFixed(1)}×`})`).join(', ')}` : ''}.`,
    '',
  );
}

const g = read('generate.json');
if (g) {
  out.push(
    '## Generation (certified puzzles, one core)',
    '',
    machineLine(g.machine),
    '',
    'Target (issue): 15×15 median under 50 ms, 30×30 median under 1 s.',
    '',
  );
  out.push(
    '| size | level | puzzles/s | median | p95 | max | failures | attempts (mean) | paths | mean score |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|---:|',
  );
  for (const r of g.rows)
    out.push(
      `| ${r.size} | ${r.level} | ${r.perSecond} | ${fmtMs(r.medianMs)} | ${fmtMs(r.p95Ms)} | ${fmtMs(r.maxMs)} | ${r.failures} | ${r.meanAttempts} | ${Object.entries(
        r.paths,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')} | ${r.meanScore} |`,
    );
  out.push('');
}

/** The spread of the 30x30 hard medians, which the overall median hides. */
const hard30 = (rows: any[]): string => {
  const ms = rows.filter((r) => r.size === '30x30' && r.level === 'hard').map((r) => r.medianMs as number);
  return ms.length > 0 ? `30×30 hard alone: medians ${fmtMs(Math.min(...ms))} to ${fmtMs(Math.max(...ms))} by colour count, above the 2 s target. ` : '';
};
const nc = read('nonogram-colour.json');
if (nc) {
  out.push(
    '## Nonogram: colour puzzles (decide, witness, generate; one core, CPU time)',
    '',
    machineLine(nc.machine),
    '',
    `\`bench/nonogram-colour.ts\`. CPU time (user + system) of this process on a shared machine, so figures run a little high; the witness (${nc.witness ?? 'none'} on the colour CNF of colour-cnf.ts) is another process, timed by the wall clock of the call. Targets (issue 20): every public colour puzzle decided with 0 disagreements; generation 15×15 median under 100 ms, 30×30 under 2 s.`,
    '',
    `Public colour puzzles (bench-data/nonogram/colour): ${nc.public.decided}/${nc.public.puzzles} decided by the colour search, ${nc.public.agree} agreeing with ${nc.witness} (verdict and solution), ${nc.public.disagree} disagreeing; ${nc.public.totalCpuMs} ms CPU in all.`,
    '',
    '| puzzle | size | colours | verdict | CPU | nodes | witness | witness wall |',
    '|---|---|---:|---|---:|---:|---|---:|',
  );
  for (const r of nc.rows)
    out.push(
      `| ${r.path} | ${r.size} | ${r.colours} | ${r.verdict} | ${fmtMs(r.cpuMs)} | ${r.nodes} | ${r.witness ?? '-'}${r.agree === false ? ' (disagrees)' : ''} | ${r.witnessWallMs === null ? '-' : fmtMs(r.witnessWallMs)} |`,
    );
  out.push(
    '',
    `Generation (generator version 2, \`nonogram@2:WxH-level-cN#seed\`), CPU per certified puzzle, median over every level and colour count: 15×15 ${fmtMs(nc.generation.median15Ms)}, 30×30 ${fmtMs(nc.generation.median30Ms)}. ${hard30(nc.generationRows)}Every puzzle re-counted on ${nc.witness}: ${nc.generation.recounted} re-counted, ${nc.generation.disagreements} disagreements. Expert (a puzzle the three-rung colour ladder cannot finish) is not made: see the colour level table.`,
    '',
    '| size | colours | level | seeds | failures | median | p90 | max | attempts (mean) |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|',
  );
  for (const r of nc.generationRows)
    out.push(
      `| ${r.size} | ${r.colours} | ${r.level} | ${r.seeds} | ${r.failures}${
        r.failures > 0
          ? ` (${Object.entries(r.reasons ?? {})
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')})`
          : ''
      } | ${fmtMs(r.medianMs)} | ${fmtMs(r.p90Ms)} | ${fmtMs(r.maxMs)} | ${r.meanAttempts} |`,
    );
  out.push('');
}

const nl = read('numberlink.json');
if (nl) {
  out.push(
    '## Numberlink: find one and certify',
    '',
    machineLine(nl.machine),
    `Deadlines: ${nl.solveMs / 1000} s per puzzle to find one (under no-touch, what Ahle's solver assumes), ${nl.certifyMs / 1000} s to count to 2 under no-2x2 and no-touch, ${(nl.certifyStrictMs ?? nl.certifyMs) / 1000} s under strict (the issue sets no time for Janko).`,
    'Find one is timed cold (the first pass in a fresh process, before the JIT has compiled the solver) and warm (after a warm-up on generated puzzles, none from these sets); the reference is a compiled binary, whose whole process includes no compilation. Starting Node itself takes about 40 ms, so no whole-process Node run can match 4 ms.',
    '',
  );
  out.push(
    "Reference (from the issue, this kind of machine, whole process, not installable here): Thomas Ahle's Go solver finds one",
    "solution of the 135 Janko puzzles in 58 ms, of the 19 Flow puzzles in 4 ms and of the 101 40x20 puzzles in 203 ms; mzucker's",
    'flow_solver takes 0.85 s for the Flow puzzles. Targets: certify every Flow puzzle under 0.2 s, decide 99% of Janko.',
    '',
  );
  const cell = (s: any): string =>
    `${Object.entries(s.counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}; total ${fmtMs(s.totalMs)}, median ${fmtMs(s.medianMs)}, max ${fmtMs(s.maxMs)}`;
  out.push(
    '| set | find one (cold) | find one (warm) | certify strict | certify no-2x2 | certify no-touch | cadical on the CNF (strict / no-touch) |',
    '|---|---|---|---|---|---|---|',
  );
  for (const r of nl.rows) {
    const cad = r.certify.strict?.cadical ? `${cell(r.certify.strict.cadical)} / ${cell(r.certify['no-touch'].cadical)}` : '';
    const cert = (rule: string): string => (r.certify[rule] ? cell(r.certify[rule].ours) : 'not run');
    out.push(
      `| ${r.set} | ${r.solveCold ? cell(r.solveCold) : 'not run'} | ${cell(r.solve)} | ${cert('strict')} | ${cert('no-2x2')} | ${cert('no-touch')} | ${cad} |`,
    );
  }
  out.push('');
}

const np = read('numberlink-plain.json');
if (np) {
  out.push(
    '## Numberlink: plain-rule counting (certify under each rule set, CPU time)',
    '',
    machineLine(np.machine),
    'The plain-rule counter (`src/families/numberlink/plain.ts`, what `count` runs under strict): deduction (`probe.ts`), then the frontier counter restricted to the links it settled, branching on a link where that pays, with windows around a no-2x2 covering on boards of short side 13+; under no-2x2 and no-touch the corner sweep. CPU time (user + system) per puzzle, after a warm-up; the generated boards are made by the current generator under no-2x2 and counted under every rule set. Verdicts under the three rule sets are checked against each other (they nest). Targets (issue 18): every Flow puzzle under 50 ms, every Janko puzzle decided within 5 s, generated 20×20 median under 1 s, 30×30 under 10 s.',
    '',
    'Where the time went before (the profile behind the counter): the frontier counter makes about 2 million transitions per CPU second, and under strict its states explode on open boards (Janko #88, 17×17 with 9 pairs: 3–5 million states a layer five rows in, 30–55 million over 20–36 s without finishing, in every orientation; deduction settles 2–7% of its links). Generated boards are the opposite: deduction settles most links (20×20: 1–100%, 2 of 8 fully; 30×30: 4 of 6 fully, in 2–60 ms), where the old count left 5 of 6 30×30 and 3 of 8 20×20 boards inconclusive at 10 s. Janko strict before: 58.5 s in all, median 21.7 ms, 134 of 135 decided within 30 s (section above).',
    '',
    '| set | rule | verdicts | decided in <50 ms / <1 s / <5 s / <10 s | CPU median | CPU max | CPU total | deadline |',
    '|---|---|---|---|---:|---:|---:|---:|',
  );
  for (const r of np.rows)
    for (const [rule, c] of Object.entries<any>(r.certify))
      out.push(
        `| ${r.set} | ${rule} | ${Object.entries(c.verdicts)
          .map(([k, v]) => `${v} ${k}`)
          .join(
            ', ',
          )} | ${c.decidedUnder['50ms']} / ${c.decidedUnder['1s']} / ${c.decidedUnder['5s']} / ${c.decidedUnder['10s']} | ${fmtMs(c.cpuMedianMs)} | ${fmtMs(c.cpuMaxMs)} | ${fmtMs(c.cpuTotalMs)} | ${c.deadlineMs / 1000} s |`,
      );
  if (np.notes) out.push('', ...np.notes);
  out.push('');
}

const npNodes = ['flow', 'janko'].map((set) => read(`numberlink-plain-${set}-nodes.json`)).filter((x) => x);
if (npNodes.length > 0) {
  out.push(
    '### Plain-rule counting under a node budget',
    '',
    machineLine(npNodes[0].machine),
    '`npx tsx bench/numberlink-plain.ts --only <set> --nodes N`: the same counts with a budget of N nodes per puzzle and rule instead of a wall-clock deadline (on a shared machine a deadline gives a puzzle what the other processes leave it). The frontier counter grows its state cap (50 k → 4 M → 12 M states kept) where a branch does not pay, resuming where it stopped. CPU time on a machine shared with other processes (load far above its 2 cores): figures inflate somewhat.',
    '',
    '| set | rule | verdicts | decided in <50 ms / <1 s / <5 s / <10 s | CPU median | CPU max | CPU total | nodes |',
    '|---|---|---|---|---:|---:|---:|---:|',
  );
  for (const f of npNodes)
    for (const r of f.rows)
      for (const [rule, c] of Object.entries<any>(r.certify))
        out.push(
          `| ${r.set} | ${rule} | ${Object.entries(c.verdicts)
            .map(([k, v]) => `${v} ${k}`)
            .join(
              ', ',
            )} | ${c.decidedUnder['50ms']} / ${c.decidedUnder['1s']} / ${c.decidedUnder['5s']} / ${c.decidedUnder['10s']} | ${fmtMs(c.cpuMedianMs)} | ${fmtMs(c.cpuMaxMs)} | ${fmtMs(c.cpuTotalMs)} | ${c.maxNodes / 1e6} M |`,
        );
  out.push('');
}

const agree = read('numberlink-agree.json');
if (agree) {
  const checks = (r: any): string =>
    Object.entries(r.checks)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  out.push(
    '## Numberlink: every counter against cadical (zero wrong verdicts)',
    '',
    machineLine(agree.machine),
    `\`npx tsx bench/numberlink-agree.ts --boards ${agree.boards} --workers 3\` (\`npm run bench -- --only numberlink-agree\`): ${agree.boards} random small boards (2×2 to 6×6: a third planted coverings cut into paths, a third random endpoints, a third 2–4 pairs on open boards; seed ${agree.seed}), each under strict, no-2x2 and no-touch, counted to ${agree.limit} by every counter that supports the rule set — the frontier counter (and the same from a state cap of one that grows), the plain-rule counter, the corner sweep, the path search alone, \`countSolutions\` — against cadical on the CNF; a counter agrees when it gives cadical's count and, below ${agree.limit}, the same solutions, each verified. **${agree.comparisons} comparisons, ${agree.disagreements} disagreements.** (Target, issue 18: 10⁴ boards under each rule set.) Under no-2x2 and no-touch, random boards this small have at most one solution: several solutions under those rules are checked by the crafted cases of the tests only.`,
    '',
    '| rule | boards | cadical count 0 / 1 / 2 / 3+ | comparisons per counter |',
    '|---|---:|---|---|',
  );
  for (const [rule, r] of Object.entries<any>(agree.perRule))
    out.push(`| ${rule} | ${r.boards} | ${['0', '1', '2', '3+'].map((k) => r.counts[k] ?? 0).join(' / ')} | ${checks(r)} |`);
  out.push('');
}

const ng = read('numberlink-generate.json');
if (ng) {
  out.push(
    '## Numberlink: generation (certified puzzles, one core)',
    '',
    machineLine(ng.machine),
    '',
    `Generator version ${ng.version ?? 5}, each row under that version's default rule (named in the row). Targets (issue): 10×15 median under 100 ms, 20×20 under 1 s, 30×30 under 5 s. Versions 1–6 default to no-2x2 over 100 cells (strict was measured impractical there with version 5's certificate: below); version 7 is strict at every size (its figures: "generation under the plain rule" below).`,
    '',
  );
  out.push(
    '| size | level | rule | puzzles/s | median | p95 | max | failures | attempts (mean) | pairs (mean) / K | graded levels | mean score |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---|---|---:|',
  );
  for (const r of ng.rows)
    out.push(
      `| ${r.size} | ${r.level} | ${r.rule} | ${r.perSecond} | ${fmtMs(r.medianMs)} | ${fmtMs(r.p95Ms)} | ${fmtMs(r.maxMs)} | ${r.failures} | ${r.meanAttempts} | ${r.meanPairs} / ${r.K} | ${Object.entries(
        r.graded,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')} | ${r.meanScore} |`,
    );
  out.push('', `Pairs per √cells against the grader's score over all puzzles: Pearson r = ${ng.pairRatioVsScore}.`, '');
  if (ng.strict) {
    out.push(
      `Generation under \`strict\` with version ${ng.strictVersion ?? 5} (medium, 20 s deadline each): why versions 1–6 default to no-2x2 over 100 cells.`,
      '',
    );
    out.push('| size | certified | median | max | candidates |', '|---|---:|---:|---:|---|');
    for (const r of ng.strict)
      out.push(
        `| ${r.size} | ${r.certified}/${r.n} | ${fmtMs(r.medianMs)} | ${fmtMs(r.maxMs)} | ${Object.entries(r.outcome)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')} |`,
      );
    out.push('');
  }
}

type PlainGenFile = {
  budgetS: number;
  rows: {
    size: string;
    level: string;
    ok: number;
    n: number;
    failures?: Record<string, number>;
    rejected?: Record<string, number>;
    cpuMedianS: number;
    cpuMaxS: number;
    pairsMedian?: number;
  }[];
};
/** The rows of a plain-rule generation table (bench/numberlink-plain-generate.ts results), one per size and level. */
function plainGenRows(files: PlainGenFile[]): void {
  const counts = (o: Record<string, number> | undefined): string =>
    Object.entries(o ?? {})
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  for (const file of files)
    for (const r of file.rows) {
      const failed = counts(r.failures);
      out.push(
        `| ${r.size} | ${r.level} | ${r.ok}/${r.n}${failed ? ` (${failed})` : ''} | ${r.cpuMedianS.toFixed(2)} s | ${r.cpuMaxS.toFixed(2)} s | ${r.pairsMedian ?? '–'} | ${file.budgetS} s | ${counts(r.rejected)} |`,
      );
    }
}

const plainGen = ['numberlink-plain-generate.json', 'numberlink-plain-generate-large.json', 'numberlink-plain-generate-40.json']
  .map((f) => read(f))
  .filter((r) => r);
if (plainGen.length > 0) {
  out.push(
    '## Numberlink: generation under the plain rule (generator version 6)',
    '',
    '`npx tsx bench/numberlink-plain-generate.ts` (`npm run bench -- --only numberlink-plain-generate`); results in `results/numberlink-plain-generate.json` (15×15, 20×20, 20×30: 5 seeds), `-large.json` (30×30, 40×40 easy: 3 seeds) and `-40.json` (40×40: 2 seeds), each with its wall-clock budget per generation below.',
    ...plainGen.map((r) => machineLine(r.machine)),
    'The machine was shared with four other workers (a generation got about a fifth of a core: 120 s of wall clock were 20–28 s of CPU). CPU seconds per generation, failures included; every puzzle made was counted again with the live `plainCount`: all unique.',
    '',
    "Version 6 is version 5 with the plain-rule counter as its strict certificate (a count not finished in its 2,000,000-node share rejects the candidate) and at least one pair per 7 / 8 / 9 / 10 cells (easy / medium / hard / expert) under strict. Why the pairs: on 20×20 hard candidates with version 5's 20–28 pairs, deduction settles 1–6 % of the links, most candidates have a second solution and some stay undecided (1.2 s each); at 40 pairs, of 18 candidates 8 had a second solution, 5 were unique, 5 undecided at 2,000,000 nodes; at 60 pairs deduction settles every link on 5 of 6 and they certify in 0.01–0.1 s. Version 5 under strict (table above): 15×15 median 2.16 s, 20×20 none in 20 s.",
    '',
    'Targets (issue 18): 15×15 median under 200 ms, 20×20 under 1 s, 30×30 under 10 s, 40×40 under 60 s.',
    '',
    '| size | level | generated in budget | median CPU | max CPU | median pairs | wall budget | rejected candidates |',
    '|---|---|---:|---:|---:|---:|---:|---|',
  );
  plainGenRows(plainGen);
  out.push(
    '',
    "Reading: easy and medium meet the targets at every size but 40×40 medium (the more pairs a level gets, the more deduction settles and the quicker the count). Hard and expert miss them from 20×20 on: their candidates have fewer pairs and many exhaust the certificate's share (`certificate-node-limit`, 1.2 s of CPU each at 20×20). So version 6 was not made the default; version 7 (next section: the same pipeline, strict at every size) is.",
    '',
  );
}

const plainGen7 = ['numberlink-plain-generate-v7.json', 'numberlink-plain-generate-v7-large.json', 'numberlink-plain-generate-v7-30.json']
  .map((f) => read(f))
  .filter((r) => r);
if (plainGen7.length > 0) {
  out.push(
    '## Numberlink: generation under the plain rule, version 7 (the default)',
    '',
    '`npx tsx bench/numberlink-plain-generate.ts` (the current version; `npm run bench -- --only numberlink-plain-generate`); results in `results/numberlink-plain-generate-v7.json` (15×15, 20×20, 20×30: 5 seeds) and `-v7-large.json` (30×30, 40×40), each with its wall-clock budget per generation below.',
    ...plainGen7.map((r) => machineLine(r.machine)),
    'Measured while the 2-core machine was shared with about five other workers (load average 15–30): CPU seconds per generation (user + system), failures included; CPU figures read a little high under such load, wall time means nothing. Every puzzle made was counted again with the live `plainCount`: all unique.',
    '',
    "Version 7 is version 6's pipeline with strict the default at every size (its seed text names the rule only when it is not strict), so these are version 6's figures on other seeds. Targets (issue 18): 15×15 median under 200 ms, 20×20 under 1 s, 30×30 under 10 s, 40×40 under 60 s.",
    '',
    '| size | level | generated in budget | median CPU | max CPU | median pairs | wall budget | rejected candidates |',
    '|---|---|---:|---:|---:|---:|---:|---|',
  );
  plainGenRows(plainGen7);
  out.push(
    '',
    "Reading: 15×15 meets its 200 ms target at every level; 20×20 easy and medium meet 1 s, hard and expert miss it (median 2.2 and 1.9 s), as 20×30 hard (1.9 s) and expert (8 s): their candidates have fewer pairs, deduction settles less, and many exhaust the certificate's share (`certificate-node-limit`, 1–2 s of CPU each). 30×30 easy, medium and hard come in under 10 s median (0.6, 6.0, 8.4 s), 40×40 easy under 60 s (7.6 s) and medium in 20 s of CPU, but at load average 25–30 some generations were cut by the wall-clock budget (the `deadline` failures) after 13–24 s of CPU, so those rows are lower bounds on what a quiet core makes; 30×30 expert made none of three (each cut after 33–39 s of CPU). On 23 raw 20×20 expert candidates (40 pairs; `npx tsx bench/numberlink-plain-candidates.ts --size 20x20 --level expert`): 11 unique (deduction settled 7–32 % of the links on 8 of them, all on 3), 5 with a second solution (found by the windows in 0.01–0.18 s), 7 ran out of the certificate's nodes (5–32 % settled, 1.0–1.4 s each: 8.4 of the 14.1 s spent). The settled share does not tell the node-limit ones from the unique ones, so rejecting early on it would drop as many unique candidates; a faster version needs another early test. The level table (`level-table-numberlink.json`) offers 25×25 and 30×30 easy and medium only.",
    '',
  );
}

const nlLarge = read('numberlink-large.json');
if (nlLarge) {
  out.push(
    '## Numberlink: find one on large boards (strict, one core)',
    '',
    machineLine(nlLarge.machine),
    '',
    "Targets (issue 18): every 50×50 board of Ahle's density (30–45 pairs) under 1 s and the eleven under 6.4 s; 1000×1000 under 5 s each; peak memory under 1 GB up to 100×100, under 4 GB at 1000×1000. Planted boards (`bench/numberlink-planted.ts`); `findSolution` (the corner sweeps from the four corners in turns, `corners.ts`, then the large search), Ahle's inputs through the large search alone. CPU is user seconds of the process (on a machine shared with other jobs, CPU figures inflate a little; wall time would mean nothing); peak is its resident high-water mark after the group (cumulative). Ahle's figures are *quoted* from the issue.",
    '',
    '| group | found | CPU total | worst board | budget | peak memory | target | Ahle (quoted) |',
    '|---|---:|---:|---:|---:|---:|---|---|',
  );
  for (const g of nlLarge.groups)
    out.push(
      `| ${g.group} | ${g.found}/${g.boards} | ${g.userS} s | ${g.maxUserS} s | ${g.maxNodes ? `${g.maxNodes / 1e6} M nodes` : `${g.deadlineMs / 1000} s`} | ${g.peakRssMB} MB | ${g.target} | ${g.quotedAhle} |`,
    );
  out.push('', 'Per board (planted groups):', '', '| board | pairs | result | nodes | CPU |', '|---|---:|---|---:|---:|');
  for (const g of nlLarge.groups) {
    if (g.group.startsWith('ahle')) continue;
    for (const r of g.rows) out.push(`| ${r.board} | ${r.pairs} | ${r.kind}${r.stop ? ` (${r.stop})` : ''} | ${r.nodes} | ${r.userS} s |`);
  }
  out.push('');
}

const xc = read('xcc.json');
if (xc) {
  out.push('## Algorithm C (exact cover with colours, src/core/xcc.ts)', '', machineLine(xc.machine), '');
  out.push('| problem | result | nodes | search | nodes per second |', '|---|---|---:|---:|---:|');
  for (const r of xc.rows)
    out.push(
      `| ${r.name} | ${String(r.result).length > 40 ? `${String(r.result).slice(0, 40)}…` : r.result} | ${r.nodes} | ${fmtMs(r.searchMs)} | ${(r.nodesPerSec / 1e6).toFixed(2)} million |`,
    );
  out.push('');
}

/** A study-table cell: solved of run, with median and max time of the solved ones; "not run" for none. */
const solvedText = (c: any): string => (c ? `${c.solved}/${c.n}${c.solved ? `; median ${fmtMs(c.medianMs)}, max ${fmtMs(c.maxMs)}` : ''}` : 'not run');

const em = read('edgematch.json');
if (em) {
  out.push('## Edge matching', '', machineLine(em.machine), '');
  if (em.study) {
    out.push(
      `The study table on planted boards (our seeded generator, no clues), ${em.seeds} seeds per size and colour profile, ${em.limitMs / 1000} s per solve for the backtracker and ${(em.otherLimitMs ?? em.limitMs) / 1000} s for Algorithm C and cadical: solved, median and max time of the solved ones, and for the backtracker the best score reached (matched joints of the best board seen) against the full score. Targets (issue): 12×12 at 22 colours 5 of 5 within 120 s each, 13×13 at least 3 of 5; at 26 colours every size 10–14 with median under 1 s and 16×16 within 60 s. The published study: CP-SAT solved 4 of 5 12×12 boards in 32–88 s; a DFS with restarts placing only exact matches solved none; cadical did not finish a planted 10×10 at 22 colours in 300 s where a plain C scan-row search took 57 ms.`,
      '',
      '| colours | size | backtracker | best scores / full | Algorithm C | cadical (CNF) |',
      '|---|---|---|---|---|---|',
    );
    for (const r of em.study)
      out.push(
        `| ${r.profile} | ${r.size} | ${solvedText(r.backtrack)} | ${r.backtrack.bestScores.join(', ')} / ${r.backtrack.full} | ${solvedText(r.xcc)} | ${solvedText(r.cadical)} |`,
      );
    out.push('');
  }
  if (em.tree) {
    out.push(
      'Why there is a cliff: the search tree of the exact backtracker in its growing-squares order is about the number of partial boards consistent on every joint checked so far. Its expectation follows from each instance (the pieces of each kind left, times the chance that two sides show the same colour at each joint checked; `treeEstimate` in bench/edgematch.ts). Complete enumerations (every solution, the whole tree) are set beside it where the estimate is small enough to walk; the look-ahead keeps them somewhat below the estimate. log10 of placements, 3 seeds:',
      '',
      '| colours | size | estimated tree | largest depth | complete enumerations |',
      '|---|---|---:|---:|---|',
    );
    const lg = (v: number): string => `10^${v.toFixed(1)}`;
    for (const r of em.tree)
      out.push(
        `| ${r.profile} | ${r.size} | ${lg(Math.max(...r.log10Estimate))} | ${lg(Math.max(...r.log10Peak))} | ${r.log10Measured.map((v: number | null) => (v === null ? 'not run' : lg(v))).join(', ')} |`,
      );
    out.push('');
  }
  const long = read('edgematch-long.json');
  if (long?.study) {
    out.push(
      `The target rows again at the issue's limit, ${long.limitMs / 1000} s per solve (${long.seeds} seeds; ${machineLine(long.machine)})`,
      '',
      '| colours | size | backtracker | best scores / full |',
      '|---|---|---|---|',
    );
    for (const r of long.study)
      out.push(`| ${r.profile} | ${r.size} | ${solvedText(r.backtrack)} | ${r.backtrack.bestScores.join(', ')} / ${r.backtrack.full} |`);
    out.push('');
  }
  const sat = read('edgematch-sat.json');
  if (sat?.study) {
    out.push(
      `cadical on the CNF at larger sizes, 26 interior colours, ${sat.otherLimitMs / 1000} s per solve, beside the backtracker (${sat.limitMs / 1000} s) on the same boards (${sat.seeds} seeds; ${machineLine(sat.machine)})`,
      '',
      '| colours | size | backtracker | cadical (CNF) |',
      '|---|---|---|---|',
    );
    for (const r of sat.study) out.push(`| ${r.profile} | ${r.size} | ${solvedText(r.backtrack)} | ${solvedText(r.cadical)} |`);
    out.push('');
  }
  if (em.suite) {
    out.push(
      'Board suite (Gallicchio), boards whose enumeration finished upstream: every listed solution count (as colourings, with the clue) reproduced exactly, else undecided in the limit.',
      '',
    );
    out.push(
      '| n | boards | Algorithm C reproduced | undecided | median | max | backtracker reproduced | undecided |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const r of em.suite)
      out.push(
        `| ${r.n} | ${r.boards} | ${r.xccReproduced} | ${r.xccUndecided} | ${fmtMs(r.xccMedianMs)} | ${fmtMs(r.xccMaxMs)} | ${r.backtrackReproduced} | ${r.backtrackUndecided} |`,
      );
    out.push('');
  }
  const sc = read('edgematch-suite-count.json');
  if (sc?.suiteCount) {
    out.push(
      "The board suite counted to the end by what `proofgrid count` runs (its default engine, the turns of the backtracker, Algorithm C and cadical, solutions as colourings: `--parts suite-count`, limit 100,000 solutions, CPU user time of the process; cadical's own time is not in it), every decided count equal to the suite's and every board verified (bench/results/edgematch-suite-count.json).",
      machineLine(sc.machine),
      '',
      `| n | boards | decided | undecided (${sc.otherLimitMs / 1000} s wall) | median CPU | max CPU | undecided boards (centre colours/board) |`,
      '|---:|---:|---:|---:|---:|---:|---|',
    );
    for (const r of sc.suiteCount)
      out.push(`| ${r.n} | ${r.boards} | ${r.decided} | ${r.undecided} | ${fmtMs(r.cpuMedianMs)} | ${fmtMs(r.cpuMaxMs)} | ${r.undecidedBoards.join(', ')} |`);
    out.push(
      '',
      'Counting colourings, the backtracker breaks the symmetry in its search (identical pieces one class, distinct turns only); on a planted 8x8 with 3 interior colours (18 classes of identical pieces) that takes a count to 2 from inconclusive at 20 s to 32 ms. Where the rest stand: 7x7 8/board_0 (5 solutions listed) is not finished after 246 M placements (60 s wall, 16 s CPU), cadical does not find its first board in 60 s, and a most-constrained-cell search with forward checking over the whole frontier (tried, not kept) made 4-10 times fewer placements per second without a smaller tree. Scan-row order instead of growing squares: 0.6-1.5x the time, no clear gain. The 60 s target (every board to 8x8) is not met for the boards listed undecided.',
      '',
    );
  }
  if (em.clues) {
    out.push("The official clue puzzles (piece sets from Heule's benchmarks), with the first corner piece fixed at the top-left:", '');
    out.push('| file | size | backtracker finds | count to 2: backtracker | Algorithm C |', '|---|---|---|---|---|');
    for (const r of em.clues)
      out.push(
        `| ${r.file} | ${r.size} | ${r.backtrackFind} in ${fmtMs(r.backtrackFindMs)} | ${r.backtrackCount} in ${fmtMs(r.backtrackCountMs)} | ${r.xccCount} in ${fmtMs(r.xccCountMs)} |`,
      );
    out.push('');
  }
  const playable = read('edgematch-playable.json');
  if (playable?.playable) {
    const v = playable.playableVersion;
    out.push(
      v === undefined
        ? `Playable puzzles, certified unique by Algorithm C and recounted by the backtracker, graded: time per puzzle and the levels measured, per requested level. ${machineLine(playable.machine)}`
        : `Playable puzzles, generator version ${v} (certified unique by the backtracker counting colourings, recounted by ${playable.playableRecount}), graded: user CPU time per generation (this process; the machine was shared, which inflates CPU figures a little and wall time a lot), failures (other-level: none at the level asked; its nearest is still recounted and listed), and the levels measured, per requested level. ${machineLine(playable.machine)}`,
      '',
    );
    const cpu = playable.playable[0]?.cpuMedianMs !== undefined;
    out.push(
      cpu ? '| size | level | CPU median | CPU max | failures | graded levels | recounted by |' : '| size | level | median | max | failures | graded levels |',
      cpu ? '|---|---|---:|---:|---:|---|---|' : '|---|---|---:|---:|---:|---|',
    );
    for (const r of playable.playable)
      out.push(
        `| ${r.size} | ${r.level} | ${fmtMs(cpu ? r.cpuMedianMs : r.medianMs)} | ${fmtMs(cpu ? r.cpuMaxMs : r.maxMs)} | ${r.failures}/${r.n} | ${Object.entries(
          r.graded,
        )
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')} |${
          cpu
            ? ` ${Object.entries(r.recount ?? {})
                .map(([k, n]) => `${k} ${n}`)
                .join(', ')} |`
            : ''
        }`,
      );
    out.push('');
  }
  const rateFile = read('edgematch-rate.json');
  const rate = rateFile?.rate;
  if (rate) {
    const m = (r: any): string =>
      `median ${(r.placementsPerSecondMedian / 1e6).toFixed(1)} million, lowest ${(r.placementsPerSecondMin / 1e6).toFixed(1)} million`;
    out.push(
      `Backtracker placements per second on ${rate.boards} of the 16×16 boards with Eternity II's profile (e2profile, ${rate.secondsEach} s each; target at least 15 million): the plain placement loop ${m(rate.plain)}; with the one-cell look-ahead (the default, which skips the placements the next cell would undo at once, so each placement left costs more) ${m(rate.lookAhead)}. ${machineLine(rateFile.machine)}`,
      '',
    );
  }
}

// bench/edgematch-best.ts: the best-score curve (issue 19: the Eternity II score race).
const eb = read('edgematch-best.json');
if (eb) {
  out.push(`## Edge matching: best score on 16×16 boards (matched joints of ${eb.maxScore})`, '', machineLine(eb.machine), '');
  out.push(
    `The best-score engine (\`solve --best\`, \`src/families/edgematch/best.ts\`) beside the old \`bestBacktrack\`, each search under a budget of CPU time per worker (${eb.note}). Boards: ${Object.entries(
      eb.boards,
    )
      .map(([k, v]) => `${k} (${v})`)
      .join(
        ', ',
      )}. Each cell: best / mean of the runs at that much CPU time per worker. The curve: [edgematch-best.svg](results/edgematch-best.svg).${eb.minutes < 10 ? ` **Only the ${eb.minutes}-minute point so far**: the 10 and 60-minute points are \`npx tsx bench/edgematch-best.ts --minutes 60 --runs 5 --workers 1,2\`.` : ''}`,
    '',
  );
  const marks = [...new Set((eb.series as any[]).flatMap((s) => s.checkpoints.map((c: any) => c.seconds as number)))].sort((a, b) => a - b);
  const label = (t: number): string => (t >= 60 ? `${t / 60} min` : `${t} s`);
  out.push(
    `| board | engine | workers | runs | ${marks.map(label).join(' | ')} | placements/s (CPU) |`,
    `|---|---|---:|---:|${marks.map(() => '---:').join('|')}|---:|`,
  );
  for (const s of eb.series as any[]) {
    const at = (t: number): string => {
      const c = s.checkpoints.find((x: any) => x.seconds === t);
      return c && c.best !== null ? `${c.best} / ${c.mean ?? '?'}` : '';
    };
    const rate = s.runs.reduce((a: number, r: any) => a + r.nodes / r.cpu / s.workers, 0) / s.runs.length;
    out.push(
      `| ${s.board} | ${s.engine === 'best' ? 'best-score engine' : 'bestBacktrack (old)'} | ${s.workers} | ${s.runs.length} | ${marks.map(at).join(' | ')} | ${(rate / 1e6).toFixed(1)} M |`,
    );
  }
  out.push('');
}

// bench/catalogue.ts: through the local thread pool (catalogue.json), and through the Redis queue with
// worker processes (catalogue-queue.json, from --queue) when measured.
for (const [file, how] of [
  ['catalogue.json', ''],
  ['catalogue-queue.json', ' through the Redis queue'],
]) {
  const cat = read(file);
  if (!cat) continue;
  out.push(`## Catalogue build throughput${how} (certified puzzles per second, ${cat.workers.join(' and ')} workers)`, '', machineLine(cat.machine), '');
  out.push(
    `\`catalogue build\` at level ${cat.level}, one cell per row built from scratch into a fresh store on ${cat.storeFs} (each job one durable INSERT), once per worker count with the same seed; both catalogues equal. ${how ? 'The build coordinates through BullMQ on a local redis-server; the workers are `catalogue worker` processes of one thread each on the same machine, started and warmed up first (not timed).' : 'The pool is started and warmed up first (not timed).'} Puzzles/s counts catalogue puzzles (distinct, at most N); "busy" is the jobs' own generation time over workers × wall time, the rest being the build's scheduling, the store's writes and the wait for a cell's last jobs.${cat.quick ? ' **Smoke run (--quick): too few jobs to mean anything.**' : ''}`,
    '',
  );
  const k = cat.workers as number[];
  out.push(
    `| family | size | N | ${k.map((w) => `${w} worker${w === 1 ? '' : 's'}: puzzles/s`).join(' | ')} | ${k
      .slice(1)
      .map((w) => `speed-up ${w} vs ${k[0]}`)
      .join(' | ')} | median job (${k[0]}) | jobs, failed, duplicates (${k[0]}) | busy (${k.join(' / ')}) |`,
  );
  out.push(
    `|---|---|---:|${k.map(() => '---:').join('|')}|${k
      .slice(1)
      .map(() => '---:')
      .join('|')}|---:|---|---|`,
  );
  for (const r of cat.rows) {
    const first = r.runs[0];
    out.push(
      `| ${r.family} | ${r.params}${r.rule ? ` (${r.rule})` : ''} | ${r.perCell} | ${r.runs.map((x: any) => x.puzzlesPerSecond).join(' | ')} | ${r.speedup
        .slice(1)
        .map((x: number) => `${x.toFixed(2)}×`)
        .join(
          ' | ',
        )} | ${first.medianJobMs === null ? '' : fmtMs(first.medianJobMs)} | ${first.jobs}, ${first.failures}, ${first.duplicates} | ${r.runs.map((x: any) => `${Math.round(x.busy * 100)}%`).join(' / ')} |`,
    );
  }
  // How throughput changes with size: the smallest size's over the largest's, per family and worker count.
  const fams = [...new Set(cat.rows.map((r: any) => r.family))] as string[];
  const growth = fams
    .map((f) => {
      const rs = cat.rows.filter((r: any) => r.family === f);
      if (rs.length < 2) return null;
      const a = rs[0];
      const b = rs[rs.length - 1];
      return `${f} ${a.size} → ${b.size}: ${k.map((_, i) => `${(a.runs[i].puzzlesPerSecond / b.runs[i].puzzlesPerSecond).toFixed(1)}×`).join(' / ')}`;
    })
    .filter((x) => x !== null);
  if (growth.length)
    out.push(
      '',
      `Throughput at the smallest size over the largest (with ${k.join(' / ')} worker${k.length === 1 && k[0] === 1 ? '' : 's'}): ${growth.join('; ')}.`,
    );
  out.push('');
}

const tt = read('test-time.json');
if (tt) {
  out.push(
    '## The test suite',
    '',
    `${machineLine(tt.machine)} Load average (1, 5, 15 min) ${tt.loadavg.before.join(', ')} before, ${tt.loadavg.after.join(', ')} after.`,
    '',
    `One run of \`${tt.command}\` (\`bench/test-time.ts\`): ${tt.wallS} s wall, ${tt.userS} s user and ${tt.systemS} s system CPU of everything it started (${tt.tests}). Target (issue 16): under ${tt.targetS} s wall.`,
    '',
  );
}

const cs = read('cli-startup.json');
if (cs) {
  out.push(
    '## Command start-up',
    '',
    `${machineLine(cs.machine)} Load average (1, 5, 15 min) ${cs.loadavg.before.join(', ')} before, ${cs.loadavg.after.join(', ')} after (the machine is shared).`,
    '',
  );
  out.push(
    `Whole process, spawn to exit, ${cs.runs} runs of each after ${cs.warmup} warm-up runs, taken in turn (\`bench/cli-startup.ts\`). "compiled" is the command as the package installs it (\`dist/cli/main.js\`, one esbuild bundle), "tsx bin" the launcher that runs the sources through tsx (\`bin/proofgrid.js\`, its transform cache warm). Target (issue): \`--help\` under ${cs.targetMs} ms.`,
    '',
    '| command | median | min | p90 | max |',
    '|---|---:|---:|---:|---:|',
  );
  for (const r of cs.rows) out.push(`| ${r.command} | ${fmtMs(r.medianMs)} | ${fmtMs(r.minMs)} | ${fmtMs(r.p90Ms)} | ${fmtMs(r.maxMs)} |`);
  out.push(
    '',
    `Compiled over tsx, the median of the paired runs' ratios: \`--help\` ${cs.ratios.helpCompiledOverTsx}×, \`count --id\` ${cs.ratios.countCompiledOverTsx}×.`,
    '',
  );
}

writeFileSync(join(here, 'RESULTS.md'), `${out.join('\n')}\n`);
console.log(`wrote ${join(here, 'RESULTS.md')}`);
