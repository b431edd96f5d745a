// `npx tsx bench/mcp-profile.ts [calls] [rest|modern|legacy]`: the calculator call of the bench over REST and
// over MCP in both eras, in process (the gateway and the MCP endpoint without Next): this process's CPU time per
// call. PROFILE=1 also writes a V8 CPU profile of each measured loop to /tmp/jev-<row>.cpuprofile.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseConfig } from '@/lib/config';
import { createDb } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { callTool } from '@/lib/gateway/rest';
import { postMcp } from '@/lib/mcp/http';
import { createRoot } from '@/lib/root';
import { freshDatabase } from '../tests/helpers/db';
import { benchToken, BENCH_ENV, MCP_LEGACY_BODY, MCP_LEGACY_HEADERS, MCP_MODERN_BODY, MCP_MODERN_HEADERS, NO_VIG_BODY } from './slate';

const calls = Number(process.argv[2] ?? 3000);
const only = process.argv[3];
const ORIGIN = 'http://localhost:3000';

async function main() {
  const database = await freshDatabase('sqlite');
  await migrate(database.url);
  const db = createDb(database.url);
  const token = await benchToken(db);
  const app = createRoot({ config: parseConfig({ ...BENCH_ENV, DATABASE_URL: database.url, APP_URL: ORIGIN }), db });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', host: new URL(ORIGIN).host };
  const mcp = (extra: Record<string, string>, body: string) =>
    postMcp(app.mcp, new Request(`${ORIGIN}/api/mcp`, { method: 'POST', headers: { ...headers, ...extra }, body }));
  const rows: Record<string, () => Promise<Response>> = {
    rest: () =>
      callTool(
        app.gateway,
        new Request(`${ORIGIN}/api/v1/tools/calc_no_vig_odds`, { method: 'POST', headers, body: NO_VIG_BODY }),
        'calc_no_vig_odds',
      ),
    modern: () => mcp(MCP_MODERN_HEADERS, MCP_MODERN_BODY),
    legacy: () => mcp(MCP_LEGACY_HEADERS, MCP_LEGACY_BODY),
  };
  try {
    for (const [name, call] of Object.entries(rows)) {
      if (only && only !== name) continue;
      const once = async () => {
        const response = await call();
        const text = await response.text();
        if (response.status !== 200) throw new Error(`${name}: ${response.status} ${text}`);
      };
      for (let i = 0; i < 300; i++) await once();
      const session = new Session();
      if (process.env.PROFILE === '1') {
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
      }
      const cpu = process.cpuUsage();
      for (let i = 0; i < calls; i++) await once();
      const used = process.cpuUsage(cpu);
      if (process.env.PROFILE === '1') {
        const { profile } = await session.post('Profiler.stop');
        writeFileSync(`/tmp/jev-${name}.cpuprofile`, JSON.stringify(profile));
      }
      console.log(`${name}: ${((used.user + used.system) / calls).toFixed(0)} µs of CPU a call (${calls} calls)`);
    }
  } finally {
    await db.$disconnect();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
