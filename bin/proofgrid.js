#!/usr/bin/env node
// The `proofgrid` command from the sources, for development: registers tsx's ESM loader so Node runs
// the TypeScript sources directly, then loads the CLI (src/cli/main.ts), which sets the exit code.
// The package's command is the compiled dist/cli/main.js (package.json `bin`, scripts/build.mjs).
import { register } from 'tsx/esm/api';

register();
await import(new URL('../src/cli/main.ts', import.meta.url).href);
