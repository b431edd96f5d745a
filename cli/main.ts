import { parseArgs, type ParseArgsConfig } from 'node:util';
import { z } from 'zod';
import { coolingOffNotes, readBankroll } from '@/lib/account/bankroll';
import { saveBankroll } from '@/lib/account/bankroll-save';
import { bankrollSettingsSchema } from '@/lib/account/bankroll-settings';
import { accountContents, contentsInWords, deleteAccount } from '@/lib/account/deletion';
import { createUser, findUserByEmail, UserExistsError } from '@/lib/account/users';
import { parseConfig } from '@/lib/config';
import { INGEST_TASKS, type IngestSummary } from '@/lib/data/ingest';
import { loadSample, sampleNeed } from '@/lib/data/load-sample';
import { SPORTS } from '@/lib/data/sports';
import { clearSportsData } from '@/lib/data/store';
import { runWorker } from '@/lib/data/worker';
import { dbOptions } from '@/lib/db';
import type { Db } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { isDatabaseUnavailable } from '@/lib/errors';
import { closeRedisConnections } from '@/lib/redis';
import { createRoot, type Root } from '@/lib/root';
import { sport } from '@/lib/tools/inputs';

// `jev`: headless setup and scripting. Every command validates its options, prints a clear error and
// exits non-zero on failure; `--help` works everywhere.

class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

interface Command {
  usage: string;
  summary: string;
  options: Options;
  /** Set on `jev db migrate`, which applies the migrations itself; main() migrates before every other command. */
  migrates?: true;
  /** `app`: the services of the composition root (lib/root), built from the environment as the server builds them. */
  run(values: Record<string, string | boolean | undefined>, positionals: string[], app: Root): Promise<void>;
}

const out = (line: string) => process.stdout.write(`${line}\n`);

async function userIdFor(db: Db, email: unknown): Promise<string> {
  if (typeof email !== 'string') throw new UsageError('--email is required');
  const user = await findUserByEmail(db, email);
  if (!user) throw new UsageError(`No user with email ${email}. Create one with: jev user create --email ${email}`);
  return user.id;
}

/** Parses options; each refusal names its option (`optionOf` maps a field of the schema to its option name). */
function parseWith<T>(schema: z.ZodType<T>, values: unknown, optionOf: (field: string) => string = (field) => field): T {
  const result = schema.safeParse(values);
  if (!result.success) {
    throw new UsageError(result.error.issues.map((issue) => `--${optionOf(issue.path.join('.'))}: ${issue.message}`).join('\n'));
  }
  return result.data;
}

function printSummary(summary: IngestSummary): void {
  const quota = summary.quota
    ? `, Odds API quota: ${summary.quota.requestsRemaining ?? '?'} requests left (${summary.quota.requestsUsed ?? '?'} used)`
    : '';
  out(
    `Ingested: ${summary.games} games, ${summary.prices} prices and ${summary.props} props changed, ${summary.injuries} injuries, ` +
      `${summary.forecasts} forecasts, ${summary.results} finals, ${summary.statLines} box-score lines${quota}`,
  );
  for (const line of summary.skipped) out(`  skipped ${line}`);
  for (const line of summary.failures) process.stderr.write(`  failed ${line}\n`);
}

const today = () => new Date().toISOString().slice(0, 10);

/** `jev bankroll set`'s option for each bankroll setting (lib/account's rules and messages, as on the Bankroll page). */
export const BANKROLL_OPTIONS = {
  balance: 'balance',
  unit: 'unit',
  kellyFraction: 'kelly-fraction',
  maxStake: 'max-stake',
  dailyLossLimit: 'daily-loss-limit',
  weeklyLossLimit: 'weekly-loss-limit',
  referenceBook: 'book',
  timeZone: 'time-zone',
  currency: 'currency',
} as const;

