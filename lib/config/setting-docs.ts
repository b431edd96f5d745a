// What docs/configuration.md says about each setting: its sections, the `.meta` every setting carries, and the
// settings read outside the schema.

/**
 * The sections of docs/configuration.md, in order. Every setting names its section and says what it means in its
 * `.meta` (lib/docs/configuration.ts renders the document from them; `npm run lint` fails when it is out of date).
 */
export const SETTING_GROUPS = [
  'Server',
  'Database',
  'Budgets and tokens',
  'Sign-in and OAuth',
  'Sports data',
  'News classifier',
  'Policies and directories',
  'Operations',
  'Tests and development',
] as const;

export type SettingGroup = (typeof SETTING_GROUPS)[number];

/**
 * What docs/configuration.md says about a setting. `defaultText` is the Default column when the schema's own
 * default does not say it (an optional setting whose absence means something, a default kept elsewhere).
 */
export type SettingDoc = { group: SettingGroup; description: string; defaultText?: string };

export const about = (group: SettingGroup, description: string, defaultText?: string): SettingDoc => ({
  group,
  description,
  ...(defaultText === undefined ? {} : { defaultText }),
});

/** Settings read outside the schema (lib/config/index.ts), before or without it (not validated there); documented with the rest. */
export const SETTINGS_READ_ELSEWHERE: readonly (SettingDoc & { name: string; readBy: string })[] = [
  {
    name: 'PORT',
    readBy: 'server.mjs',
    ...about('Server', 'Port `npm start` listens on.', "`APP_URL`'s port"),
  },
  {
    name: 'HOSTNAME_BIND',
    readBy: 'server.mjs',
    ...about(
      'Server',
      'The one address `npm start` listens on, such as `127.0.0.1` behind a reverse proxy on the same machine.',
      'every interface',
    ),
  },
  {
    name: 'NEXT_DIST_DIR',
    readBy: 'next.config.ts',
    ...about(
      'Server',
      'Build output folder for `npm run build`, `npm start` and the tests; lets two builds of one checkout coexist (parallel test runs).',
      '`.next`',
    ),
  },
  {
    name: 'JEV_MIGRATIONS_DIR',
    readBy: 'lib/db/migrate.ts',
    ...about('Database', 'Where start-up migrations are read from, for deployments that ship the folder elsewhere.', '`prisma/migrations`'),
  },
  {
    name: 'JEV_DEBUG',
    readBy: 'cli/main.ts',
    ...about('Tests and development', "Any value: a failing `jev` command also prints the error's stack.", 'unset'),
  },
];
