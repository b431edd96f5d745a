import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configSchema, SETTINGS_READ_ELSEWHERE } from '@/lib/config';
import { ERROR_STATUS } from '@/lib/errors';
import { DEFAULT_DATABASE_URL } from '@/lib/db/resolve';
import { CHECK_STEPS } from '@/lib/check-order';
import { DEFINITIONS } from '@/lib/contract-definitions';
import { fillBlocks } from '@/lib/docs/blocks';
import { configurationMarkdown, settingsOf } from '@/lib/docs/configuration';
import { CONTRACT_BLOCKS, DOCUMENTS, staleDocuments, stepFailure, type GeneratedDocument } from '@/lib/docs/generate';

// The generated documents (scripts/docs.ts, `npm run docs`; `npm run lint` runs its --check) are current, and the
// check notices drift: a setting's default or meaning edited in lib/config/, or a definition edited in
// lib/contract-definitions.ts, makes the document stale until it is generated again.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('the generated documents', () => {
  it('are current in the repository (run `npm run docs` when this fails)', () => {
    expect(staleDocuments(root).map(({ file }) => file)).toEqual([]);
  });

  it('cover docs/tools.md, docs/configuration.md and the blocks of docs/contract.md', () => {
    expect(DOCUMENTS.map(({ file }) => file)).toEqual(['docs/tools.md', 'docs/configuration.md', 'docs/contract.md']);
  });
});

describe('the drift check, on a copy of the documents', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'jev-docs-'));
    mkdirSync(path.join(dir, 'docs'));
    for (const file of ['docs/configuration.md', 'docs/contract.md']) copyFileSync(path.join(root, file), path.join(dir, file));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs the check, then writes what it asks for (as `npm run docs` does), then checks again. */
  function checkWriteCheck(documents: readonly GeneratedDocument[]) {
    const before = staleDocuments(dir, documents);
    for (const { file, text } of before) writeFileSync(path.join(dir, file), text);
    return { before: before.map(({ file }) => file), after: staleDocuments(dir, documents).map(({ file }) => file) };
  }

  const settingMeta = (name: keyof typeof configSchema.shape) => configSchema.shape[name].meta()!;

  it('passes on the documents as generated', () => {
    expect(staleDocuments(dir, DOCUMENTS.slice(1))).toEqual([]);
  });

  it("fails when a setting's default changes in lib/config/, until the document is generated again", () => {
    const shape = {
      ...configSchema.shape,
      RATE_LIMIT_TOKEN_PER_MINUTE: z.coerce.number().int().positive().default(61).meta(settingMeta('RATE_LIMIT_TOKEN_PER_MINUTE')),
    };
    const edited = [{ file: 'docs/configuration.md', render: () => configurationMarkdown(shape) }];
    expect(checkWriteCheck(edited)).toEqual({ before: ['docs/configuration.md'], after: [] });
    expect(readFileSync(path.join(dir, 'docs/configuration.md'), 'utf8')).toContain(
      '| `RATE_LIMIT_TOKEN_PER_MINUTE` | `61` | Tool calls per access token per minute. |',
    );
  });

  it("fails when a setting's meaning changes, or a setting is added, until the document is generated again", () => {
    const shape = {
      ...configSchema.shape,
      ODDS_STALE_MINUTES: configSchema.shape.ODDS_STALE_MINUTES.meta({ ...settingMeta('ODDS_STALE_MINUTES'), description: 'Edited.' }),
      NEW_SETTING: z.string().default('x').meta({ group: 'Server', description: 'A new one.' }),
    };
    const edited = [{ file: 'docs/configuration.md', render: () => configurationMarkdown(shape) }];
    expect(checkWriteCheck(edited)).toEqual({ before: ['docs/configuration.md'], after: [] });
    const text = readFileSync(path.join(dir, 'docs/configuration.md'), 'utf8');
    expect(text).toContain('| `ODDS_STALE_MINUTES` | `60` | Edited. |');
    expect(text).toContain('| `NEW_SETTING` | `x` | A new one. |');
  });

  it('fails when a definition changes in lib/contract-definitions.ts, until docs/contract.md is generated again', () => {
    const blocks = { ...CONTRACT_BLOCKS, steam: 'Steam, edited.' };
    const edited = [{ file: 'docs/contract.md', render: (current?: string) => fillBlocks(current ?? '', blocks) }];
    expect(checkWriteCheck(edited)).toEqual({ before: ['docs/contract.md'], after: [] });
    const text = readFileSync(path.join(dir, 'docs/contract.md'), 'utf8');
    expect(text).toContain('<!-- generated: steam -->\nSteam, edited.\n<!-- /generated -->');
    expect(text).not.toContain(DEFINITIONS.steam);
  });
});