const COMMANDS: Record<string, Command> = {
  'user create': {
    usage: 'jev user create --email E [--password P] [--name N]',
    summary: 'Create a user (the console sign-in needs a password of at least 10 characters).',
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    async run(values, _positionals, { db }) {
      if (typeof values.email !== 'string') throw new UsageError('--email is required');
      try {
        const user = await createUser(db, {
          email: values.email,
          password: values.password as string | undefined,
          name: values.name as string | undefined,
        });
        out(`Created user ${user.email} (${user.id})`);
      } catch (error) {
        if (error instanceof z.ZodError) throw new UsageError(error.issues.map((i) => i.message).join('\n'));
        if (error instanceof UserExistsError) throw new UsageError(error.message);
        throw error;
      }
    },
  },
  'user delete': {
    usage: 'jev user delete --email E --yes',
    summary:
      'Delete a user and everything that is theirs: access tokens, connected apps, bankroll, bets and picks. Their tokens are ' +
      'refused at once (by every instance within a second when REDIS_URL is set). Without --yes it only says what would go.',
    options: { email: { type: 'string' }, yes: { type: 'boolean' } },
    async run(values, _positionals, { db, tokens }) {
      const userId = await userIdFor(db, values.email);
      const contents = await accountContents(db, userId);
      if (!contents) throw new UsageError(`No user with email ${String(values.email)}.`);
      if (values.yes !== true) {
        throw new UsageError(
          `This deletes ${contents.email} with ${contentsInWords(contents)}, and cannot be undone. ` +
            `To delete, run: jev user delete --email ${contents.email} --yes`,
        );
      }
      const deleted = await deleteAccount(db, tokens, userId);
      if (!deleted) throw new UsageError(`No user with email ${contents.email}: it was deleted meanwhile.`);
      out(`Deleted user ${deleted.email} with ${contentsInWords(deleted)}.`);
    },
  },
  'token create': {
    usage: 'jev token create --email E --scope read|write [--name N] [--expires-days D]',
    summary: 'Create an access token and print it alone on stdout (it is shown once, never stored).',
    options: {
      email: { type: 'string' },
      scope: { type: 'string' },
      name: { type: 'string' },
      'expires-days': { type: 'string' },
    },
    async run(values, _positionals, { db, tokens, now }) {
      const input = parseWith(
        z.object({
          scope: z.enum(['read', 'write'], { error: "must be 'read' or 'write'" }),
          name: z.string().min(1).max(100).default('CLI token'),
          'expires-days': z.coerce.number().int('must be a whole number of days').min(1).max(3650).optional(),
        }),
        values,
      );
      const userId = await userIdFor(db, values.email);
      const created = await tokens.create({
        userId,
        name: input.name,
        scope: input.scope,
        expiresInDays: input['expires-days'],
        now: now(),
      });
      out(created.token);
    },
  },
  'token list': {
    usage: 'jev token list --email E',
    summary: "List a user's access tokens (never the whole token).",
    options: { email: { type: 'string' } },
    async run(values, _positionals, app) {
      const tokens = await app.tokens.list(await userIdFor(app.db, values.email));
      if (tokens.length === 0) {
        out('No tokens. Create one with: jev token create --email E --scope read');
        return;
      }
      const status = (t: (typeof tokens)[number]) =>
        t.revokedAt ? 'revoked' : t.expiresAt && t.expiresAt <= app.now() ? 'expired' : 'live';
      out(['ID', 'NAME', 'SCOPE', 'TOKEN', 'STATUS', 'CREATED', 'LAST USED', 'EXPIRES', 'LAST MCP CLIENT'].join('\t'));
      for (const t of tokens) {
        out(
          [
            t.id,
            t.name,
            t.scope,
            `${t.displayPrefix}…${t.last4}`,
            status(t),
            t.createdAt.toISOString(),
            t.lastUsedAt?.toISOString() ?? '-',
            t.expiresAt?.toISOString() ?? 'never',
            t.lastClientName ?? '-',
          ].join('\t'),
        );
      }
    },
  },
  'token revoke': {
    usage: 'jev token revoke <token-id>',
    summary: 'Revoke an access token by its id (from jev token list); it is refused at once.',
    options: {},
    async run(_values, positionals, { db, tokens, now }) {
      const [id] = positionals;
      if (!id) throw new UsageError('the token id is required');
      const token = await db.accessToken.findUnique({ where: { id }, select: { userId: true } });
      if (!token || !(await tokens.revoke(token.userId, id, now()))) {
        throw new UsageError(`No token with id ${id}.`);
      }
      out(`Revoked token ${id}`);
    },
  },
  'bankroll set': {
    usage:
      'jev bankroll set --email E --balance B --unit U [--kelly-fraction F] [--max-stake S] [--daily-loss-limit L] [--weekly-loss-limit W] [--book K] [--time-zone TZ] [--currency C]',
    summary: "Set a user's bankroll, unit size, Kelly fraction, stake cap, loss limits, reference book and time zone.",
    options: {
      email: { type: 'string' },
      balance: { type: 'string' },
      unit: { type: 'string' },
      'kelly-fraction': { type: 'string' },
      'max-stake': { type: 'string' },
      'daily-loss-limit': { type: 'string' },
      'weekly-loss-limit': { type: 'string' },
      book: { type: 'string' },
      'time-zone': { type: 'string' },
      currency: { type: 'string' },
    },
    async run(values, _positionals, { db, now }) {
      // An option left out is undefined and keeps the stored value; an empty book clears it, and an empty limit asks
      // to (a removal waits out the cooling-off).
      const fields = Object.fromEntries(Object.entries(BANKROLL_OPTIONS).map(([field, option]) => [field, values[option]]));
      const settings = parseWith(
        bankrollSettingsSchema,
        fields,
        (field) => BANKROLL_OPTIONS[field as keyof typeof BANKROLL_OPTIONS] ?? field,
      );
      const userId = await userIdFor(db, values.email);
      await saveBankroll(db, userId, settings, now());
      out(`Saved the bankroll of ${values.email}`);
      // A raise or removal of a limit waits out the cooling-off: say so, as the Bankroll page does.
      const saved = await readBankroll(db, userId, now());
      for (const note of saved ? coolingOffNotes(saved) : []) out(note);
    },
  },
  'data load-sample': {
    usage: 'jev data load-sample [--date YYYY-MM-DD] [--if-needed]',
    summary:
      'Load the bundled sample slate (a week of NFL, a night of NBA, an EPL matchday, recent finals) built around the date ' +
      '(default today), replacing any earlier sample. --if-needed: only when no provider key is set and neither live data nor ' +
      "that date's sample is stored; an earlier sample is moved on to now instead, bets and picks kept (npm start runs this).",
    options: { date: { type: 'string' }, 'if-needed': { type: 'boolean' } },
    async run(values, _positionals, app) {
      const { db } = app;
      const { date } = parseWith(
        z.object({
          date: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
            .default(today),
        }),
        values,
      );
      if (values['if-needed']) {
        if (parseConfig(process.env).ODDS_API_KEY) {
          out('ODDS_API_KEY is set: no sample data loaded. Run `jev ingest` (or `jev worker`) for live data.');
          return;
        }
        const need = await sampleNeed(db, date);
        if (need === 'none') return;
        if (need === 'move') {
          const moved = await app.ingest({ only: 'sample', mode: 'manual', now: app.now });
          for (const failure of moved.failures) process.stderr.write(`${failure}\n`);
          out(
            `Moved the stored sample slate on to now: ${moved.results} games final, ${moved.prices} prices moved; ` +
              'bets, picks and line history kept. Answers built on it say it is sample data.',
          );
          return;
        }
      }
      const asOf = date === today() ? new Date() : new Date(`${date}T12:00:00Z`);
      const loaded = await loadSample(db, date, asOf);
      out(
        `Loaded the sample slate for ${loaded.date}: ${loaded.games} games, ${loaded.prices} prices, ` +
          `${loaded.alternates} alternate-line prices, ${loaded.futures} futures prices, ${loaded.injuries} injuries, ` +
          `${loaded.forecasts} forecasts, ` +
          `${loaded.statLines} box-score lines. Answers built on it say it is sample data.`,
      );
    },
  },
  'data clear': {
    usage: 'jev data clear',
    summary: 'Delete every game, price, prop, injury, forecast, stat line and fetch record (sample and live). Teams stay.',
    options: {},
    async run(_values, _positionals, { db }) {
      await clearSportsData(db);
      out('Cleared the sports data.');
    },
  },
  ingest: {
    usage: `jev ingest [--sport ${SPORTS.join('|')}] [--only ${INGEST_TASKS.join('|')}] [--force]`,
    summary:
      'Fetch odds, props, injuries, weather, scores and box scores (stats, from ESPN) from the providers now, with progress and a ' +
      'summary. Odds API data fetched within ODDS_FRESH_SECONDS is not fetched again (quota), unless --force. A fetch that ' +
      'failed moments ago is skipped, even with --force, until its back-off ends (the skipped line says when).',
    options: { sport: { type: 'string' }, only: { type: 'string' }, force: { type: 'boolean' } },
    async run(values, _positionals, app) {
      const input = parseWith(
        z.object({
          sport: sport.optional(),
          only: z.enum(INGEST_TASKS, { error: `must be one of ${INGEST_TASKS.join(', ')}` }).optional(),
        }),
        values,
      );
      const summary = await app.ingest({
        sports: input.sport ? [input.sport] : undefined,
        only: input.only,
        mode: 'manual',
        force: values.force === true,
        now: app.now,
        log: (line) => process.stderr.write(`${line}\n`),
      });
      printSummary(summary);
      if (summary.failures.length > 0) throw new Error(`${summary.failures.length} fetch(es) failed; the data stored before them is kept.`);
    },
  },
  worker: {
    usage: 'jev worker',
    summary:
      'Keep the data fresh on a schedule until stopped: odds every few minutes near game time, injuries twice a day, weather ' +
      'hourly before kickoff, scores on game days and box scores after games finish. For serverless hosts use POST /api/cron/ingest instead.',
    options: {},
    async run(_values, _positionals, { ingest, now }) {
      await runWorker(ingest, now, { log: (line) => process.stderr.write(`${line}\n`), onSummary: printSummary });
    },
  },
  'db migrate': {
    usage: 'jev db migrate',
    summary: 'Apply the pending database migrations and list them (the other commands and npm start do this too).',
    options: {},
    migrates: true,
    async run(_values, _positionals, { config: cfg }) {
      const { applied } = await migrate(cfg.DATABASE_URL, { timeouts: dbOptions(cfg).timeouts });
      if (applied.length === 0) {
        out('No pending migrations: the database schema is up to date.');
        return;
      }
      out(`Applied ${applied.length} migration${applied.length === 1 ? '' : 's'}:`);
      for (const name of applied) out(`  ${name}`);
    },
  },
};

