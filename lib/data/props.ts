import type { Db } from '@/lib/db/client';
import { awaitGameProps, refreshGameProps, type FetchClaims } from './ingest';
import { sharedRefresh, type InFlight } from './on-request';
import type { OddsApi } from './providers/odds-api';

// get_player_props refreshes a game's props when the stored ones are older than PROPS_TTL_SECONDS. However
// many callers ask at once, in however many processes, one fetch per game runs and they all wait for it:
// callers in one process share a promise (./on-request.ts); a process that loses the database claim (lib/data/ingest/fetch-claim.ts)
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

export function freshProps(
  db: Db,
  { inFlight, claims }: { inFlight: InFlight; claims: FetchClaims },
  game: PropsGame,
  now: Date,
  { odds, ttlMs }: PropsSource,
): Promise<{ note?: string }> {
  if (!odds || !game.oddsEventId || game.status === 'final') return Promise.resolve({});
  return sharedRefresh(
    inFlight,
    game.id,
    'props',
    now,
    () => refreshGameProps(db, claims, odds, game, now, ttlMs),
    (until) => awaitGameProps(db, claims, game.id, until),
  );
}
