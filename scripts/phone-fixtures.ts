/**
 * Writes test/e2e/fixtures/phone-boards.json: a 30×30 Nonogram, a 30×30 Numberlink and an 8×8 edge-matching
 * puzzle (descriptive ids made by `proofgrid generate` from fixed seeds) with their unique solutions, so that
 * the phone tests (test/e2e/phone.test.ts) play them to the win without solving them in each run.
 * Usage: npx tsx scripts/phone-fixtures.ts NONOGRAM_ID NUMBERLINK_ID EDGEMATCH_ID
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEdgematchId } from '../src/families/edgematch/formats/index.ts';
import { countEdgematch } from '../src/families/edgematch/xcc-model.ts';
import { parseNonogramId } from '../src/families/nonogram/formats/id.ts';
import { countSolutions as countNonogram } from '../src/families/nonogram/solver.ts';
import { parseNumberlinkId } from '../src/families/numberlink/formats/index.ts';
import { nextLinked } from '../src/families/numberlink/puzzle.ts';
import { countSolutions as countNumberlink } from '../src/families/numberlink/solver.ts';

const [ngId, nlId, emId] = process.argv.slice(2);
if (!emId) throw new Error('usage: phone-fixtures.ts NONOGRAM_ID NUMBERLINK_ID EDGEMATCH_ID');

const ng = parseNonogramId(ngId);
if (!ng.ok) throw new Error('bad nonogram id');
const ngv = countNonogram(ng.value);
if (ngv.kind !== 'unique') throw new Error(`nonogram is ${ngv.kind}`);

const nl = parseNumberlinkId(nlId);
if (!nl.ok) throw new Error('bad numberlink id');
const nlv = countNumberlink(nl.value);
if (nlv.kind !== 'unique') throw new Error(`numberlink is ${nlv.kind}`);
const paths = nl.value.pairs.map(([a, b]) => {
  const cells = [a];
  let prev = -1;
  while (cells[cells.length - 1] !== b) {
    const cur = cells[cells.length - 1];
    cells.push(nextLinked(nl.value, nlv.solution, cur, prev));
    prev = cur;
  }
  return cells;
});

const em = parseEdgematchId(emId);
if (!em.ok) throw new Error('bad edgematch id');
const emv = countEdgematch(em.value);
if (emv.kind !== 'unique') throw new Error(`edgematch is ${emv.kind}`);

const out = {
  note: 'Made by scripts/phone-fixtures.ts from ids of `proofgrid generate` (seeds phone30, phone8); solutions by the engine counts.',
  nonogram: { id: ngId, solution: [...ngv.solution].join('') },
  numberlink: { id: nlId, paths },
  edgematch: { id: emId, solution: emv.solution.map((p) => (p ? [p.piece, p.rotation] : null)) },
};
writeFileSync(join(import.meta.dirname, '..', 'test', 'e2e', 'fixtures', 'phone-boards.json'), `${JSON.stringify(out)}\n`);
