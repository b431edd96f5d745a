import type { Db } from '@/lib/db/client';
import { awaitGameProps, refreshGameProps, type FetchClaims, type Gate } from './ingest';
import type { OddsApi } from './providers/odds-api';

// get_player_props refreshes a game's props when the stored ones are older than PROPS_TTL_SECONDS. However
// many callers ask at once, in however many processes, one fetch per game runs and they all wait for it:
// callers in one process share a promise (kept in the repositories' PropsInFlight); a process that loses the database claim (lib/data/ingest/fetch-claim.ts)
// polls it until the winner records how its fetch went. The provider call is bounded by
// PROVIDER_TIMEOUT_SECONDS (at most 20 s) and the wait by its lease, well under the minute clients allow.

/** The refreshes running in this process, by game id. */
export type PropsInFlight = Map<string, Promise<{ note?: string }>>;

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
  { inFlight, claims }: { inFlight: PropsInFlight; claims: FetchClaims },
  game: PropsGame,
  now: Date,
  { odds, ttlMs }: PropsSource,
): Promise<{ note?: string }> {
  if (!odds || !game.oddsEventId || game.status === 'final') return Promise.resolve({});
  let pending = inFlight.get(game.id);
  if (!pending) {
    pending = refreshGameProps(db, claims, odds, game, now, ttlMs)
      .then((gate) => (gate.status === 'busy' ? awaitGameProps(db, claims, game.id, gate.until) : gate))
      .then(noteFor)
      .finally(() => inFlight.delete(game.id));
    inFlight.set(game.id, pending);
  }
  return pending;
}

function noteFor(gate: Gate): { note?: string } {
  if (gate.status === 'failed')
    return {
      note: `Props could not be refreshed from the provider (${gate.error.message}); these are the stored props, as old as their updatedAgo says.`,
    };
  if (gate.status === 'backoff')
    return { note: 'The odds provider asked us to slow down; these are the stored props, as old as their updatedAgo says.' };
  return {};
}
