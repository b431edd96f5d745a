// When a game kicked off: one rule for log_bet (a bet in play), list_bets (whose bets a close measures) and
// save_recommendation (no pick in play).

/** A game as these rules read it: its status and its start time as stored now. */
interface GameTimes {
  status: string;
  startsAt: Date;
}

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
 * From when the game's stored prices answer it as it stands at `now`: once it kicked off, only prices confirmed since
 * kick-off (a price from before is a pre-game one); before, all of them (undefined).
 */
export function pricesSince(game: GameTimes, now: Date): Date | undefined {
  return kickedOffBy(game, now) ? game.startsAt : undefined;
}
