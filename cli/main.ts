import { parseArgs, type ParseArgsConfig } from 'node:util';
import { z } from 'zod';
import { saveBankroll } from '@/lib/account/bankroll';
import { isValidTimeZone } from '@/lib/account/time';
import { createAccessToken, listAccessTokens, revokeAccessToken } from '@/lib/account/tokens';
import { createUser, findUserByEmail, UserExistsError } from '@/lib/account/users';
import { parseConfig } from '@/lib/config';
import { createDb, type Db } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';

// `jev`: headless setup and scripting. Every command validates its options, prints a clear error and
// exits non-zero on failure; `--help` works everywhere.

class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

interface Command {
  usage: string;
  summary: string;
  options: Options;
  run(values: Record<string, string | boolean | undefined>, positionals: string[], db: Db): Promise<void>;
}

const out = (line: string) => process.stdout.write(`${line}\n`);

async function userIdFor(db: Db, email: unknown): Promise<string> {
  if (typeof email !== 'string') throw new UsageError('--email is required');
  const user = await findUserByEmail(db, email);
  if (!user) throw new UsageError(`No user with email ${email}. Create one with: jev user create --email ${email}`);
  return user.id;
}

function parseWith<T>(schema: z.ZodType<T>, values: unknown): T {
  const result = schema.safeParse(values);
  if (!result.success) {
    throw new UsageError(result.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('\n'));
  }
  return result.data;
}

const amount = z.coerce.number({ error: 'must be a number' }).positive('must be greater than 0');
const optionalAmount = amount.optional();

const COMMANDS: Record<string, Command> = {
  'user create': {
    usage: 'jev user create --email E [--password P] [--name N]',
    summary: 'Create a user (the console sign-in needs a password of at least 10 characters).',
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    async run(values, _positionals, db) {
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
  'token create': {
    usage: 'jev token create --email E --scope read|write [--name N] [--expires-days D]',
    summary: 'Create an access token and print it alone on stdout (it is shown once, never stored).',
    options: {
      email: { type: 'string' },
      scope: { type: 'string' },
      name: { type: 'string' },
      'expires-days': { type: 'string' },
    },
    async run(values, _positionals, db) {
      const input = parseWith(
        z.object({
          scope: z.enum(['read', 'write'], { error: "must be 'read' or 'write'" }),
          name: z.string().min(1).max(100).default('CLI token'),
          'expires-days': z.coerce.number().int('must be a whole number of days').min(1).max(3650).optional(),
        }),
        values,
      );
      const userId = await userIdFor(db, values.email);
      const created = await createAccessToken(db, {
        userId,
        name: input.name,
        scope: input.scope,
        expiresInDays: input['expires-days'],
        now: new Date(),
      });
      out(created.token);
    },
  },
  'token list': {
    usage: 'jev token list --email E',
    summary: "List a user's access tokens (never the whole token).",
    options: { email: { type: 'string' } },
    async run(values, _positionals, db) {
      const tokens = await listAccessTokens(db, await userIdFor(db, values.email));
      if (tokens.length === 0) {
        out('No tokens. Create one with: jev token create --email E --scope read');
        return;
      }
      const status = (t: (typeof tokens)[number]) =>
        t.revokedAt ? 'revoked' : t.expiresAt && t.expiresAt <= new Date() ? 'expired' : 'live';
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
    async run(_values, positionals, db) {
      const [id] = positionals;
      if (!id) throw new UsageError('the token id is required');
      const token = await db.accessToken.findUnique({ where: { id }, select: { userId: true } });
      if (!token || !(await revokeAccessToken(db, token.userId, id, new Date()))) {
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
    async run(values, _positionals, db) {
      const input = parseWith(
        z.object({
          balance: z.coerce.number({ error: 'must be a number' }).min(0, 'must be 0 or more'),
          unit: amount,
          'kelly-fraction': z.coerce.number().gt(0, 'must be greater than 0').max(1, 'must be at most 1').optional(),
          'max-stake': optionalAmount,
          'daily-loss-limit': optionalAmount,
          'weekly-loss-limit': optionalAmount,
          book: z.string().min(1).max(50).optional(),
          'time-zone': z.string().refine(isValidTimeZone, 'must be an IANA time zone such as America/New_York').optional(),
          currency: z.string().regex(/^[A-Z]{3}$/, 'must be a 3-letter currency code such as USD').optional(),
        }),
        values,
      );
      const userId = await userIdFor(db, values.email);
      await saveBankroll(db, userId, {
        balance: input.balance,
        unit: input.unit,
        kellyFraction: input['kelly-fraction'],
        maxStake: input['max-stake'],
        dailyLossLimit: input['daily-loss-limit'],
        weeklyLossLimit: input['weekly-loss-limit'],
        referenceBook: input.book,
        timeZone: input['time-zone'],
        currency: input.currency,
      });
      out(`Saved the bankroll of ${values.email}`);
    },
  },
  'db migrate': {
    usage: 'jev db migrate',
    summary: 'Create or update the database schema (the other commands and npm start do this too).',
    options: {},
    async run() {
      out('The database schema is up to date.'); // main() migrates before running any command
    },
  },
};

function help(): string {
  const lines = Object.values(COMMANDS).map((command) => `  ${command.usage}\n      ${command.summary}`);
  return `Usage: jev <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nEvery command takes --help. The database is DATABASE_URL (default: SQLite at data/jev.db).`;
}

export async function main(argv: string[]): Promise<number> {
  const name = argv.slice(0, 2).join(' ');
  const command = COMMANDS[name];
  if (!command) {
    const wantsHelp = argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help';
    (wantsHelp ? process.stdout : process.stderr).write(`${wantsHelp ? '' : `Unknown command: ${argv.join(' ')}\n\n`}${help()}\n`);
    return wantsHelp ? 0 : 2;
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: argv.slice(2),
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
  let db: Db | undefined;
  try {
    const cfg = parseConfig(process.env);
    const { applied } = await migrate(cfg.DATABASE_URL);
    if (applied.length > 0) process.stderr.write(`Applied database migrations: ${applied.join(', ')}\n`);
    db = createDb(cfg.DATABASE_URL);
    await command.run(parsed.values, parsed.positionals, db);
    return 0;
  } catch (error) {
    process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
    if (!(error instanceof UsageError) && process.env.JEV_DEBUG) console.error(error);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await db?.$disconnect();
  }
}
