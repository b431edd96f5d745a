// When a game kicked off, and which of its stored prices are still on offer: one rule for log_bet (a bet in play),
// list_bets (whose bets a close measures), settle_bet (no void in play), save_recommendation (no pick in play), the
// picks' record (only picks saved before kick-off count), the odds answers (a game under way priced by its prices
// since kick-off), the lists of bets to make (value, arbitrages, low-hold markets, middles) and the status every
// answer and page shows a game with (statusAt).

/** A game as these rules read it: its status and its start time as stored now. */
interface GameTimes {
  status: string;
  startsAt: Date;
}

/**
 * The statuses of a game still offered: to be played, or under way. A final game's last prices are its close, not an
 * offer, and a game called off (postponed, canceled) has no offer standing.
 */
export const OFFERED_STATUSES = ['scheduled', 'in_progress'] as const;

export const isOffered = (game: GameTimes): boolean => (OFFERED_STATUSES as readonly string[]).includes(game.status);

/**
 * Whether the game had kicked off by `at`: its start time as stored now is at or before `at`, whatever its status or
 * start read when something was done at `at`. The stored start is the truth because the close is read by it (the last
 * prices up to it), so a bet is in play exactly when no close can measure it; and it is the feeds' latest word, which
 * corrects a delay or a wrong time, while a status "in progress" ahead of it is one not yet refreshed after the start
 * moved later (the odds feed calls a game in progress once its start has passed). A game called off never kicked off.
 */
export function kickedOffBy(game: GameTimes, at: Date): boolean {
  return game.status !== 'postponed' && game.status !== 'canceled' && game.startsAt <= at;
}

/**
 * The status a game is shown with at `now`, as the kick-off rule reads it: a game still offered is `in_progress` once
 * it kicked off by its stored start and `scheduled` before, whatever its stored status says ("in progress" ahead of
 * the start is one not refreshed after the start moved later; "scheduled" after it, one not yet refreshed at
 * kick-off), so every answer and page shows the status its prices are offered by (asOffered). A final or called-off
 * game shows its stored status.
 */
export function statusAt(game: GameTimes, now: Date): string {
  if (!isOffered(game)) return game.status;
  return kickedOffBy(game, now) ? 'in_progress' : 'scheduled';
}

/**
 * Whether a pick saved at `savedAt` counts in the picks' record (list_recommendations' summary, the Picks page): only
 * one saved before its game kicked off, by `kickedOffBy` as save_recommendation refuses a pick in play. A pick stored
 * before that rule, or before its game's start was corrected earlier, may be saved at or after the start as stored
 * now: it stays listed, marked as not counted, and its grade stays out of the record. A pick whose game is no longer
 * stored counts: nothing says it came late (and no grade reaches it).
 */
export function pickCounts(game: GameTimes | undefined, savedAt: Date): boolean {
  return game === undefined || !kickedOffBy(game, savedAt);
}

/**
 * From when the game's stored prices answer it as it stands at `now`: once it kicked off, only prices confirmed since
 * kick-off (a price from before is a pre-game one, no offer on the game under way); before, all of them (undefined).
 */
export function pricesSince(game: GameTimes, now: Date): Date | undefined {
  return kickedOffBy(game, now) ? game.startsAt : undefined;
}

/**
 * The game with `pricesSince` once it is under way at `now` (still offered, and kicked off): how the odds answers price
 * a game they show, as the lists of bets to make do. A final or called-off game is left whole: its status says so.
 */
export function asOffered<Game extends GameTimes>(game: Game, now: Date): Game & { pricesSince?: Date } {
  const since = isOffered(game) ? pricesSince(game, now) : undefined;
  return since === undefined ? game : { ...game, pricesSince: since };
}

/** The games still offered at `now`, each with `pricesSince` once it kicked off: what the lists of bets to make scan. */
export function offeredGames<Game extends GameTimes>(games: readonly Game[], now: Date): (Game & { pricesSince?: Date })[] {
  return games.filter(isOffered).map((game) => asOffered(game, now));
}

/** The prices confirmed since `since` (all of them without it): a game's offered prices, by pricesSince. */
export function confirmedSince<Quote extends { updatedAt: Date }>(quotes: Quote[], since: Date | undefined): Quote[] {
  return since === undefined ? quotes : quotes.filter((quote) => quote.updatedAt >= since);
}
