/**
 * Entry point of the `proofgrid` command: bundled into dist/cli/main.js, the package's bin, by
 * scripts/build.mjs; bin/proofgrid.js runs it from the sources through tsx.
 */
import { runCli } from './program.ts';

// A closed pipe (`proofgrid count big.non | head`) is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

process.exitCode = await runCli(process.argv);
