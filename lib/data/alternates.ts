import type { Db } from '@/lib/db/client';
import { awaitGameAlternates, refreshGameAlternates, type FetchClaims, type Gate } from './ingest';
import type { PropsGame, PropsSource } from './props';

// get_game_odds with alternates refreshes a game's alternate spreads and totals when the stored ones are older than
// PROPS_TTL_SECONDS, as get_player_props refreshes props (./props.ts): one fetch per game however many callers ask
// at once, in however many processes; the others wait for it. They are never part of the slate's bulk odds call.

/** The refreshes running in this process, by game id. */
export type AlternatesInFlight = Map<string, Promise<{ note?: string }>>;

export function freshAlternates(
  db: Db,
  { inFlight, claims }: { inFlight: AlternatesInFlight; claims: FetchClaims },
  game: PropsGame,
  now: Date,
  { odds, ttlMs }: PropsSource,
): Promise<{ note?: string }> {
  if (!odds || !game.oddsEventId || game.status === 'final') return Promise.resolve({});
  let pending = inFlight.get(game.id);
  if (!pending) {
    pending = refreshGameAlternates(db, claims, odds, game, now, ttlMs)
      .then((gate) => (gate.status === 'busy' ? awaitGameAlternates(db, claims, game.id, gate.until) : gate))
      .then(noteFor)
      .finally(() => inFlight.delete(game.id));
    inFlight.set(game.id, pending);
  }
  return pending;
}

function noteFor(gate: Gate): { note?: string } {
  if (gate.status === 'failed')
    return {
      note: `Alternate lines could not be refreshed from the provider (${gate.error.message}); these are the stored ones, as old as their updatedAgo says.`,
    };
  if (gate.status === 'backoff')
    return { note: 'The odds provider asked us to slow down; these are the stored alternate lines, as old as their updatedAgo says.' };
  return {};
}
