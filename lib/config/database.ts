import { z } from 'zod';
import { about } from './setting-docs';
import { offSwitch, optionalString } from './value-schemas';

// The Database settings: where the data is kept and how long PostgreSQL may keep a caller waiting.

export const databaseSettings = {
  DATABASE_URL: optionalString
    .refine(
      (value) => value === undefined || /^(file:|postgres(ql)?:\/\/)/.test(value),
      'must start with file: (SQLite) or postgresql:// (PostgreSQL)',
    )
    .meta(
      about(
        'Database',
        '`file:<path>` for SQLite, `postgresql://…` for PostgreSQL. Migrations run at start-up either way.',
        '`file:./data/jev.db`',
      ),
    ),
  // PostgreSQL waits (lib/db/client.ts): a stalled database fails a call with 503 within seconds, not never.
  DB_CONNECT_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .max(60, 'must be at most 60')
    .default(5)
    .meta(about('Database', 'PostgreSQL: how long opening a connection, or waiting for a free one from the pool, may take (at most 60).')),
  DB_QUERY_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .max(60, 'must be at most 60 (clients allow one minute)')
    .default(10)
    .meta(
      about(
        'Database',
        "PostgreSQL: how long one statement may run (the server's `statement_timeout` and `idle_in_transaction_session_timeout`; " +
          'the client gives up a second later), at most 60.',
      ),
    ),
  DB_IDLE_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .max(3600)
    .default(30)
    .meta(about('Database', 'PostgreSQL: an idle pooled connection is closed after this long (at most 3600).')),
  // The plain path of the hot raw reads (lib/db/select.ts), so the bench can weigh the fast one against it.
  DB_PRISMA_READS: offSwitch.meta(
    about(
      'Database',
      "`true`: the odds tools' hot raw reads go through Prisma's `$queryRaw` instead of the driver adapter Prisma " +
        'connected (the plain path: the same rows, slower). For comparison on the bench, or should a Prisma upgrade break the fast path.',
      'off',
    ),
  ),
};
