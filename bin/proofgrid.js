#!/usr/bin/env node
// Launcher for the `proofgrid` command: registers tsx's ESM loader so Node runs the TypeScript
// sources directly, then loads the CLI (src/cli/main.ts), which sets the exit code.
import { register } from 'tsx/esm/api';

register();
await import(new URL('../src/cli/main.ts', import.meta.url).href);
