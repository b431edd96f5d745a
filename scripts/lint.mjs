// `npm run lint`: the type check, ESLint (typed rules), Prettier's check and the layer rules, one after another.
// Every step runs even when an earlier one fails, so one run shows every problem; the exit status is 1 if any failed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const STEPS = [
  ['types', bin('tsc'), ['--noEmit']],
  ['eslint', bin('eslint'), ['.']],
  ['format', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
  ['layers', process.execPath, [path.join(root, 'scripts', 'lint-layers.mjs')]],
];

const failed = [];
for (const [name, command, args] of STEPS) {
  const started = performance.now();
  const { status, error } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const ok = status === 0 && !error;
  console.log(`lint: ${name} ${ok ? 'passed' : 'FAILED'} (${seconds} s)`);
  if (!ok) failed.push(name);
}
if (failed.length > 0) {
  console.error(`lint: failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
