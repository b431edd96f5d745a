import { config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import type { Providers } from './providers';
import { ProviderError } from './providers/http';
import type { OddsApi, OddsEvent, Quota, ScoreEvent } from './providers/odds-api';
import { gameIdFor, normaliseName, seasonOf, SPORT_INFO, SPORTS, type Sport } from './sports';
import { mergePrices, replaceInjuries, syncCatalogue, upsertGames, upsertWeather, type GameRecord, type InjuryRecord, type PriceRecord } from './store';
import { catalogueTeams, type CatalogueTeam } from './teams';

// Ingestion: provider answers → our games, prices, props, injuries, forecasts and scores. Every fetch goes
// through `gated`, which records it in ProviderFetch (shared by every process): data fetched inside its
// freshness window is not fetched again (quota is never spent twice on it), a 429 starts a back-off, and a
// failed or malformed fetch writes nothing, so what was stored stays as it was.

export const INGEST_TASKS = ['odds', 'props', 'injuries', 'weather', 'scores'] as const;
export type IngestTask = (typeof INGEST_TASKS)[number];

/** Sports whose teams the catalogue holds: the others' games could not be matched, so they are not fetched. */
export const INGESTED_SPORTS: readonly Sport[] = SPORTS.filter((sport) => catalogueTeams(sport).length > 0);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const PROPS_AHEAD_MS = 36 * HOUR;
const WEATHER_AHEAD_MS = 7 * 24 * HOUR;
const SCORES_DAYS_FROM = 3;

export interface IngestOptions {
  sports?: readonly Sport[];
  only?: IngestTask;
  /** 'manual' (jev ingest): fetch now, except Odds API data inside ODDS_FRESH_SECONDS; 'scheduled' (worker, cron): only what is due. */
  mode: 'manual' | 'scheduled';
  /** Ignore freshness windows (never a 429 back-off). */
  force?: boolean;
  now: () => Date;
  log?: (line: string) => void;
}

export interface IngestSummary {
  games: number;
  prices: number;
  props: number;
  injuries: number;
  forecasts: number;
  results: number;
  quota: Quota | null;
  skipped: string[];
  failures: string[];
}

// --- matching provider names --------------------------------------------------------------------------

type OnUnknown = (sport: Sport, name: string) => void;

/** The team a provider's name stands for, through the alias table; an unknown name is reported, never guessed. */
export function matchTeam(sport: Sport, name: string, onUnknown: OnUnknown): CatalogueTeam | undefined {
  const team = catalogueTeams(sport).find((candidate) => candidate.aliases.includes(normaliseName(name)));
  if (!team) onUnknown(sport, name);
  return team;
}

function gameFor(sport: Sport, event: { id: string; commence_time: string; home_team: string; away_team: string }, now: Date, onUnknown: OnUnknown) {
  const home = matchTeam(sport, event.home_team, onUnknown);
  const away = matchTeam(sport, event.away_team, onUnknown);
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
  for (const bookmaker of event.bookmakers) {
    for (const market of bookmaker.markets) {
      const isProp = !['h2h', 'spreads', 'totals'].includes(market.key);
      const mapped = market.outcomes.map((outcome) => {
        const name = normaliseName(outcome.name);
        const side = isProp || market.key === 'totals' ? (['over', 'under', 'yes', 'no'].includes(name) ? name : undefined)
          : name === 'draw' ? 'draw'
          : home.aliases.includes(name) ? home.abbreviation
          : away.aliases.includes(name) ? away.abbreviation
          : undefined;
        const player = isProp ? outcome.description?.trim() : '';
        const price = Math.round(outcome.price);
        if (side === undefined || player === undefined || (isProp && player === '') || Math.abs(price) < 100) return undefined;
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

// --- the fetch gate -------------------------------------------------------------------------------------

type Gate = { status: 'fresh' } | { status: 'backoff'; until: Date } | { status: 'failed'; error: Error } | { status: 'done' };

async function gated(db: Db, key: string, freshnessMs: number, now: Date, fetchAndStore: () => Promise<Quota | void>): Promise<Gate> {
  const last = await db.providerFetch.findUnique({ where: { key } });
  if (last?.backoffUntil && last.backoffUntil > now) return { status: 'backoff', until: last.backoffUntil };
  if (last?.fetchedAt && now.getTime() - last.fetchedAt.getTime() < freshnessMs) return { status: 'fresh' };
  const record = (data: { fetchedAt?: Date; backoffUntil?: Date | null; lastError?: string | null } & Partial<Quota>) =>
    db.providerFetch.upsert({ where: { key }, create: { key, attemptedAt: now, ...data }, update: { attemptedAt: now, ...data } });
  try {
    const quota = await fetchAndStore();
    await record({ fetchedAt: now, backoffUntil: null, lastError: null, ...(quota ?? {}) });
    return { status: 'done' };
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    const quota = 'quota' in error ? (error.quota as Quota) : {};
    const retrySeconds = error instanceof ProviderError && error.rateLimited ? (error.options.retryAfterSeconds ?? 60) : undefined;
    await record({
      lastError: error.message.slice(0, 500),
      ...(retrySeconds ? { backoffUntil: new Date(now.getTime() + retrySeconds * 1000) } : {}),
      ...quota,
    });
    return { status: 'failed', error };
  }
}

/** The latest quota The Odds API reported, from any of its fetches. */
export async function latestQuota(db: Db): Promise<Quota | null> {
  const last = await db.providerFetch.findFirst({ where: { requestsRemaining: { not: null } }, orderBy: { attemptedAt: 'desc' } });
  return last ? { requestsRemaining: last.requestsRemaining, requestsUsed: last.requestsUsed } : null;
}

// --- props, also used on demand by get_player_props ----------------------------------------------------

export async function refreshGameProps(
  db: Db,
  odds: OddsApi,
  game: { id: string; sport: string; oddsEventId: string | null; homeTeamId: string; awayTeamId: string },
  now: Date,
  freshnessMs: number,
): Promise<Gate & { props?: number }> {
  const sport = game.sport as Sport;
  const home = catalogueTeams(sport).find((team) => team.id === game.homeTeamId);
  const away = catalogueTeams(sport).find((team) => team.id === game.awayTeamId);
  if (!game.oddsEventId || !home || !away) return { status: 'fresh' };
  let props = 0;
  const gate = await gated(db, `props:${game.id}`, freshnessMs, now, async () => {
    const { event, quota } = await odds.eventProps(sport, game.oddsEventId as string, SPORT_INFO[sport].propMarkets);
    const rows = eventPrices(event, game.id, home, away).filter((row) => row.player !== '');
    props = (await mergePrices(db, rows)).changed;
    return quota;
  });
  return { ...gate, props };
}

// --- a run ----------------------------------------------------------------------------------------------

/** How long each kind of data stays fresh: the worker's schedule and the manual run's quota guard. */
function freshness(task: IngestTask, mode: IngestOptions['mode'], nextStart: Date | undefined, now: Date): number {
  const cfg = config();
  const quotaGuard = cfg.ODDS_FRESH_SECONDS * 1000;
  if (mode === 'manual') return task === 'injuries' || task === 'weather' ? 0 : quotaGuard;
  const untilStart = nextStart ? nextStart.getTime() - now.getTime() : Infinity;
  switch (task) {
    case 'odds': // every few minutes near game time, rarely when nothing is close
      return Math.max(quotaGuard, untilStart < 6 * HOUR ? 5 * MINUTE : untilStart < 48 * HOUR ? 30 * MINUTE : 3 * HOUR);
    case 'props':
      return cfg.PROPS_TTL_SECONDS * 1000;
    case 'injuries':
      return 12 * HOUR;
    case 'weather':
      return HOUR;
    case 'scores': // on game days: a game started in the last few hours or is about to
      return untilStart < 0 ? 10 * MINUTE : 6 * HOUR;
  }
}

export async function ingest(db: Db, providers: Providers, options: IngestOptions): Promise<IngestSummary> {
  const log = options.log ?? (() => {});
  const summary: IngestSummary = { games: 0, prices: 0, props: 0, injuries: 0, forecasts: 0, results: 0, quota: null, skipped: [], failures: [] };
  await syncCatalogue(db);
  const tasks = options.only ? [options.only] : INGEST_TASKS;
  const unknownNames = new Set<string>();
  const onUnknown: OnUnknown = (sport, name) => {
    if (unknownNames.has(`${sport}|${name}`)) return;
    unknownNames.add(`${sport}|${name}`);
    log(`  skipped: unknown ${sport.toUpperCase()} team name "${name}" (add it to the aliases in lib/data/teams.ts)`);
  };

  const note = (what: string, gate: Gate) => {
    if (gate.status === 'fresh') summary.skipped.push(`${what}: still fresh`);
    if (gate.status === 'backoff') summary.skipped.push(`${what}: backing off after a 429 until ${gate.until.toISOString()}`);
    if (gate.status === 'failed') {
      summary.failures.push(`${what}: ${gate.error.message}`);
      log(`  ${what} failed, stored data kept: ${gate.error.message}`);
    }
  };

  for (const sport of options.sports ?? INGESTED_SPORTS) {
    if (!INGESTED_SPORTS.includes(sport)) {
      summary.skipped.push(`${sport}: no teams in the catalogue yet, so nothing could be matched (no quota spent)`);
      continue;
    }
    const now = options.now();
    const next = await db.game.findFirst({
      where: { sport, status: { not: 'final' }, startsAt: { gte: new Date(now.getTime() - 6 * HOUR) } },
      orderBy: { startsAt: 'asc' },
      select: { startsAt: true },
    });
    const window = (task: IngestTask) => (options.force ? 0 : freshness(task, options.mode, next?.startsAt, now));

    for (const task of tasks) {
      const what = `${task} ${sport}`;
      if ((task === 'odds' || task === 'props' || task === 'scores') && !providers.odds) {
        summary.skipped.push(`${what}: no ODDS_API_KEY`);
        continue;
      }
      log(`${what} …`);
      if (task === 'odds') {
        const odds = providers.odds as OddsApi;
        note(what, await gated(db, `odds:${sport}`, window(task), now, async () => {
          const { events, quota } = await odds.gameOdds(sport);
          const matched = events.flatMap((event) => {
            const found = gameFor(sport, event, now, onUnknown);
            return found ? [{ ...found, event }] : [];
          });
          await upsertGames(db, matched.map((m) => m.game));
          const { changed } = await mergePrices(db, matched.flatMap((m) => eventPrices(m.event, m.game.id, m.home, m.away).filter((row) => row.player === '')));
          summary.games += matched.length;
          summary.prices += changed;
          log(`  ${matched.length} games, ${changed} prices changed`);
          return quota;
        }));
      } else if (task === 'props') {
        const games = await db.game.findMany({
          where: { sport, status: 'scheduled', oddsEventId: { not: null }, startsAt: { gte: now, lt: new Date(now.getTime() + PROPS_AHEAD_MS) } },
          orderBy: { startsAt: 'asc' },
        });
        for (const [index, game] of games.entries()) {
          const gate = await refreshGameProps(db, providers.odds as OddsApi, game, now, window(task));
          summary.props += gate.props ?? 0;
          note(`props ${game.id}`, gate);
          log(`  props ${index + 1}/${games.length} ${game.id}: ${gate.status}`);
        }
      } else if (task === 'injuries') {
        note(what, await gated(db, `injuries:${sport}`, window(task), now, async () => {
          const teams = await providers.injuries.injuries(sport);
          if (teams.length === 0) throw new ProviderError('ESPN', 'empty injury report (kept the stored one)');
          const records: InjuryRecord[] = teams.flatMap((entry) => {
            const team = matchTeam(sport, entry.team, onUnknown);
            return team ? entry.players.map((p) => ({ sport, teamId: team.id, player: p.player, position: p.position, status: p.status, detail: p.detail, reportedAt: p.reportedAt ?? now })) : [];
          });
          await replaceInjuries(db, catalogueTeams(sport).map((team) => team.id), records, 'live', now);
          summary.injuries += records.length;
          log(`  ${records.length} injured players`);
        }));
      } else if (task === 'weather') {
        const games = await db.game.findMany({
          where: { sport, status: 'scheduled', startsAt: { gte: now, lt: new Date(now.getTime() + WEATHER_AHEAD_MS) }, venue: { roof: { not: 'indoor' }, latitude: { not: null } } },
          include: { venue: true },
          orderBy: { startsAt: 'asc' },
        });
        for (const game of games) {
          const venue = game.venue as { latitude: number; longitude: number };
          note(`weather ${game.id}`, await gated(db, `weather:${game.id}`, window(task), now, async () => {
            const forecast = await providers.weather.atKickoff(venue.latitude, venue.longitude, game.startsAt);
            await upsertWeather(db, [{ gameId: game.id, ...forecast }], 'live', now);
            summary.forecasts++;
          }));
        }
        log(`  ${games.length} outdoor games`);
      } else {
        const odds = providers.odds as OddsApi;
        note(what, await gated(db, `scores:${sport}`, window(task), now, async () => {
          const { scores, quota } = await odds.scores(sport, SCORES_DAYS_FROM);
          const games = scores.flatMap((event) => scoredGame(sport, event, now, onUnknown) ?? []);
          await upsertGames(db, games);
          summary.results += games.filter((g) => g.status === 'final').length;
          log(`  ${games.length} games with scores`);
          return quota;
        }));
      }
    }
  }
  summary.quota = await latestQuota(db);
  return summary;
}

function scoredGame(sport: Sport, event: ScoreEvent, now: Date, onUnknown: OnUnknown): GameRecord | undefined {
  const found = gameFor(sport, event, now, onUnknown);
  if (!found) return undefined;
  const scoreOf = (team: CatalogueTeam) => {
    const entry = event.scores?.find((s) => team.aliases.includes(normaliseName(s.name)));
    return entry && /^\d+$/.test(entry.score) ? Number(entry.score) : null;
  };
  const homeScore = scoreOf(found.home);
  const awayScore = scoreOf(found.away);
  const status = event.completed ? 'final' : homeScore !== null ? 'in_progress' : found.game.status;
  return { ...found.game, status, homeScore, awayScore };
}
