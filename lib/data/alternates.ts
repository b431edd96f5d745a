import type { Db } from '@/lib/db/client';
import { awaitGameAlternates, refreshGameAlternates, type FetchClaims } from './ingest';
import { sharedRefresh, type InFlight } from './on-request';
import type { PropsGame, PropsSource } from './props';

// get_game_odds with alternates refreshes a game's alternate spreads and totals when the stored ones are older than
// PROPS_TTL_SECONDS, as get_player_props refreshes props (./props.ts): one fetch per game however many callers ask
// at once, in however many processes; the others wait for it. They are never part of the slate's bulk odds call.

export function freshAlternates(
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
    'alternate lines',
    now,
    () => refreshGameAlternates(db, claims, odds, game, now, ttlMs),
    (until) => awaitGameAlternates(db, claims, game.id, until),
  );
}
