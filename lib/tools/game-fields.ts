import { z } from 'zod';
import { instant } from '@/lib/time';
import { statusAt } from '@/lib/data/kick-off';
import type { GameRow } from '@/lib/data/repositories/schedule';

// How the sports-data answers show a game and its teams: whole in the full answers (fullGame), in short in the default
// ones (conciseGame). Its status is the one the kick-off rule reads at the answer's `now` (statusAt in
// lib/data/kick-off.ts), and statusNote says why when that is not the stored one.

/** "Los Angeles Rams (LAR) at New Orleans Saints (NO)": the names to quote, the abbreviations outcomes use. */
export function matchup(game: { homeTeam: { abbreviation: string; name: string }; awayTeam: { abbreviation: string; name: string } }) {
  const side = (team: { abbreviation: string; name: string }) => `${team.name} (${team.abbreviation})`;
  return `${side(game.awayTeam)} at ${side(game.homeTeam)}`;
}

export const teamSchema = z.object({ abbreviation: z.string(), name: z.string() });
export const teamNames = (t: { abbreviation: string; name: string }): z.infer<typeof teamSchema> => ({
  abbreviation: t.abbreviation,
  name: t.name,
});

/** A game as the full answers show it. */
export const fullGameSchema = z.object({
  gameId: z.string(),
  sport: z.string(),
  startsAt: z.string(),
  status: z.string(),
  homeTeam: teamSchema,
  awayTeam: teamSchema,
  venue: z.object({ name: z.string(), city: z.string().nullable(), roof: z.string() }).nullable(),
  homeScore: z.int().nullable().optional(),
  awayScore: z.int().nullable().optional(),
});

export function fullGame(game: GameRow, now: Date): z.infer<typeof fullGameSchema> {
  return {
    gameId: game.id,
    sport: game.sport,
    startsAt: instant(game.startsAt),
    status: statusAt(game, now),
    homeTeam: teamNames(game.homeTeam),
    awayTeam: teamNames(game.awayTeam),
    venue: game.venue ? { name: game.venue.name, city: game.venue.city, roof: game.venue.roof } : null,
    ...(game.status === 'final' || game.homeScore !== null ? { homeScore: game.homeScore, awayScore: game.awayScore } : {}),
  };
}

export const conciseGameSchema = z.object({
  gameId: z.string(),
  startsAt: z.string(),
  matchup: z.string(),
  status: z.string().optional(),
  score: z.string().optional(),
});

/** What identifies a game to an agent: its id, its kickoff, who plays whom, and the score once there is one. */
export function conciseGame(game: GameRow, now: Date): z.infer<typeof conciseGameSchema> {
  const status = statusAt(game, now);
  return {
    gameId: game.id,
    startsAt: instant(game.startsAt),
    matchup: matchup(game),
    ...(status !== 'scheduled' ? { status } : {}),
    ...(game.homeScore !== null && game.awayScore !== null
      ? { score: `${game.homeTeam.abbreviation} ${game.homeScore}, ${game.awayTeam.abbreviation} ${game.awayScore}` }
      : {}),
  };
}

/**
 * Why a game is shown with another status than the stored one (statusAt): the feed called it in progress and its
 * start then moved later, or its start passed before the feed called it in progress. Its prices are offered by the
 * status shown (asOffered), so an odds answer puts this first in the game's priceNote.
 */
export function statusNote(game: { status: string; startsAt: Date }, now: Date): string | undefined {
  const shown = statusAt(game, now);
  if (shown === game.status) return undefined;
  return shown === 'scheduled'
    ? 'Not yet kicked off: called in progress, then its start moved later.'
    : 'Its start has passed, though the feed has not yet called it in progress.';
}

/** The notes that apply, in order, as one; undefined when none does. */
export function joinNotes(...notes: (string | undefined)[]): string | undefined {
  const said = notes.filter(Boolean);
  return said.length > 0 ? said.join(' ') : undefined;
}

/** A game's own note in the odds answers: why its status is not the stored one, then whether it is priced in play. */
export const gameNote = (game: { status: string; startsAt: Date; pricesSince?: Date }, shown: boolean, now: Date) =>
  joinNotes(statusNote(game, now), inPlayNote(game, shown));

/**
 * Said of a game under way (asOffered in lib/data/kick-off.ts gave it `pricesSince`), whose answer shows only the
 * prices confirmed since kick-off, as the lists of bets to make scan it: `shown`, whether any market is left.
 */
export function inPlayNote(game: { pricesSince?: Date }, shown: boolean): string | undefined {
  if (game.pricesSince === undefined) return undefined;
  return `In play: ${shown ? 'priced only by prices' : 'no price'} confirmed since kick-off; pre-game prices are no longer on offer.`;
}
