/**
 * The package as a user gets it: built from the current sources (scripts/build.mjs into a staging
 * folder, so the checkout's dist/ is left alone), packed with `npm pack`, installed from the tarball
 * into a fresh project in a temp folder, and used from there: the engine imported in Node and bundled
 * for a page (esbuild, platform browser) and run with no Node globals (a bare `vm` context, and Debian
 * Chromium when installed), the engine's types checked by tsc without Node's, and the command run with
 * `npx proofgrid`.
 *
 * The install leaves out the optional dependencies (`--omit=optional`: better-sqlite3, which has no
 * prebuilt binary reachable here and takes minutes to compile, and the queue's bullmq and ioredis), so
 * it needs nothing beyond npm's cache and takes a few seconds; the catalogue commands must then say
 * what to install. The engine's results must be the sources' own: the same puzzles from the same seeds.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { CHROMIUM, launchChromium } from './chromium.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILIES } from '../src/index.ts';
import { ROOT } from './cli-helpers.ts';

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs a command with npm's own variables of an outer `npm test` removed (they would point the inner npm at this checkout). */
function sh(cmd: string, args: string[], cwd: string): Promise<Ran> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: { ...env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: performance.now() - t0 }));
  });
}

async function ok(cmd: string, args: string[], cwd: string): Promise<Ran> {
  const r = await sh(cmd, args, cwd);
  if (r.code !== 0) throw new Error(`${cmd} ${args.join(' ')} (exit ${r.code}):\n${r.stdout}\n${r.stderr}`);
  return r;
}

/** What both the Node run and the page compute: a puzzle of each family from a fixed seed, and its count. */
const CASES: [string, string][] = [
  ['nonogram', '8x8-easy'],
  ['numberlink', '6x6-easy'],
  ['edgematch', '4x4-easy'],
];
const PAGE = `import { FAMILIES } from 'proofgrid';
import * as api from 'proofgrid/api';
const out = {};
for (const [name, params] of ${JSON.stringify(CASES)}) {
  const f = FAMILIES[name];
  const g = f.generate(f.parseParams(params).value, 'package-test');
  out[name] = g.ok ? { id: f.makePuzzle(g.puzzle), kind: f.count(g.puzzle).kind } : { failed: g.reason };
}
// The string API (proofgrid/api): the same first puzzle, from texts alone.
const a = api.generate('${CASES[0][0]}', '${CASES[0][1]}', 'package-test');
const c = a.ok && a.value.kind === 'generated' ? api.count(a.value.info.id) : a;
out.api = c.ok ? { id: a.value.info.id, kind: c.value.kind } : { failed: c.error.message };
globalThis.proofgridResult = out;
`;

/** The same from the sources, in this process. */
function expected(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, params] of CASES) {
    const f = FAMILIES[name as keyof typeof FAMILIES] as unknown as {
      parseParams(t: string): { ok: true; value: unknown };
      generate(p: unknown, seed: string): { ok: true; puzzle: unknown } | { ok: false; reason: string };
      makePuzzle(p: unknown): string;
      count(p: unknown): { kind: string };
    };
    const g = f.generate(f.parseParams(params).value, 'package-test');
    out[name] = g.ok ? { id: f.makePuzzle(g.puzzle), kind: f.count(g.puzzle).kind } : { failed: g.reason };
  }
  out.api = out[CASES[0][0]];
  return out;
}

