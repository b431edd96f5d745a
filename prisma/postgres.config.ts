// Prisma CLI config for PostgreSQL (prisma/postgres/schema.prisma, derived by
// `npm run db:schemas`). Use: npx prisma <command> --config prisma/postgres.config.ts
// with DATABASE_URL=postgres://… in the environment (the CLI ignores .env when
// a config file exists). Database-free commands (generate, migrate diff between
// two datamodels) never open the database.
import path from 'node:path';
import pg from 'pg';
import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';
import { resolveDatabase } from '../lib/db/resolve';

// CLI-only workaround for prisma/orm#27403 (fixed in adapter-pg 7): the schema
// engine's introspection queries return columns of type `name` (oid 19) and
// `"char"` (oid 18), which @prisma/adapter-pg 6.19 refuses with "Column type
// 'name' could not be deserialized". Both arrive as plain strings in the text
// protocol, so relabel them as `text` (oid 25) before the adapter looks.
// The app's runtime client (lib/db/client.ts) does not need this.
const TEXT_OID = 25;
const RELABEL = new Set([18, 19]);

type FieldLike = { dataTypeID: number };
type ResultLike = { fields?: FieldLike[] };

function relabel<T>(result: T): T {
  const results = (Array.isArray(result) ? result : [result]) as ResultLike[];
  for (const r of results) {
    for (const f of r?.fields ?? []) if (RELABEL.has(f.dataTypeID)) f.dataTypeID = TEXT_OID;
  }
  return result;
}

class CliClient extends pg.Client {
  // pg's query() has many overloads (promise or callback, config object or
  // text + values); wrap whichever is used.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with this client as `this`
    const query = super.query as (...params: unknown[]) => unknown;
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const cb = args[last] as (err: unknown, res: unknown) => void;
      args[last] = (err: unknown, res: unknown) => cb(err, err ? res : relabel(res));
      return query.apply(this, args);
    }
    const ret = query.apply(this, args);
    return ret instanceof Promise ? ret.then(relabel) : ret;
  }
}

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join(__dirname, 'postgres', 'schema.prisma'),
  async adapter() {
    const db = resolveDatabase(process.env.DATABASE_URL);
    if (db.provider !== 'postgres') {
      throw new Error('prisma/postgres.config.ts needs DATABASE_URL=postgres://… or postgresql://…');
    }
    const pool = new pg.Pool({
      connectionString: db.url,
      Client: CliClient,
      // Without this every CLI command lingers ~10 s for idle connections.
      allowExitOnIdle: true,
      max: 2,
    });
    return new PrismaPg(pool, { disposeExternalPool: true });
  },
});
