/**
 * The families the tests run: the product's (src/families/index.ts) and, loaded here as any plug-in
 * is (`proofgrid --plugin <module>`), the test-only families of this folder. A new family joins the
 * contract test (test/family-contract.test.ts) with ONE line in PLUGIN_MODULES.
 */
import { allFamilies, loadFamilyModules } from '../../src/families/index.ts';

/** Modules whose default export is a family, each also bundled and handed to the CLI with --plugin. */
export const PLUGIN_MODULES: readonly string[] = [new URL('./latin/index.ts', import.meta.url).href];

await loadFamilyModules(PLUGIN_MODULES);

/** Every family the contract test runs, product and plug-in alike. */
export const TEST_FAMILIES = allFamilies();
