import type { Db } from '@/lib/db/client';
import { awaitGameProps, refreshGameProps, type FetchClaims, type Gate } from './ingest';
import { sharedRefresh, type InFlight } from './on-request';
import type { OddsApi } from './providers/odds-api';

// get_player_props refreshes a game's props when the stored ones are older than PROPS_TTL_SECONDS. However
// many callers ask at once, in however many processes, one fetch per game runs and they all wait for it:
// callers in one process share a promise (./on-request.ts); a process that loses the database claim (lib/data/fetch-claim.ts)
// polls it until the winner records how its fetch went. The provider call is bounded by
// PROVIDER_TIMEOUT_SECONDS (at most 20 s) and the wait by its lease, well under the minute clients allow.

/** Where fresh props come from: the odds provider (absent without ODDS_API_KEY), and PROPS_TTL_SECONDS in ms. */
export interface PropsSource {
  odds: OddsApi | undefined;
  ttlMs: number;
}

export interface PropsGame {
  id: string;
  sport: string;
  status: string;
  oddsEventId: string | null;
  homeTeamId: string;
  awayTeamId: string;
}

/** What a refresh of a game's lines shares: the fetches running in this process, and the claims across processes. */
export interface LineRefreshes {
  inFlight: InFlight;
  claims: FetchClaims;
}

/** A kind of a game's lines fetched on request (props, alternate lines): its name in notes, its fetch, and the wait for another's. */
export interface OnRequestLines {
  what: string;
  fetch: (db: Db, claims: FetchClaims, odds: OddsApi, game: PropsGame, now: Date, ttlMs: number) => Promise<Gate>;
  awaitFetch: (db: Db, claims: FetchClaims, gameId: string, until: Date) => Promise<Gate>;
}

/**
 * Refreshes a game's `lines` when stale, one fetch per game shared by every caller; nothing to fetch without the
 * provider, for a game it has no event for, or once the game is final.
 */
export function freshGameLines(
  lines: OnRequestLines,
  db: Db,
  { inFlight, claims }: LineRefreshes,
  game: PropsGame,
  now: Date,
  { odds, ttlMs }: PropsSource,
): Promise<{ note?: string }> {
  if (!odds || !game.oddsEventId || game.status === 'final') return Promise.resolve({});
  return sharedRefresh(
    inFlight,
    game.id,
    lines.what,
    now,
    () => lines.fetch(db, claims, odds, game, now, ttlMs),
    (until) => lines.awaitFetch(db, claims, game.id, until),
  );
}

const PROPS: OnRequestLines = { what: 'props', fetch: refreshGameProps, awaitFetch: awaitGameProps };

export function freshProps(db: Db, refreshes: LineRefreshes, game: PropsGame, now: Date, source: PropsSource): Promise<{ note?: string }> {
  return freshGameLines(PROPS, db, refreshes, game, now, source);
}
