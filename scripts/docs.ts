// `npm run docs`: writes the reference documents generated from the code, so they cannot drift from it:
//   docs/tools.md          every tool of the catalogue: scope, hints, description, arguments and answer fields
// `npm run docs -- --check` (part of `npm run lint`) writes nothing and fails when a document is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { toolsMarkdown } from '../lib/docs/tools';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOCUMENTS: [file: string, render: () => string][] = [['docs/tools.md', toolsMarkdown]];

const check = process.argv.includes('--check');
const stale: string[] = [];
for (const [file, render] of DOCUMENTS) {
  const target = path.join(root, file);
  const text = render();
  let current: string | undefined;
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === text) continue;
  if (check) stale.push(file);
  else {
    writeFileSync(target, text);
    console.log(`docs: wrote ${file}`);
  }
}
if (stale.length > 0) {
  console.error(`docs: out of date (generated from the code): ${stale.join(', ')}. Run \`npm run docs\` and commit the result.`);
  process.exitCode = 1;
}
