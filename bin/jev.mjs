#!/usr/bin/env node
// The `jev` command: runs the TypeScript CLI through tsx so it shares lib/ with the app as is.
import './node-runtime.mjs';
import { tsImport } from 'tsx/esm/api';

const { main } = await tsImport('../cli/main.ts', {
  parentURL: import.meta.url,
  tsconfig: new URL('../tsconfig.json', import.meta.url).pathname,
});
process.exitCode = await main(process.argv.slice(2));