function help(): string {
  const lines = Object.values(COMMANDS).map((command) => `  ${command.usage}\n      ${command.summary}`);
  return `Usage: jev <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nEvery command takes --help. The database is DATABASE_URL (default: SQLite at data/jev.db).`;
}

/**
 * One line for a failure: a database that cannot serve (lib/errors.ts: down, stalled, read-only) says so and what
 * to do, with the driver's own last line as the detail (Prisma's messages start with the call, end with the cause).
 */
function failureInWords(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (!isDatabaseUnavailable(error)) return message;
  const detail =
    message
      .split('\n')
      .findLast((line) => line.trim() !== '')
      ?.trim() ?? message;
  return `The database is not answering (${detail}). Check that it is up and that DATABASE_URL points at it, then run the command again.`;
}

export async function main(argv: string[]): Promise<number> {
  // Commands are one word (ingest) or two (token create).
  const words = COMMANDS[argv.slice(0, 2).join(' ')] ? 2 : 1;
  const command = COMMANDS[argv.slice(0, words).join(' ')];
  if (!command) {
    const wantsHelp = argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help';
    (wantsHelp ? process.stdout : process.stderr).write(`${wantsHelp ? '' : `Unknown command: ${argv.join(' ')}\n\n`}${help()}\n`);
    return wantsHelp ? 0 : 2;
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: argv.slice(words),
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\nUsage: ${command.usage}\n`);
    return 2;
  }
  if (parsed.values.help) {
    out(`Usage: ${command.usage}\n\n${command.summary}`);
    return 0;
  }
  let app: Root | undefined;
  try {
    const cfg = parseConfig(process.env);
    if (!command.migrates) {
      const { applied } = await migrate(cfg.DATABASE_URL, { timeouts: dbOptions(cfg).timeouts });
      if (applied.length > 0) process.stderr.write(`Applied database migrations: ${applied.join(', ')}\n`);
    }
    // Its token service announces a revocation to every running instance through Redis when it is configured.
    app = createRoot({ config: cfg });
    await command.run(parsed.values, parsed.positionals, app);
    return 0;
  } catch (error) {
    process.stderr.write(`Error: ${failureInWords(error)}\n`);
    if (!(error instanceof UsageError) && process.env.JEV_DEBUG) console.error(error);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await app?.db.$disconnect();
    await closeRedisConnections();
  }
}
