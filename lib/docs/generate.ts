import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFINITIONS } from '@/lib/contract-definitions';
import { ERRORS } from '@/lib/errors';
import { INSTRUCTIONS } from '@/lib/tools/instructions';
import { fillBlocks } from './blocks';
import { configurationMarkdown } from './configuration';
import { toolsMarkdown } from './tools';

// The documents generated from the code (`npm run docs` writes them, `npm run docs -- --check` in `npm run lint`
// fails when one is out of date), so none can drift from what it describes:
//   docs/tools.md          every tool of the catalogue: scope, hints, description, arguments and answer fields
//   docs/configuration.md  every setting of lib/config/: default and meaning
//   docs/contract.md       hand-written, but its definitions (lib/contract-definitions.ts), the error table (lib/errors.ts)
//                          and the rules text (lib/tools/instructions.ts) are generated blocks

export interface GeneratedDocument {
  /** Relative to the repository root. */
  file: string;
  /** The document as it should be, given what the file holds now (undefined when it does not exist). */
  render: (current: string | undefined) => string;
}

/** The rules text as a Markdown quote. */
const quoted = (text: string) =>
  text
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');

/** Every error code with its status and when it is answered, as a Markdown table. */
const errorTable = () =>
  [
    '| Status | Code | When |',
    '|---|---|---|',
    ...Object.entries(ERRORS).map(([code, { status, when }]) => `| ${status} | \`${code}\` | ${when} |`),
  ].join('\n');

export const CONTRACT_BLOCKS: Readonly<Record<string, string>> = {
  ...DEFINITIONS,
  errors: errorTable(),
  instructions: quoted(INSTRUCTIONS),
};

export const DOCUMENTS: readonly GeneratedDocument[] = [
  { file: 'docs/tools.md', render: () => toolsMarkdown() },
  { file: 'docs/configuration.md', render: () => configurationMarkdown() },
  { file: 'docs/contract.md', render: (current) => fillBlocks(current ?? '', CONTRACT_BLOCKS, 'docs/contract.md') },
];

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The documents under `root` that differ from what the code renders, with the text they should hold. */
export function staleDocuments(root: string, documents: readonly GeneratedDocument[] = DOCUMENTS): { file: string; text: string }[] {
  return documents.flatMap(({ file, render }) => {
    const current = read(path.join(root, file));
    const text = render(current);
    return current === text ? [] : [{ file, text }];
  });
}
