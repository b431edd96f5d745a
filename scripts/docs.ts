// `npm run docs`: writes the documents generated from the code (lib/docs/generate.ts lists them), so they cannot
// drift from it. `npm run docs -- --check` (part of `npm run lint`) writes nothing and fails when one is out of date.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleDocuments } from '../lib/docs/generate';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

const stale = staleDocuments(root);
if (check && stale.length > 0) {
  console.error(
    `docs: out of date (generated from the code): ${stale.map(({ file }) => file).join(', ')}. Run \`npm run docs\` and commit the result.`,
  );
  process.exitCode = 1;
} else if (!check) {
  for (const { file, text } of stale) {
    writeFileSync(path.join(root, file), text);
    console.log(`docs: wrote ${file}`);
  }
}