describe('docs/configuration.md', () => {
  it('gives every setting of lib/config/, and those read elsewhere, a meaning and a default', () => {
    const settings = settingsOf(configSchema.shape);
    expect(settings.map(({ name }) => name)).toEqual([
      ...Object.keys(configSchema.shape),
      ...SETTINGS_READ_ELSEWHERE.map(({ name }) => name),
    ]);
    for (const setting of settings) {
      expect(setting.description.length, setting.name).toBeGreaterThan(10);
      expect(setting.defaultShown, setting.name).not.toBe('');
    }
    const byName = new Map(settings.map((setting) => [setting.name, setting]));
    expect(byName.get('RATE_LIMIT_ADDRESS_PER_MINUTE')?.defaultShown).toBe('`300`');
    expect(byName.get('ODDS_API_KEY')?.defaultShown).toBe('unset');
    expect(byName.get('DATABASE_URL')?.defaultShown).toBe(`\`${DEFAULT_DATABASE_URL}\``);
  });

  it('refuses a setting without a description, naming it', () => {
    const shape = { ...configSchema.shape, UNDOCUMENTED: z.string().optional() };
    expect(() => configurationMarkdown(shape)).toThrow(/UNDOCUMENTED has no \.meta/);
  });
});

describe('generated blocks', () => {
  const document = 'Before.\n\n<!-- generated: a -->\nold\n<!-- /generated -->\n\nAfter.\n';

  it('replace only the text between their markers', () => {
    expect(fillBlocks(document, { a: 'new\ntext' })).toBe('Before.\n\n<!-- generated: a -->\nnew\ntext\n<!-- /generated -->\n\nAfter.\n');
  });

  it("keep the opening marker's indent on the closing one, so a block can be one item of a list", () => {
    const list = '- a\n  <!-- generated: a -->\n- old\n<!-- /generated -->\n- c\n';
    expect(fillBlocks(list, { a: '- b' })).toBe('- a\n  <!-- generated: a -->\n- b\n  <!-- /generated -->\n- c\n');
  });

  it('must each appear exactly once, and every marker must name one', () => {
    expect(() => fillBlocks(document, { a: 'x', b: 'y' })).toThrow(/b appears 0 times/);
    expect(() => fillBlocks(document + document, { a: 'x' })).toThrow(/a appears 2 times/);
    expect(() => fillBlocks(document, {})).toThrow(/generated: a --> names no block/);
  });
});

describe('the check order (lib/check-order.ts)', () => {
  it("names each step's codes and their statuses in its failure", () => {
    for (const [step, { codes }] of Object.entries(CHECK_STEPS)) {
      const failure = stepFailure(codes);
      for (const code of codes) expect(failure, `step ${step}`).toContain(String(ERROR_STATUS[code]));
      for (const [, named] of failure.matchAll(/`([a-z_]+)`/g)) expect(codes, `step ${step}`).toContain(named);
    }
  });
});

describe('the README and docs/', () => {
  /** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens. */
  const slug = (heading: string) =>
    heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
  const withoutCode = (file: string) => readFileSync(path.join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  const anchorsOf = (file: string) =>
    new Set([
      ...[...withoutCode(file).matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1]!)),
      ...[...withoutCode(file).matchAll(/<a id="([^"]+)">/g)].map((match) => match[1]!),
    ]);
  const files = [
    'README.md',
    ...readdirSync(path.join(root, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];

  it('link only to files and headings that exist', () => {
    const broken: string[] = [];
    for (const file of files) {
      for (const [, target] of withoutCode(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const [relative, anchor] = target!.split('#');
        const linked = relative ? path.join(path.dirname(file), relative) : file;
        if (!existsSync(path.join(root, linked))) broken.push(`${file} → ${target}`);
        else if (anchor && linked.endsWith('.md') && !anchorsOf(linked).has(anchor)) broken.push(`${file} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
