// `npm run lint:layers`: the layer rules of .dependency-cruiser.cjs, plus no folder cycles among lib/'s units.
// A unit is a folder directly under lib/ (lib/account) or a file directly in lib/ (lib/errors.ts). Two units
// that import each other, directly or round a longer loop, fail: the shared piece belongs in a neutral module.
// One cruise serves both checks; exit status 1 on any violation.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOTS = ['app', 'bench', 'cli', 'lib', 'scripts', 'tests', 'proxy.ts', 'instrumentation.ts', 'instrumentation-node.ts'];

const depcruise = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const result = JSON.parse(
  execFileSync(process.execPath, [depcruise, '--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...ROOTS], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  }),
);

const problems = result.summary.violations.map((v) =>
  v.cycle ? `${v.rule.name}: ${[v.from, ...v.cycle.map((step) => step.name)].join(' → ')}` : `${v.rule.name}: ${v.from} → ${v.to}`,
);

/** lib/account/users.ts → lib/account; lib/errors.ts → lib/errors.ts; anything outside lib/ → undefined. */
const unitOf = (file) => /^lib\/[^/]+/.exec(file)?.[0];

// unit → unit → one example import (and how many there are), type-only imports included: a tie is a tie.
const edges = new Map();
for (const mod of result.modules) {
  const from = unitOf(mod.source);
  if (!from) continue;
  for (const dep of mod.dependencies) {
    const to = unitOf(dep.resolved);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    const out = edges.get(from);
    const seen = out.get(to);
    out.set(to, seen ? { ...seen, count: seen.count + 1 } : { example: `${mod.source} → ${dep.resolved}`, count: 1 });
  }
}

// Tarjan's strongly connected components: every component of two or more units is a folder cycle.
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const components = [];
let next = 0;
function visit(unit) {
  index.set(unit, next);
  low.set(unit, next);
  next += 1;
  stack.push(unit);
  onStack.add(unit);
  for (const to of edges.get(unit)?.keys() ?? []) {
    if (!index.has(to)) {
      visit(to);
      low.set(unit, Math.min(low.get(unit), low.get(to)));
    } else if (onStack.has(to)) {
      low.set(unit, Math.min(low.get(unit), index.get(to)));
    }
  }
  if (low.get(unit) === index.get(unit)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== unit);
    if (component.length > 1) components.push(component.sort());
  }
}
for (const unit of [...edges.keys()].sort()) if (!index.has(unit)) visit(unit);

for (const component of components) {
  const ties = [];
  for (const from of component) {
    for (const [to, { example, count }] of edges.get(from) ?? []) {
      if (component.includes(to)) ties.push(`    ${from} → ${to}: ${example}${count > 1 ? ` (and ${count - 1} more)` : ''}`);
    }
  }
  problems.push(`no-folder-cycles: ${component.join(', ')} import each other\n${ties.sort().join('\n')}`);
}

const cruised = `${result.summary.totalCruised} modules, ${result.summary.totalDependenciesCruised} imports`;
if (problems.length === 0) {
  console.log(`layers: no violations (${cruised}).`);
} else {
  for (const problem of problems) console.error(`error ${problem}`);
  console.error(
    `\nlayers: ${problems.length} violation(s) (${cruised}); the rules are in .dependency-cruiser.cjs and scripts/lint-layers.mjs.`,
  );
  process.exitCode = 1;
}
