/**
 * The heavier npm packages of the Node side (SQLite, the thread pool, the progress bar), each loaded
 * on first use: a command that needs none of them does not pay for loading them (`proofgrid --help`
 * starts in well under 150 ms, `npm run bench -- --only cli-startup`). They are CommonJS, so
 * `require` loads them synchronously and the callers stay as they were; their types come from
 * `import type`. bullmq and ioredis are imported where the queue is opened (src/catalogue/queue.ts).
 *
 * better-sqlite3 (a native module) is an optional dependency of the package: an install without it
 * (`npm install --omit=optional`, or a machine that could not build it) still runs everything but the
 * catalogue, whose commands then say what to install (exit 2).
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import type CliProgress from 'cli-progress';
import type { Piscina as PiscinaClass } from 'piscina';
import { UserError } from './cli/exit.ts';

const require = createRequire(import.meta.url);

function load<T>(name: string, usedFor: string): T {
  try {
    return require(name) as T;
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'MODULE_NOT_FOUND' && err.message.includes(`'${name}'`)) {
      throw new UserError(`${usedFor} needs the npm package ${name}, which is not installed (npm install ${name})`);
    }
    throw e;
  }
}

let sqlite: typeof BetterSqlite3 | undefined;
/** better-sqlite3's `Database` class. */
export const sqliteDatabase = (): typeof BetterSqlite3 => (sqlite ??= load<typeof BetterSqlite3>('better-sqlite3', 'the catalogue (an SQLite file)'));

let piscina: typeof PiscinaClass | undefined;
/** piscina's worker-thread pool class. */
export const piscinaPool = (): typeof PiscinaClass => (piscina ??= load<{ Piscina: typeof PiscinaClass }>('piscina', 'a pool of worker threads').Piscina);

let progress: typeof CliProgress | undefined;
/** The cli-progress module (its `SingleBar` and `Presets`). */
export const cliProgress = (): typeof CliProgress => (progress ??= load<typeof CliProgress>('cli-progress', 'the progress bar'));
