// The type-checks of `npm test` and `npm run typecheck`: the three tsc projects side by side (one
// process each; tsc uses one core), each one's errors printed when it ends; fails when any fails.
// Incremental: each project keeps what it learned in node_modules/.cache/proofgrid/ (tsc --incremental
// with --noEmit writes only that file), so a re-run after a small change checks only what it touches.
// The file names carry a hash of the checkout's path, so checkouts sharing one node_modules (git
// worktrees with a link to it) keep apart.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSC = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
const PROJECTS = ['tsconfig.json', 'tsconfig.node.json', 'tsconfig.web.json'];

const CACHE = fileURLToPath(new URL('../node_modules/.cache/proofgrid/', import.meta.url));
const CHECKOUT = createHash('sha256').update(ROOT).digest('hex').slice(0, 12);

const check = (project) =>
  new Promise((resolve) => {
    const info = `${CACHE}${project.replace(/\.json$/, '')}-${CHECKOUT}.tsbuildinfo`;
    const child = spawn(process.execPath, [TSC, '--noEmit', '--incremental', '--tsBuildInfoFile', info, '-p', project], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (e) => {
      process.stdout.write(`tsc --noEmit -p ${project}: ${e.message}\n`);
      resolve({ project, ok: false });
    });
    child.on('close', (code) => {
      if (out !== '' || code !== 0) process.stdout.write(`tsc --noEmit -p ${project} (exit ${code}):\n${out}`);
      resolve({ project, ok: code === 0 });
    });
  });

const results = await Promise.all(PROJECTS.map(check));
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
