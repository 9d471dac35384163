/**
 * Node-side input and output: reading a file or standard input, writing a file atomically, and
 * writing to stdout/stderr.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { UserError } from './exit.ts';

export const STDIN_LABEL = '<stdin>';

/** True when the path means standard input (nothing, or `-`). */
export function isStdin(path: string | undefined): boolean {
  return path === undefined || path === '-';
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('proofgrid: reading puzzles from standard input (end with Ctrl-D)\n');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads a file, or standard input for `-`/nothing. File-system errors become clear user errors. */
export async function readText(path: string | undefined): Promise<{ text: string; label: string }> {
  if (isStdin(path)) return { text: await readStdin(), label: STDIN_LABEL };
  const file = path as string;
  try {
    return { text: readFileSync(file, 'utf8'), label: file };
  } catch (e) {
    throw new UserError(`cannot read ${file}: ${fsReason(e)}`);
  }
}

/** The text of a file a family reads beside the one named (edge matching's `.clue`), or undefined when there is none. */
export function readBeside(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/** A short reason for a file-system error (no stack). */
export function fsReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EISDIR':
      return 'it is a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOTDIR':
      return 'a part of the path is not a directory';
    default:
      return e instanceof Error ? e.message : String(e);
  }
}

/** A fresh hidden name beside `path`, to write to and then rename over it. */
export function tempBeside(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/**
 * Writes a file atomically: the text goes to a temporary file in the same directory, which is
 * flushed and then renamed over the target. On any error the temporary file is removed, so the
 * target is either untouched or complete.
 */
export function writeFileAtomic(path: string, text: string): void {
  const tmp = tempBeside(path);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'wx', 0o644);
    writeSync(fd, text);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, path);
  } catch (e) {
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        // already failing; the original error is reported
      }
    }
    removeQuietly(tmp);
    throw new UserError(`cannot write ${path}: ${fsReason(e)}`);
  }
}

/**
 * Writes files into a new directory (or an empty one) atomically: they go to a temporary directory
 * beside it, which is renamed to `dir` at the end; on any error it is removed, nothing half-written.
 */
export function writeDirectoryAtomic(dir: string, files: readonly { name: string; text: string }[]): void {
  const tmp = tempBeside(dir);
  try {
    mkdirSync(tmp);
    for (const f of files) writeFileSync(join(tmp, f.name), f.text);
    if (existsSync(dir)) rmdirSync(dir);
    renameSync(tmp, dir);
  } catch (e) {
    removeQuietly(tmp);
    throw new UserError(`cannot write ${dir}: ${fsReason(e)}`);
  }
}

/**
 * Removes a temporary file or directory while another error is being reported: its own failure (it
 * was never made: a part of the path is a file, ENOTDIR; or it is gone) must not replace that error.
 */
export function removeQuietly(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch {
    // nothing to remove, or nothing we can: the error being reported says why
  }
}

/** Writes the text to `out` atomically, or to stdout when `out` is undefined or `-`. */
export function emit(text: string, out: string | undefined): void {
  if (out === undefined || out === '-') process.stdout.write(text);
  else writeFileAtomic(out, text);
}

export function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

export function note(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** JSON with a final newline. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
