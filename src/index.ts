/**
 * The engine: `import { FAMILIES, nonogram, Meter } from 'proofgrid'`. Browser-safe like everything
 * it re-exports (src/core, src/families: no Node or DOM imports, `test/purity.test.ts`), so it
 * bundles for a page or a Web Worker as it runs in Node.
 *
 * Here: the core types and helpers (verdicts, `Budget` and `Meter`, `Result`, the seeded RNG, ids,
 * the `PuzzleFamily` interface, the SAT witness types, Algorithm C), the family registry and the
 * three family objects; plug-in families register with `registerFamily`. The string-level API (ids and
 * texts in, typed answers out) is `proofgrid/api`. Each family's own solvers, generators and formats are in its entry:
 * `proofgrid/nonogram`, `proofgrid/numberlink`, `proofgrid/edgematch`. Node-only parts have their
 * own entries: `proofgrid/witness` (SAT back-ends), `proofgrid/catalogue`, `proofgrid/cli`.
 *
 * @packageDocumentation
 */
export * from './core/index.ts';
export { allFamilies, FAMILIES, familyNamed, isFamilyName, loadFamilyModules, registerFamily, type FamilyName } from './families/index.ts';
export { nonogram } from './families/nonogram/index.ts';
export { numberlink } from './families/numberlink/index.ts';
export { edgematch } from './families/edgematch/index.ts';
