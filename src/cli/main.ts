/** Entry point of the `proofgrid` command (run through tsx, see bin/proofgrid.js). */
import { runCli } from './program.ts';

// A closed pipe (`proofgrid count big.non | head`) is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});

process.exitCode = await runCli(process.argv);
