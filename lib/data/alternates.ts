import type { Db } from '@/lib/db/client';
import { awaitGameAlternates, refreshGameAlternates } from './ingest';
import { freshGameLines, type LineRefreshes, type OnRequestLines, type PropsGame, type PropsSource } from './props';

// get_game_odds with alternates refreshes a game's alternate spreads and totals when the stored ones are older than
// PROPS_TTL_SECONDS, as get_player_props refreshes props (./props.ts): one fetch per game however many callers ask
// at once, in however many processes; the others wait for it. They are never part of the slate's bulk odds call.

const ALTERNATE_LINES: OnRequestLines = { what: 'alternate lines', fetch: refreshGameAlternates, awaitFetch: awaitGameAlternates };

export function freshAlternates(
  db: Db,
  refreshes: LineRefreshes,
  game: PropsGame,
  now: Date,
  source: PropsSource,
): Promise<{ note?: string }> {
  return freshGameLines(ALTERNATE_LINES, db, refreshes, game, now, source);
}
