// The database as the app takes it: the calls both generated clients (lib/db/generated/sqlite and …/postgres)
// answer alike, written once here. TypeScript checks that each client satisfies it (lib/db/client.ts hands out
// either as a Db without a cast), so a call only one database understands does not compile.
import type { Types } from '@prisma/client/runtime/client';
import type { Prisma, PrismaClient as SqliteClient } from './generated/sqlite/client';

/** The models' properties on a client (`bet`, `priceHistory` …). */
type ModelKey = Uncapitalize<Prisma.ModelName>;

/**
 * A call with one argument shape and one result shape. A client's generic `aggregate` computes its result from the
 * arguments with its own type aliases, which TypeScript cannot relate between the two clients; each aggregate the
 * app asks for is written out with this, and both clients' methods satisfy it.
 */
type Call<Args, Result> = (args: Args) => Prisma.PrismaPromise<Result>;

/**
 * Every model's calls with the SQLite client's signatures: the PostgreSQL client accepts the same arguments (and
 * more: case-insensitive filters, skipDuplicates) and returns the same rows. Left out: each delegate's
 * client-specific metadata (its symbol-keyed types and `fields`), groupBy, whose argument checks no common
 * signature meets (not used), and aggregate, replaced by the aggregates the app asks for (Aggregates).
 */
type Models = {
  readonly [Model in ModelKey]: Pick<SqliteClient[Model], Exclude<keyof SqliteClient[Model] & string, 'aggregate' | 'groupBy' | 'fields'>> &
    (Model extends keyof Aggregates ? Aggregates[Model] : unknown);
};

/** The aggregates the app asks for. */
interface Aggregates {
  readonly bet: {
    aggregate: Call<{ where: Prisma.BetWhereInput; _sum: { stakeCents: true } }, { _sum: { stakeCents: number | null } }> &
      Call<{ where: Prisma.BetWhereInput; _sum: { profitCents: true } }, { _sum: { profitCents: number | null } }>;
  };
  readonly injury: {
    aggregate: Call<{ where: Prisma.InjuryWhereInput; _max: { updatedAt: true } }, { _max: { updatedAt: Date | null } }>;
  };
  readonly priceHistory: { aggregate: Call<{ _max: { id: true } }, { _max: { id: number | null } }> };
}

/** What a client is asked for beyond its models. */
interface Queries {
  $connect(): Promise<void>;
  $disconnect(): Promise<void>;
  $queryRaw<T = unknown>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Prisma.PrismaPromise<T>;
  $executeRaw(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Prisma.PrismaPromise<number>;
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Prisma.PrismaPromise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Prisma.PrismaPromise<number>;
}

/** The database inside an interactive transaction: the models and raw queries, not $transaction or $disconnect. */
export type DbTransaction = Models & Omit<Queries, '$connect' | '$disconnect'>;

export interface Db extends Models, Queries {
  /** Runs the writes as one transaction, in order, and answers their results. */
  $transaction<P extends Prisma.PrismaPromise<unknown>[]>(
    writes: [...P],
    options?: { isolationLevel?: Prisma.TransactionIsolationLevel },
  ): Promise<Types.Utils.UnwrapTuple<P>>;
  /** Runs `work` in an interactive transaction (rolled back if it throws). */
  $transaction<R>(
    work: (tx: DbTransaction) => Promise<R>,
    options?: { maxWait?: number; timeout?: number; isolationLevel?: Prisma.TransactionIsolationLevel },
  ): Promise<R>;
}
