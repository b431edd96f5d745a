import type { z } from 'zod';
import { configSchema, SETTING_GROUPS, SETTINGS_READ_ELSEWHERE, type SettingDoc } from '@/lib/config';

// docs/configuration.md, rendered from lib/config/ (scripts/docs.ts writes it; `npm run lint` fails when it is out
// of date): every setting with its default and meaning, from the schema's own defaults and each setting's `.meta`,
// then the few settings read outside the schema (SETTINGS_READ_ELSEWHERE).

export interface Setting extends SettingDoc {
  name: string;
  /** The Default column. */
  defaultShown: string;
  /** Set for a setting read outside the schema: the file that reads it. */
  readBy?: string;
}

type ConfigShape = Record<string, z.ZodType>;

const code = (text: string) => `\`${text}\``;
/** Table cells hold no pipes or line breaks. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** What a setting is when unset: the schema's default, or "unset". */
function defaultOf(schema: z.ZodType): string {
  const parsed = schema.safeParse(undefined);
  if (!parsed.success || parsed.data === undefined) return 'unset';
  const value: unknown = parsed.data;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? code(String(value)) : 'unset';
}

function isSettingDoc(meta: unknown): meta is SettingDoc {
  const doc = meta as Partial<SettingDoc> | undefined;
  return typeof doc?.description === 'string' && SETTING_GROUPS.includes(doc.group as SettingDoc['group']);
}

/** Every setting of a configuration schema, in the schema's order; one without a description is an error. */
export function settingsOf(shape: ConfigShape, elsewhere: typeof SETTINGS_READ_ELSEWHERE = SETTINGS_READ_ELSEWHERE): Setting[] {
  const validated = Object.entries(shape).map(([name, schema]): Setting => {
    const meta: unknown = schema.meta();
    if (!isSettingDoc(meta)) {
      throw new Error(`lib/config: ${name} has no .meta({ group, description }) for docs/configuration.md`);
    }
    return { name, group: meta.group, description: meta.description, defaultShown: meta.defaultText ?? defaultOf(schema) };
  });
  const others = elsewhere.map((setting): Setting => ({
    ...setting,
    defaultShown: setting.defaultText ?? 'unset',
    readBy: setting.readBy,
  }));
  return [...validated, ...others];
}

function table(settings: readonly Setting[]): string {
  const rows = settings.map((setting) => {
    const meaning = setting.readBy ? `${setting.description} (Read by ${code(setting.readBy)}, not validated.)` : setting.description;
    return `| ${code(setting.name)} | ${cell(setting.defaultShown)} | ${cell(meaning)} |`;
  });
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}

export function configurationMarkdown(shape: ConfigShape = configSchema.shape): string {
  const settings = settingsOf(shape);
  const sections = SETTING_GROUPS.flatMap((group) => {
    const inGroup = settings.filter((setting) => setting.group === group);
    return inGroup.length === 0 ? [] : [`## ${group}`, '', table(inGroup), ''];
  });
  return [
    '# Configuration',
    '',
    '<!-- Generated from lib/config/ by `npm run docs` (lib/docs/configuration.ts); `npm run lint` fails when it is out of date. Do not edit by hand. -->',
    '',
    'Every setting comes from the environment. Nothing needs to be set to run JEV on one machine: the defaults serve the',
    'console and the API at `http://localhost:3000` on SQLite with the sample slate. The settings are validated when the',
    'server starts (and by every `jev` command): a bad value stops it with a message naming the variable. The few read',
    'before that, outside the schema, say which file reads them.',
    '',
    'What to set for a deployment: [operations.md](operations.md). To change a setting or add one, edit the file of its',
    'section in `lib/config/` (its schema and `.meta({ group, description })`) and run `npm run docs`.',
    '',
    ...sections,
  ].join('\n');
}
