import type { ITXClientDenyList } from '@prisma/client/runtime/client';
import { expectTypeOf, it } from 'vitest';
import type { Db, DbTransaction } from '@/lib/db/client';
import type { PrismaClient as PostgresClient } from '@/lib/db/generated/postgres/client';
import type { PrismaClient as SqliteClient } from '@/lib/db/generated/sqlite/client';

// Type checks, failed by `tsc` (npm run lint) rather than at run time: the app's Db is a common interface that both
// generated clients satisfy as they are, with no cast, and so do the clients Prisma hands an interactive
// transaction. The calls themselves run on both databases in tests/integration/db (ledger-*, client, select).

it('both generated clients are a Db', () => {
  expectTypeOf<SqliteClient>().toExtend<Db>();
  expectTypeOf<PostgresClient>().toExtend<Db>();
});

it("both clients' interactive transactions are a DbTransaction", () => {
  expectTypeOf<Omit<SqliteClient, ITXClientDenyList>>().toExtend<DbTransaction>();
  expectTypeOf<Omit<PostgresClient, ITXClientDenyList>>().toExtend<DbTransaction>();
});
