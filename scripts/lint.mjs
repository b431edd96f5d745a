// `npm run lint`: the type check, ESLint (typed rules), Prettier's check, the layer rules and the generated docs.
// The four run at once (ESLint alone takes most of the time, so the total is about ESLint's), each one's output
// is printed whole when it ends, and every step runs even when another fails, so one run shows every problem;
// the exit status is 1 if any failed.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const STEPS = [
  ['types', bin('tsc'), ['--noEmit']],
  // Cached by file content in .cache/eslint/ (git-ignored): a typed rule's finding can hinge on another file, so a
  // cached pass may miss what an edit elsewhere caused; CI lints a fresh clone, without a cache.
  ['eslint', bin('eslint'), ['.', '--cache', '--cache-strategy', 'content', '--cache-location', '.cache/eslint/']],
  ['format', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
  ['layers', process.execPath, [path.join(root, 'scripts', 'lint-layers.mjs')]],
  // The reference documents generated from the code (docs/tools.md …) must be current: `npm run docs` writes them.
  ['docs', bin('tsx'), [path.join(root, 'scripts', 'docs.ts'), '--check']],
];

function run([name, command, args]) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const finish = (ok) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      console.log(`lint: ${name} ${ok ? 'passed' : 'FAILED'} (${seconds} s)`);
      resolve(ok ? undefined : name);
    };
    child.once('error', (error) => {
      output += `${error.message}\n`;
      finish(false);
    });
    child.once('close', (status) => finish(status === 0));
  });
}

const failed = (await Promise.all(STEPS.map(run))).filter(Boolean);
if (failed.length > 0) {
  console.error(`lint: failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
