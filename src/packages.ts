/**
 * The heavier npm packages of the Node side (SQLite, the thread pool, the progress bar), each loaded
 * on first use: a command that needs none of them does not pay for loading them (`proofgrid --help`
 * starts in well under 150 ms, `npm run bench -- --only cli-startup`). They are CommonJS, so
 * `require` loads them synchronously and the callers stay as they were; their types come from
 * `import type`. bullmq and ioredis (CommonJS too) are still loaded apart, by a dynamic import where
 * the queue is opened (src/catalogue/queue.ts); they could come through `load` here as well.
 *
 * better-sqlite3 (a native module), bullmq and ioredis are optional dependencies of the package: an
 * install without them (`npm install --omit=optional`, or a machine that could not build better-sqlite3)
 * still runs everything but the catalogue (and its queue), whose commands then say what to install
 * (exit 2).
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import type CliProgress from 'cli-progress';
import type { Piscina as PiscinaClass } from 'piscina';
import { UserError } from './cli/exit.ts';

const require = createRequire(import.meta.url);

/**
 * `e` as a UserError naming what to install when it says that one of `names` is not installed (from
 * require or from import); `e` itself otherwise.
 */
export function missingPackage(e: unknown, names: readonly string[], usedFor: string): unknown {
  const err = e as NodeJS.ErrnoException;
  const notFound = err?.code === 'MODULE_NOT_FOUND' || err?.code === 'ERR_MODULE_NOT_FOUND';
  if (!notFound || !names.some((n) => String(err.message).includes(`'${n}'`))) return e;
  const them = names.length === 1 ? `the npm package ${names[0]}, which is` : `the npm packages ${names.join(' and ')}, which are`;
  return new UserError(`${usedFor} needs ${them} not installed (npm install ${names.join(' ')})`);
}

function load<T>(name: string, usedFor: string): T {
  try {
    return require(name) as T;
  } catch (e) {
    throw missingPackage(e, [name], usedFor);
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
