import { isOutsideEvenMoneyGap } from '@/lib/betting/odds';
import type { Db } from '@/lib/db/client';
import { awaitHolder, fetchUnderClaim, type FetchClaims, type Gate } from './fetch-claim';
import { sharedRefresh, type InFlight } from './on-request';
import type { OddsApi, OutrightEvent } from './providers/odds-api';
import type { Sport } from './sports';
import type { DataSource } from './store';
import { teamNamed } from './teams';

// Futures: each league's outright markets (who wins the title), one price per team per book, stored apart from
// games in FuturePrice with no history (updatedAt says how old a price is). They are fetched from The Odds API
// only when get_game_odds asks for them (futures: true), once per league per FUTURES_TTL_SECONDS however many
// callers ask, through the same fetch claim as props (./fetch-claim.ts), never by the scheduled slate run.

/** The futures market names and The Odds API's outright sport key of each league's. */
export const FUTURE_MARKETS: Record<Sport, readonly { market: string; outrightKey: string }[]> = {
  nfl: [{ market: 'champion', outrightKey: 'americanfootball_nfl_super_bowl_winner' }],
  ncaaf: [{ market: 'champion', outrightKey: 'americanfootball_ncaaf_championship_winner' }],
  nba: [{ market: 'champion', outrightKey: 'basketball_nba_championship_winner' }],
  ncaab: [{ market: 'champion', outrightKey: 'basketball_ncaab_championship_winner' }],
  mlb: [{ market: 'champion', outrightKey: 'baseball_mlb_world_series_winner' }],
  nhl: [{ market: 'champion', outrightKey: 'icehockey_nhl_championship_winner' }],
  epl: [{ market: 'champion', outrightKey: 'soccer_epl_winner' }],
};

export interface FutureRecord {
  sport: string;
  market: string;
  book: string;
  /** The team's abbreviation. */
  outcome: string;
  /** As quoted (an exchange's before its fee: pricing nets it, lib/betting/commission.ts). */
  americanOdds: number;
  updatedAt: Date;
}

/**
 * One outright answer in our terms. A book's market with any outcome we cannot place (a team we do not know, a
 * "Field" entry) is left out whole, as with game markets: its field would not be the league's. Lay markets skipped.
 */
export function outrightPrices(sport: Sport, market: string, events: readonly OutrightEvent[]): FutureRecord[] {
  const rows: FutureRecord[] = [];
  for (const event of events)
    for (const bookmaker of event.bookmakers)
      for (const quoted of bookmaker.markets) {
        if (quoted.key !== 'outrights') continue;
        const mapped = quoted.outcomes.map((outcome) => {
          const team = teamNamed(sport, outcome.name);
          const price = Math.round(outcome.price);
          if (!team || !isOutsideEvenMoneyGap(price)) return undefined;
          return {
            sport,
            market,
            book: bookmaker.key,
            outcome: team.abbreviation,
            americanOdds: price,
            updatedAt: new Date(quoted.last_update ?? bookmaker.last_update),
          };
        });
        if (mapped.length > 0 && mapped.every((row) => row !== undefined)) rows.push(...(mapped as FutureRecord[]));
      }
  return rows;
}

/**
 * Each book's market in `rows` becomes exactly what `rows` hold for it (a team a book no longer prices is gone from
 * it); books and markets absent from `rows` keep theirs. One transaction.
 */
export async function replaceFutures(db: Db, rows: readonly FutureRecord[], source: DataSource): Promise<number> {
  const groups = new Map<string, FutureRecord[]>();
  for (const row of rows) {
    const key = `${row.sport}|${row.market}|${row.book}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const unique = [...new Map(rows.map((row) => [`${row.sport}|${row.market}|${row.book}|${row.outcome}`, row])).values()];
  await db.$transaction([
    ...[...groups.values()].map((group) =>
      db.futurePrice.deleteMany({ where: { sport: group[0]!.sport, market: group[0]!.market, book: group[0]!.book } }),
    ),
    db.futurePrice.createMany({ data: unique.map((row) => ({ ...row, source })) }),
  ]);
  return unique.length;
}

/** Every book's stored futures prices of the league. */
export function futurePrices(db: Db, sport: string) {
  return db.futurePrice.findMany({
    where: { sport },
    select: { market: true, book: true, outcome: true, americanOdds: true, updatedAt: true, source: true },
  });
}

const futuresKey = (sport: Sport) => `futures:${sport}`;

/** Fetches and stores the league's futures unless they are fresh or another caller is fetching them (its gate says which). */
export function refreshFutures(db: Db, claims: FetchClaims, odds: OddsApi, sport: Sport, now: Date, freshnessMs: number): Promise<Gate> {
  return fetchUnderClaim(db, claims, futuresKey(sport), freshnessMs, now, async () => {
    let quota;
    const rows: FutureRecord[] = [];
    for (const { market, outrightKey } of FUTURE_MARKETS[sport]) {
      const answer = await odds.outrights(outrightKey);
      quota = answer.quota;
      rows.push(...outrightPrices(sport, market, answer.events));
    }
    await replaceFutures(db, rows, 'live');
    return quota;
  });
}

/** Where fresh futures come from: the odds provider (absent without ODDS_API_KEY), and FUTURES_TTL_SECONDS in ms. */
export interface FuturesSource {
  odds: OddsApi | undefined;
  ttlMs: number;
}

/** Refreshes the league's futures when stale: one fetch however many callers ask; a failure leaves a note. */
export function freshFutures(
  db: Db,
  { inFlight, claims }: { inFlight: InFlight; claims: FetchClaims },
  sport: Sport,
  now: Date,
  { odds, ttlMs }: FuturesSource,
): Promise<{ note?: string }> {
  if (!odds) return Promise.resolve({});
  return sharedRefresh(
    inFlight,
    sport,
    'futures',
    now,
    () => refreshFutures(db, claims, odds, sport, now, ttlMs),
    (until) => awaitHolder(db, claims, futuresKey(sport), until),
  );
}
