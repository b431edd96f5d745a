import { isGameMarket } from '@/lib/betting/grading';
import { isOutsideEvenMoneyGap } from '@/lib/betting/odds';
import type { Db } from '@/lib/db/client';
import type { OddsApi, OddsEvent, ScoreEvent } from '../providers/odds-api';
import { gameIdFor, normaliseName, seasonOf, SPORT_INFO, type Sport } from '../sports';
import { mergePrices, replaceAlternates, type AlternateRecord, type GameRecord, type PriceRecord } from '../store';
import { catalogueTeams, teamNamed, type CatalogueTeam } from '../teams';
import { awaitHolder, fetchUnderClaim, type FetchClaims, type Gate } from '../fetch-claim';
import type { TeamMatcher } from './run';

// The Odds API's events in our terms: games (our ids, both teams matched through the alias table), prices and
// props (a book's market with any outcome we cannot place is left out whole), and scores. A game's props are
// also fetched on demand, by get_player_props (lib/data/props.ts), through the same fetch claim.

/** The game an Odds API event is, both teams matched (`team` reports an unknown name); undefined when one is not. */
export function gameFor(
  sport: Sport,
  event: { id: string; commence_time: string; home_team: string; away_team: string },
  now: Date,
  team: TeamMatcher,
) {
  const home = team(event.home_team);
  const away = team(event.away_team);
  const startsAt = new Date(event.commence_time);
  if (!home || !away || Number.isNaN(startsAt.getTime())) return undefined;
  const game: GameRecord = {
    id: gameIdFor(sport, startsAt, away.abbreviation, home.abbreviation),
    sport,
    season: seasonOf(sport, startsAt),
    startsAt,
    homeTeamId: home.id,
    awayTeamId: away.id,
    venueId: home.venue.id,
    status: startsAt <= now ? 'in_progress' : 'scheduled',
    homeScore: null,
    awayScore: null,
    oddsEventId: event.id,
    source: 'live',
  };
  return { game, home, away };
}

/** One event's prices in our terms. A book's market with any outcome we cannot place is left out whole. */
export function eventPrices(event: OddsEvent, gameId: string, home: CatalogueTeam, away: CatalogueTeam): PriceRecord[] {
  const rows: PriceRecord[] = [];
  const sideOf = (name: string) => {
    const team = teamNamed(home.sport, name);
    return team?.id === home.id ? home.abbreviation : team?.id === away.id ? away.abbreviation : undefined;
  };
  for (const bookmaker of event.bookmakers) {
    for (const market of bookmaker.markets) {
      // An exchange's lay prices (h2h_lay, outrights_lay) come with its back prices unasked; a lay is a bet against
      // the outcome, not a price for it (https://the-odds-api.com/liveapi/guides/v4/, "markets").
      if (market.key.endsWith('_lay')) continue;
      const isProp = !isGameMarket(market.key);
      const mapped = market.outcomes.map((outcome) => {
        const name = normaliseName(outcome.name);
        const side =
          isProp || market.key === 'totals'
            ? ['over', 'under', 'yes', 'no'].includes(name)
              ? name
              : undefined
            : name === 'draw'
              ? 'draw'
              : sideOf(outcome.name);
        const player = isProp ? outcome.description?.trim() : '';
        const price = Math.round(outcome.price);
        if (side === undefined || player === undefined || (isProp && player === '') || !isOutsideEvenMoneyGap(price)) return undefined;
        return {
          gameId,
          market: market.key,
          player,
          book: bookmaker.key,
          outcome: side,
          point: outcome.point ?? null,
          americanOdds: price,
          updatedAt: new Date(market.last_update ?? bookmaker.last_update),
        };
      });
      if (mapped.every((row) => row !== undefined)) rows.push(...(mapped as PriceRecord[]));
    }
  }
  return rows;
}

/** The Odds API's alternate-line markets, fetched per event (never in the slate call) on request. */
export const ALTERNATE_MARKETS = ['alternate_spreads', 'alternate_totals'] as const;

/**
 * One event's alternate spreads and totals in our terms: each outcome at its point (a team's side of a spread, over
 * or under a total). An outcome we cannot place, or one without a point, is left out (with the other outcomes of that
 * line intact: a book's ladder is a list of lines, not one market), and so are other markets.
 */
export function eventAlternates(event: OddsEvent, gameId: string, home: CatalogueTeam, away: CatalogueTeam): AlternateRecord[] {
  const rows: AlternateRecord[] = [];
  const sideOf = (name: string) => {
    const team = teamNamed(home.sport, name);
    return team?.id === home.id ? home.abbreviation : team?.id === away.id ? away.abbreviation : undefined;
  };
  for (const bookmaker of event.bookmakers) {
    for (const market of bookmaker.markets) {
      if (!(ALTERNATE_MARKETS as readonly string[]).includes(market.key)) continue;
      for (const outcome of market.outcomes) {
        const name = normaliseName(outcome.name);
        const side = market.key === 'alternate_totals' ? (['over', 'under'].includes(name) ? name : undefined) : sideOf(outcome.name);
        const price = Math.round(outcome.price);
        if (side === undefined || outcome.point === undefined || !Number.isFinite(outcome.point) || !isOutsideEvenMoneyGap(price)) continue;
        rows.push({
          gameId,
          market: market.key,
          book: bookmaker.key,
          outcome: side,
          point: outcome.point,
          americanOdds: price,
          updatedAt: new Date(market.last_update ?? bookmaker.last_update),
        });
      }
    }
  }
  return rows;
}

