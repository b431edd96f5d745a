import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CHECK_STEPS, LIST_ROUTE_STEPS } from '@/lib/check-order';
import { DEFINITIONS } from '@/lib/contract-definitions';
import { ERROR_STATUS, ERRORS, type ErrorCode } from '@/lib/errors';
import { GUIDE } from '@/lib/tools/guide';
import { fillBlocks } from './blocks';
import { configurationMarkdown } from './configuration';
import { amountLimits, limitsTable, pageSizesText } from './limits';
import { toolsMarkdown } from './tools';

// The documents generated from the code (`npm run docs` writes them, `npm run docs -- --check` in `npm run lint`
// fails when one is out of date), so none can drift from what it describes:
//   docs/tools.md          every tool of the catalogue: scope, hints, description, arguments and answer fields
//   docs/configuration.md  every setting of lib/config/: default and meaning
//   docs/contract.md       hand-written, but its definitions (lib/contract-definitions.ts), the check order
//                          (lib/check-order.ts), the error table (lib/errors.ts), the limits and page sizes
//                          (./limits.ts) and the rules text (lib/tools/instructions.ts) are generated blocks

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

/**
 * A check step's failure as the contract's table gives it: each code's status in the step's order, the last code
 * named ("415, 413, 400 `invalid_input`"), and the header every `rate_limited` answer carries.
 */
export function stepFailure(codes: readonly ErrorCode[]): string {
  const named = `${codes.map((code) => ERROR_STATUS[code]).join(', ')} \`${codes.at(-1)}\``;
  return codes.includes('rate_limited') ? `${named}, \`Retry-After\`` : named;
}

/** The check order as a Markdown table. */
const checkStepTable = () =>
  [
    '| Step | Check | Failure |',
    '|---|---|---|',
    ...Object.entries(CHECK_STEPS).map(([step, { check, codes }]) => `| ${step} | ${check} | ${stepFailure(codes)} |`),
  ].join('\n');

/** Step numbers with runs joined: [1, 2, 3, 5] is "1–3 and 5". */
function stepRanges(steps: readonly number[]): string {
  const runs: number[][] = [];
  for (const step of steps) {
    const run = runs.at(-1);
    if (run && run.at(-1) === step - 1) run.push(step);
    else runs.push([step]);
  }
  const named = runs.map((run) => (run.length === 1 ? `${run[0]}` : `${run[0]}–${run.at(-1)}`));
  return named.length === 1 ? named[0]! : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

export const CONTRACT_BLOCKS: Readonly<Record<string, string>> = {
  ...DEFINITIONS,
  'check-steps': checkStepTable(),
  'list-route-steps': `- \`GET /api/v1/tools\` runs steps ${stepRanges(LIST_ROUTE_STEPS)} (it has no body and calls no tool).`,
  errors: errorTable(),
  limits: limitsTable(),
  'amount-limits': amountLimits(),
  'page-sizes': pageSizesText(),
  instructions: quoted(GUIDE.instructions),
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
