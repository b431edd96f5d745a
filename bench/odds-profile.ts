// `npx tsx bench/odds-profile.ts [sqlite|postgres] [calls]`: get_game_odds for the bench slate's NFL week
// computed afresh (ODDS_CACHE_SECONDS=0), in process: ms per call for the plain answer, the value scan,
// history: true and the college week's first page, and what each answer covers (games, size). Wall-clock and this
// process's CPU time (user + system, which holds SQLite's work but not PostgreSQL's) per call: the CPU time is the
// steadier figure on a shared machine. The slate and the tools' clock are at the bench's moment of the week
// (bench/clock.ts), so the NFL week is whole whatever the day.
import { createDb } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { getGameOdds } from '@/lib/tools/odds';
import { freshDatabase } from '../tests/helpers/db';
import { toolContext } from '../tests/helpers/tool-context';
import { inProcessClock } from './clock';
import { seedSlate } from './slate';
import { oddsWorkload, type OddsAnswer } from './workload';

const provider = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const calls = Number(process.argv[3] ?? 100);

async function main() {
  const database = await freshDatabase(provider);
  await migrate(database.url);
  const db = createDb(database.url);
  try {
    const clock = inProcessClock();
    console.log(`clock: ${clock.now().toISOString()} (the bench's Tuesday)`);
    await seedSlate(db, clock.now());
    const ctx = toolContext(db, { env: { ODDS_CACHE_SECONDS: '0' }, now: clock.now });
    const cases = {
      'NFL week': { sport: 'nfl' },
      'NFL week, detail: "full"': { sport: 'nfl', detail: 'full' },
      'value scan': { sport: 'nfl', minExpectedValue: 0.02, minBooks: 3 },
      'history: true': { sport: 'nfl', history: true },
      'college week (60 games), first page': { sport: 'ncaaf' },
    } as const;
    for (const [name, args] of Object.entries(cases)) {
      const call = async () => JSON.stringify(await getGameOdds.run(ctx, getGameOdds.input.parse(args)));
      const answer = await call();
      const workload = oddsWorkload(JSON.parse(answer) as OddsAnswer, answer.length);
      for (let i = 0; i < 10; i++) await call();
      const started = performance.now();
      const cpu = process.cpuUsage();
      for (let i = 0; i < calls; i++) await call();
      const used = process.cpuUsage(cpu);
      const ms = (performance.now() - started) / calls;
      const cpuMs = (used.user + used.system) / 1000 / calls;
      console.log(`${provider} ${name}: ${ms.toFixed(2)} ms a call, CPU ${cpuMs.toFixed(2)} ms (${calls} calls); ${workload}`);
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
