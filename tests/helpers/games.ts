import type { Db } from '@/lib/db/client';

// Games and prices written straight to the database, so account tests do not depend on the sample slate.

export interface TestGame {
  id: string;
  sport?: string;
  home: string;
  away: string;
  startsAt: Date;
  status?: string;
  homeScore?: number;
  awayScore?: number;
}

export async function addGame(db: Db, game: TestGame): Promise<void> {
  const sport = game.sport ?? 'nfl';
  for (const abbreviation of [game.home, game.away]) {
    const id = `${sport}:${abbreviation}`;
    await db.team.upsert({ where: { id }, create: { id, sport, abbreviation, name: `${abbreviation} Team` }, update: {} });
  }
  await db.game.create({
    data: {
      id: game.id,
      sport,
      season: game.startsAt.getUTCFullYear(),
      startsAt: game.startsAt,
      homeTeamId: `${sport}:${game.home}`,
      awayTeamId: `${sport}:${game.away}`,
      status: game.status ?? 'scheduled',
      homeScore: game.homeScore ?? null,
      awayScore: game.awayScore ?? null,
      source: 'sample',
    },
  });
}

/** The game kicks off at `startsAt` (an instant already past): picks saved before it stand, none is saved after it. */
export async function kickOff(db: Db, id: string, startsAt: Date): Promise<void> {
  await db.game.update({ where: { id }, data: { status: 'in_progress', startsAt } });
}

/**
 * The game kicks off a millisecond after the last pick saved on it, and the clock is past its kick-off when this
 * returns: its picks were saved before kick-off, so the record counts them (pickCounts in lib/data/kick-off.ts), and
 * no pick is saved on it any more. A kick-off set before a pick was saved makes it a pick saved in play, out of the record.
 */
export async function kickOffAfterPicks(db: Db, id: string): Promise<Date> {
  const last = await db.recommendation.findFirst({ where: { gameId: id }, orderBy: { createdAt: 'desc' } });
  const startsAt = new Date((last?.createdAt ?? new Date()).getTime() + 1);
  while (Date.now() <= startsAt.getTime()) await new Promise((resolve) => setTimeout(resolve, 1));
  await kickOff(db, id, startsAt);
  return startsAt;
}

/** The game ends with this score: bets logged while it was still to finish can now be graded. */
export async function finishGame(db: Db, id: string, homeScore: number, awayScore: number): Promise<void> {
  await db.game.update({ where: { id }, data: { status: 'final', homeScore, awayScore } });
}

export interface TestQuote {
  book: string;
  outcome: string;
  point?: number;
  americanOdds: number;
}

/** Current prices of one market, also appended to the history at `at`. */
export async function addPrices(db: Db, gameId: string, market: string, quotes: TestQuote[], at: Date): Promise<void> {
  for (const quote of quotes) {
    const row = {
      gameId,
      market,
      player: '',
      book: quote.book,
      outcome: quote.outcome,
      point: quote.point ?? null,
      americanOdds: quote.americanOdds,
    };
    await db.price.upsert({
      where: { gameId_market_player_book_outcome: { gameId, market, player: '', book: quote.book, outcome: quote.outcome } },
      create: { ...row, updatedAt: at },
      update: { point: row.point, americanOdds: row.americanOdds, updatedAt: at },
    });
    await db.priceHistory.create({ data: { ...row, observedAt: at } });
  }
}

const MONEYLINES: Record<string, TestQuote[]> = {
  draftkings: [
    { book: 'draftkings', outcome: 'NYG', americanOdds: -150 },
    { book: 'draftkings', outcome: 'DAL', americanOdds: 130 },
  ],
  fanduel: [
    { book: 'fanduel', outcome: 'NYG', americanOdds: -145 },
    { book: 'fanduel', outcome: 'DAL', americanOdds: 125 },
  ],
};

/**
 * NYG v DAL (`nfl-next` unless named), `hoursAhead` after `now`, with moneylines at these books (DraftKings
 * -150/+130, FanDuel -145/+125) recorded an hour before `now`: a game a bet can be logged on and priced.
 */
export async function addPricedGame(
  db: Db,
  {
    now,
    id = 'nfl-next',
    hoursAhead = 48,
    books = ['draftkings'],
  }: { now: number; id?: string; hoursAhead?: number; books?: ('draftkings' | 'fanduel')[] },
): Promise<void> {
  await addGame(db, { id, home: 'NYG', away: 'DAL', startsAt: new Date(now + hoursAhead * 3_600_000) });
  await addPrices(
    db,
    id,
    'h2h',
    books.flatMap((book) => MONEYLINES[book]!),
    new Date(now - 3_600_000),
  );
}