let tmp = '';
let project = '';
let installMs = 0;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'proofgrid-package-'));
  const stage = join(tmp, 'stage');
  project = join(tmp, 'project');
  mkdirSync(stage);
  cpSync(join(ROOT, 'package.json'), join(stage, 'package.json'));
  cpSync(join(ROOT, 'README.md'), join(stage, 'README.md'));
  await ok(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), '--out', join(stage, 'dist')], ROOT);
  // The build was just made: --ignore-scripts skips `prepare`, which would make it again.
  await ok('npm', ['pack', '--ignore-scripts', '--pack-destination', tmp], stage);
  const tarball = readdirSync(tmp).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack wrote no tarball');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const install = await ok(
    'npm',
    ['install', join(tmp, tarball), '--prefer-offline', '--no-audit', '--no-fund', '--omit=optional', '--loglevel=error'],
    project,
  );
  installMs = install.ms;
  writeFileSync(join(project, 'page.js'), PAGE);
}, 120_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('the packed package, installed into another project', () => {
  it('holds the compiled code and its types, not the sources, tests or tsx', () => {
    const pkg = join(project, 'node_modules', 'proofgrid');
    for (const f of [
      'dist/index.js',
      'dist/index.d.ts',
      'dist/api/index.js',
      'dist/api/index.d.ts',
      'dist/cli/main.js',
      'dist/catalogue/worker.mjs',
      'dist/catalogue/check-worker.mjs',
      'dist/runner/node-worker.mjs',
      'README.md',
    ])
      expect(existsSync(join(pkg, f)), f).toBe(true);
    for (const f of ['src', 'test', 'bench', 'web', 'bin']) expect(existsSync(join(pkg, f)), f).toBe(false);
    expect(existsSync(join(project, 'node_modules', 'tsx'))).toBe(false);
    for (const w of ['catalogue/worker.mjs', 'catalogue/check-worker.mjs', 'runner/node-worker.mjs'])
      expect(readFileSync(join(pkg, 'dist', w), 'utf8'), w).not.toMatch(/'tsx|register\(|\.ts'/);
    // A few seconds from npm's cache (measured about 4.5 s on the 2-core machine).
    console.log(`npm install of the tarball: ${(installMs / 1000).toFixed(1)} s`);
  });

  it('gives the engine to Node, with the same puzzles as the sources', async () => {
    const r = await ok(
      process.execPath,
      ['--input-type=module', '-e', `await import('./page.js'); console.log(JSON.stringify(globalThis.proofgridResult));`],
      project,
    );
    const got = JSON.parse(r.stdout) as Record<string, { kind: string }>;
    expect(got).toEqual(expected());
    for (const [name] of CASES) expect(got[name].kind, name).toBe('unique');
  });

  it('bundles the engine for a page: no Node module, runs with no Node globals (vm, and Chromium when installed)', async () => {
    // platform browser: a `node:` import (or fs, path ...) anywhere in the engine would fail the build.
    const out = await build({
      entryPoints: [join(project, 'page.js')],
      absWorkingDir: project,
      bundle: true,
      platform: 'browser',
      format: 'iife',
      write: false,
      logLevel: 'silent',
    });
    const code = out.outputFiles[0].text;
    expect(code).not.toMatch(/\brequire\(|["']node:/);
    const want = expected();
    // A context with the language's built-ins only: no process, require, Buffer, fetch or DOM.
    const sandbox: Record<string, unknown> = {};
    runInNewContext(code, sandbox, { timeout: 20_000 });
    expect(JSON.parse(JSON.stringify(sandbox.proofgridResult))).toEqual(want);

    if (!existsSync(CHROMIUM)) {
      const msg = `Debian chromium is not installed (apt-get install chromium): the package's page bundle is run in a vm only`;
      if (process.env.PROOFGRID_REQUIRE_BROWSER === '1') throw new Error(msg);
      console.warn(`\n*** ${msg} ***\n`);
      return;
    }
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.setContent('<!doctype html><title>proofgrid</title>');
      await page.addScriptTag({ content: code });
      expect(await page.evaluate(() => (globalThis as unknown as { proofgridResult: unknown }).proofgridResult)).toEqual(want);
    } finally {
      await browser.close();
    }
  });

  it("type-checks against the engine's declarations without Node's types", async () => {
    writeFileSync(
      join(project, 'use.ts'),
      `import { FAMILIES, nonogram, Meter, type Budget, type Verdict } from 'proofgrid';
import { countSolutions, type Nonogram } from 'proofgrid/nonogram';
import { numberlink } from 'proofgrid/numberlink';
import { edgematch } from 'proofgrid/edgematch';
const budget: Budget = { maxNodes: 1000 };
export const seen: unknown[] = [];
const r = nonogram.parsePuzzle('nonogram:2x2:1/1/1/1');
if (r.ok) {
  const p: Nonogram = r.value;
  const v: Verdict<unknown> = countSolutions(p, { budget });
  const kind: 'unique' | 'multiple' | 'none' | 'inconclusive' = v.kind;
  seen.push(kind, Object.keys(FAMILIES), numberlink.name, edgematch.name, typeof Meter);
}
// @ts-expect-error the family registry is typed: no such family
FAMILIES.sudoku;
`,
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022'], strict: true, noEmit: true, types: [] },
        files: ['use.ts'],
      }),
    );
    const r = await sh(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], project);
    expect(r.stdout + r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('runs the command with npx: help, a count, and the catalogue and its queue asking for their optional packages', async () => {
    const help = await sh('npx', ['proofgrid', '--help'], project);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: proofgrid \[options\] \[command\]/);
    expect(help.stdout).toContain('catalogue');
    const id = (expected().nonogram as { id: string }).id;
    const count = await sh('npx', ['proofgrid', 'count', '--id', id], project);
    expect(count.stdout).toContain('unique');
    expect(count.code, count.stderr).toBe(10);
    const cat = await sh(
      'npx',
      ['proofgrid', 'catalogue', 'build', '--family', 'nonogram', '--sizes', '5x5', '--levels', 'easy', '--per-cell', '1', '--out', join(tmp, 'c.db'), '-q'],
      project,
    );
    expect(cat.stderr).toContain('npm install better-sqlite3');
    expect(cat.stderr).not.toMatch(/\n\s+at /);
    expect(cat.code).toBe(2);
    expect(existsSync(join(tmp, 'c.db'))).toBe(false);
    const worker = await sh('npx', ['proofgrid', 'catalogue', 'worker', '--queue', 'redis://127.0.0.1:9'], project);
    expect(worker.stderr).toContain('npm install bullmq ioredis');
    expect(worker.code).toBe(2);
  });

  it('loads none of the heavier packages for --help or a count (what keeps its start-up short)', async () => {
    // They are CommonJS, loaded through require on first use (src/packages.ts): on exit, the ones in Module._cache.
    const probe =
      'import M from "node:module"; process.on("exit", () => process.stderr.write(`heavy: [${[...new Set(Object.keys(M._cache).map((k) => /node_modules[\\/](better-sqlite3|piscina|cli-progress|bullmq|ioredis)[\\/]/.exec(k)?.[1]).filter(Boolean))]}]\\n`));';
    const bin = join(project, 'node_modules', 'proofgrid', 'dist', 'cli', 'main.js');
    const id = (expected().nonogram as { id: string }).id;
    for (const args of [['--help'], ['count', '--id', id]]) {
      const r = await sh(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(probe)}`, bin, ...args], project);
      expect(r.stderr, args.join(' ')).toContain('heavy: []');
    }
    // The probe does see a package loaded this way.
    const seen = await sh(
      process.execPath,
      ['--import', `data:text/javascript,${encodeURIComponent(probe)}`, '-e', 'require("cli-progress"); require("piscina")'],
      project,
    );
    expect(seen.stderr).toContain('heavy: [cli-progress,piscina]');
  });
});
