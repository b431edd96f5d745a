import { z } from 'zod';
import { coolingOffNotes } from '@/lib/account/bankroll';
import { bankrollSettingsSchema } from '@/lib/account/bankroll-settings';
import { accountContents, contentsInWords, deleteAccount } from '@/lib/account/deletion';
import { createUser, UserExistsError } from '@/lib/account/users';
import { out, parseWith, UsageError, userIdFor, type Command } from '../command';

// `jev user`, `jev token` and `jev bankroll`: the accounts, their access tokens and their bankrolls.

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

export const ACCOUNT_COMMANDS: Record<string, Command> = {
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
    async run(values, _positionals, { db, ledger, now }) {
      // An option left out is undefined and keeps the stored value; an empty book clears it, and an empty limit asks
      // to (a removal waits out the cooling-off).
      const fields = Object.fromEntries(Object.entries(BANKROLL_OPTIONS).map(([field, option]) => [field, values[option]]));
      const settings = parseWith(
        bankrollSettingsSchema,
        fields,
        (field) => BANKROLL_OPTIONS[field as keyof typeof BANKROLL_OPTIONS] ?? field,
      );
      const userId = await userIdFor(db, values.email);
      await ledger.saveBankroll(userId, settings, now());
      out(`Saved the bankroll of ${values.email}`);
      // A raise or removal of a limit waits out the cooling-off: say so, as the Bankroll page does.
      const saved = await ledger.readBankroll(userId, now());
      for (const note of saved ? coolingOffNotes(saved) : []) out(note);
    },
  },
};
