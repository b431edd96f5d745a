// Writes games and bets straight into the browser tests' database. It runs as its own process (through
// tsx) because Playwright's loader cannot load the generated Prisma client.
//   node --import tsx tests/browser/seed.ts '<json>'   with DATABASE_URL set
import { createDb } from '@/lib/db/client';
import { addGame, finishGame, kickOff, type TestGame } from '../helpers/games';

interface Seed {
  games?: (Omit<TestGame, 'startsAt'> & { startsAt: string })[];
  bets?: { email: string; gameId: string; market: string; selection: string; americanOdds: number; stakeCents: number }[];
  /** Games that kicked off at `startsAt` (before now). */
  kickoffs?: { id: string; startsAt: string }[];
  /** Games that end now, with their scores. */
  finals?: { id: string; homeScore: number; awayScore: number }[];
}

async function main() {
  const seed = JSON.parse(process.argv[2] ?? '{}') as Seed;
  const db = createDb(process.env.DATABASE_URL);
  try {
    for (const game of seed.games ?? []) await addGame(db, { ...game, startsAt: new Date(game.startsAt) });
    for (const { email, ...bet } of seed.bets ?? []) {
      const user = await db.user.findUniqueOrThrow({ where: { email } });
      await db.bet.create({ data: { ...bet, userId: user.id, sport: 'nfl', placedAt: new Date() } });
    }
    for (const game of seed.kickoffs ?? []) await kickOff(db, game.id, new Date(game.startsAt));
    for (const game of seed.finals ?? []) await finishGame(db, game.id, game.homeScore, game.awayScore);
  } finally {
    await db.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
