// Raw SQL for either provider: Prisma's own tag and helpers from its runtime, which both generated clients hand out
// as `Prisma.sql`, `Prisma.join` … (one implementation; the placeholders are chosen when a query runs).
export { empty, join, raw, Sql, sqltag as sql } from '@prisma/client/runtime/client';