// --- scores ---------------------------------------------------------------------------------------------

/** The game a scores event is, with its score and status; undefined when a team is not matched. */
export function scoredGame(sport: Sport, event: ScoreEvent, now: Date, team: TeamMatcher): GameRecord | undefined {
  const found = gameFor(sport, event, now, team);
  if (!found) return undefined;
  const scoreOf = (ours: CatalogueTeam) => {
    const entry = event.scores?.find((s) => teamNamed(sport, s.name)?.id === ours.id);
    return entry && /^\d+$/.test(entry.score) ? Number(entry.score) : null;
  };
  const homeScore = scoreOf(found.home);
  const awayScore = scoreOf(found.away);
  const status = event.completed ? 'final' : homeScore !== null ? 'in_progress' : found.game.status;
  return { ...found.game, status, homeScore, awayScore };
}

// --- props, also used on demand by get_player_props ----------------------------------------------------

const propsKey = (gameId: string) => `props:${gameId}`;

/** After a 'busy' gate: how the fetch of the game's props that another caller holds went. */
export function awaitGameProps(db: Db, claims: FetchClaims, gameId: string, until: Date): Promise<Gate> {
  return awaitHolder(db, claims, propsKey(gameId), until);
}

/** A game as an event-odds fetch needs it: its provider id and its teams. */
type EventGame = { id: string; sport: string; oddsEventId: string | null; homeTeamId: string; awayTeamId: string };

/**
 * Fetches one game's event-odds `markets` (one call) and hands the event to `store`, which returns how many rows it
 * stored, unless the fetch under `key` is fresh or another caller holds it (the gate says which). A failed or
 * malformed fetch stores nothing. Props and alternate lines are fetched this way.
 */
async function refreshGameEvent(
  db: Db,
  claims: FetchClaims,
  odds: OddsApi,
  game: EventGame,
  { key, markets, now, freshnessMs }: { key: string; markets: readonly string[]; now: Date; freshnessMs: number },
  store: (event: OddsEvent, home: CatalogueTeam, away: CatalogueTeam) => Promise<number>,
): Promise<{ gate: Gate; stored: number }> {
  const sport = game.sport as Sport;
  const home = catalogueTeams(sport).find((team) => team.id === game.homeTeamId);
  const away = catalogueTeams(sport).find((team) => team.id === game.awayTeamId);
  if (!game.oddsEventId || !home || !away) return { gate: { status: 'fresh' }, stored: 0 };
  let stored = 0;
  const eventId = game.oddsEventId;
  const gate = await fetchUnderClaim(db, claims, key, freshnessMs, now, async () => {
    const { event, quota } = await odds.eventProps(sport, eventId, markets);
    stored = await store(event, home, away);
    return quota;
  });
  return { gate, stored };
}

/** Fetches and stores one game's props unless they are fresh or another caller is fetching them (its gate says which). */
export async function refreshGameProps(
  db: Db,
  claims: FetchClaims,
  odds: OddsApi,
  game: EventGame,
  now: Date,
  freshnessMs: number,
): Promise<Gate & { props?: number }> {
  const markets = SPORT_INFO[game.sport as Sport].propMarkets;
  const { gate, stored } = await refreshGameEvent(
    db,
    claims,
    odds,
    game,
    { key: propsKey(game.id), markets, now, freshnessMs },
    async (event, home, away) => {
      const rows = eventPrices(event, game.id, home, away).filter((row) => row.player !== '');
      return (await mergePrices(db, rows)).changed;
    },
  );
  return { ...gate, props: stored };
}

// --- alternate lines, fetched on demand by get_game_odds with alternates ------------------------------------

const alternatesKey = (gameId: string) => `alternates:${gameId}`;

/** After a 'busy' gate: how the fetch of the game's alternate lines that another caller holds went. */
export function awaitGameAlternates(db: Db, claims: FetchClaims, gameId: string, until: Date): Promise<Gate> {
  return awaitHolder(db, claims, alternatesKey(gameId), until);
}

/** Fetches one game's alternate spreads and totals and makes them the stored ones (refreshGameEvent). */
export async function refreshGameAlternates(
  db: Db,
  claims: FetchClaims,
  odds: OddsApi,
  game: EventGame,
  now: Date,
  freshnessMs: number,
): Promise<Gate & { alternates?: number }> {
  const { gate, stored } = await refreshGameEvent(
    db,
    claims,
    odds,
    game,
    { key: alternatesKey(game.id), markets: ALTERNATE_MARKETS, now, freshnessMs },
    (event, home, away) => replaceAlternates(db, [game.id], eventAlternates(event, game.id, home, away)),
  );
  return { ...gate, alternates: stored };
}
