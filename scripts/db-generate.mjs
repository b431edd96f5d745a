#!/usr/bin/env node
// Generates both Prisma clients (npm `postinstall` and `db:generate`):
//   prisma/schema.prisma          -> lib/db/generated/sqlite
//   prisma/postgres/schema.prisma -> lib/db/generated/postgres
// Offline: Prisma 6.19 with the JS engine configs downloads nothing, and
// generate never opens a database.
import { runPrisma } from './db-prisma.mjs';

const started = Date.now();
for (const config of ['prisma/sqlite.config.ts', 'prisma/postgres.config.ts']) {
  runPrisma(['generate', '--config', config]);
}
console.log(`db-generate: both Prisma clients generated in ${Date.now() - started} ms`);
