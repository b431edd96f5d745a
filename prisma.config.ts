// Default Prisma CLI config, so that a bare `npx prisma <command>` works
// offline: without any config file, Prisma 6.19 falls back to the Rust engines
// and fails with a misleading download error (binaries.prisma.sh).
// It is the SQLite config; for PostgreSQL pass --config prisma/postgres.config.ts.
// The project's own scripts always pass --config explicitly (npm run db:*).
export { default } from './prisma/sqlite.config';
