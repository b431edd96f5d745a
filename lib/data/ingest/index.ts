import { config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import type { Providers } from '../providers';
import type { Espn, EspnEvent, EspnTeam, TeamBoxScore } from '../providers/espn';
import { ProviderError } from '../providers/http';
import type { OddsApi, OddsEvent, Quota, ScoreEvent } from '../providers/odds-api';
import { gameIdFor, normaliseName, seasonOf, SPORT_INFO, SPORTS, type Sport } from '../sports';
import {
  mergePrices,
  replaceInjuries,
  replacePlayerStats,
  syncCatalogue,
  upsertGames,
  upsertWeather,
  type GameRecord,
  type InjuryRecord,
  type PlayerStatRecord,
  type PriceRecord,
} from '../store';
import { catalogueTeams, teamNamed, type CatalogueTeam } from '../teams';
import { awaitHolder, gated, latestQuota, type Gate } from './fetch-claim';

export { latestQuota, type Gate } from './fetch-claim';

// Ingestion: provider answers → our games, prices, props, injuries, forecasts, scores and box scores. Every fetch goes
// through the fetch claim (./fetch-claim.ts): data fetched inside its freshness window is not fetched again, a 429
// starts a back-off, and a failed or malformed fetch writes nothing, so what was stored stays as it was.

export const INGEST_TASKS = ['odds', 'props', 'injuries', 'weather', 'scores', 'stats'] as const;
export type IngestTask = (typeof INGEST_TASKS)[number];

/** Sports whose teams the catalogue holds: the others' games could not be matched, so they are not fetched. */
export const INGESTED_SPORTS: readonly Sport[] = SPORTS.filter((sport) => catalogueTeams(sport).length > 0);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const PROPS_AHEAD_MS = 36 * HOUR;
const WEATHER_AHEAD_MS = 7 * 24 * HOUR;
const SCORES_DAYS_FROM = 3;
const DAY = 24 * HOUR;
/** Finals this recent get their box scores from ESPN; older ones that have none are not looked up again. */
const STATS_DAYS_BACK = SCORES_DAYS_FROM;

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
  /** Players' box-score lines stored from ESPN. */
  statLines: number;
  quota: Quota | null;
  skipped: string[];
  failures: string[];
}

// --- matching provider names --------------------------------------------------------------------------

type OnUnknown = (sport: Sport, name: string) => void;

/** The team a provider's name stands for (teamNamed); an unknown name is reported, never guessed. */
function matchTeam(sport: Sport, name: string, onUnknown: OnUnknown): CatalogueTeam | undefined {
  const team = teamNamed(sport, name);
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
  const sideOf = (name: string) => {
    const team = teamNamed(home.sport, name);
    return team?.id === home.id ? home.abbreviation : team?.id === away.id ? away.abbreviation : undefined;
  };
  for (const bookmaker of event.bookmakers) {
    for (const market of bookmaker.markets) {
      const isProp = !['h2h', 'spreads', 'totals'].includes(market.key);
      const mapped = market.outcomes.map((outcome) => {
        const name = normaliseName(outcome.name);
        const side = isProp || market.key === 'totals' ? (['over', 'under', 'yes', 'no'].includes(name) ? name : undefined)
          : name === 'draw' ? 'draw'
          : sideOf(outcome.name);
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

// --- props, also used on demand by get_player_props ----------------------------------------------------

const propsKey = (gameId: string) => `props:${gameId}`;

/** After a 'busy' gate: how the fetch of the game's props that another caller holds went. */
export function awaitGameProps(db: Db, gameId: string, until: Date): Promise<Gate> {
  return awaitHolder(db, propsKey(gameId), until);
}

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
  const gate = await gated(db, propsKey(game.id), freshnessMs, now, async () => {
    const { event, quota } = await odds.eventProps(sport, game.oddsEventId as string, SPORT_INFO[sport].propMarkets);
    const rows = eventPrices(event, game.id, home, away).filter((row) => row.player !== '');
    props = (await mergePrices(db, rows)).changed;
    return quota;
  });
  return { ...gate, props };
}

// --- box scores from ESPN ------------------------------------------------------------------------------
// ESPN's ids are not ours: a final is found on ESPN's scoreboard of its date by both its teams (through the
// alias table), then its summary gives the players' lines. Each scoreboard and each summary is one gated fetch
// (stats:<sport>:<YYYYMMDD>, stats:<gameId>), so a game ESPN cannot give yet is asked about again only when
// its window has passed. A game's lines are stored whole, once ESPN has them; a failed fetch stores nothing.

/** ESPN reads a scoreboard's date in US Eastern time; a late game can sit on the next day in UTC. */
const EASTERN_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' });
const espnDates = (startsAt: Date) => [...new Set([EASTERN_DATE.format(startsAt), startsAt.toISOString().slice(0, 10)])].map((d) => d.replaceAll('-', ''));
/** How far ESPN's start time may sit from ours for the same game (a delayed or rescheduled start). */
const SAME_GAME_MS = 18 * HOUR;
/** A final whose summary had no players' lines is asked again after this long (on a schedule). */
const NO_LINES_RECHECK_MS = 2 * HOUR;

interface BoxScoreRun {
  now: Date;
  freshnessMs: number;
  /** Summaries this run may still fetch (STATS_MAX_SUMMARIES), shared by the sports. */
  budget: { summaries: number };
  onUnknown: OnUnknown;
  note: (what: string, gate: Gate) => void;
  skip: (line: string) => void;
  log: (line: string) => void;
}

type MatchedEvent = { event: EspnEvent; home: CatalogueTeam | undefined; away: CatalogueTeam | undefined };

interface FinalGame {
  id: string;
  startsAt: Date;
  homeTeamId: string;
  awayTeamId: string;
}

/**
 * The game on ESPN's scoreboards of its date(s): both teams matched, the nearest start within SAME_GAME_MS.
 * `looked` is false when no scoreboard could be read now (fresh, backing off, failed): asked again later.
 */
async function findOnScoreboards(
  game: FinalGame,
  scoreboard: (date: string) => Promise<MatchedEvent[] | null>,
): Promise<{ looked: boolean; found: EspnEvent | undefined }> {
  const ours = [game.homeTeamId, game.awayTeamId];
  const distance = (event: EspnEvent) => (event.startsAt ? Math.abs(event.startsAt.getTime() - game.startsAt.getTime()) : 0);
  let looked = false;
  for (const date of espnDates(game.startsAt)) {
    const events = await scoreboard(date);
    if (!events) continue;
    looked = true;
    const found = events
      .filter(({ event, home, away }) => home && away && home.id !== away.id && ours.includes(home.id) && ours.includes(away.id) && distance(event) <= SAME_GAME_MS)
      .map(({ event }) => event)
      .sort((a, b) => distance(a) - distance(b))[0];
    if (found) return { looked, found };
  }
  return { looked, found: undefined };
}

/** The box score's lines of the game's two teams, one per player name (two of one name keep the first). */
function boxScoreRecords(
  sport: Sport,
  game: FinalGame,
  sides: readonly TeamBoxScore[],
  teamFor: (team: EspnTeam) => CatalogueTeam | undefined,
  onForeignSide: (side: string) => void,
): PlayerStatRecord[] {
  const records: PlayerStatRecord[] = [];
  for (const side of sides) {
    const team = teamFor(side.team);
    if (!team || (team.id !== game.homeTeamId && team.id !== game.awayTeamId)) {
      if (team) onForeignSide(side.team.name);
      continue;
    }
    for (const line of side.players) {
      if (records.some((record) => record.player === line.player)) continue;
      records.push({ sport, player: line.player, teamId: team.id, gameId: game.id, playedAt: game.startsAt, stats: line.stats });
    }
  }
  return records;
}

/** Stores ESPN's box scores of the sport's recent live finals that have none yet; returns the lines stored. */
async function refreshBoxScores(db: Db, espn: Espn, sport: Sport, run: BoxScoreRun): Promise<number> {
  const { now, log } = run;
  const games = await db.game.findMany({
    where: {
      sport,
      status: 'final',
      source: 'live', // the sample's games are invented: ESPN has nothing to say about them
      startsAt: { gte: new Date(now.getTime() - STATS_DAYS_BACK * DAY), lte: now },
      playerStats: { none: { source: 'espn' } },
    },
    orderBy: { startsAt: 'asc' },
    select: { id: true, startsAt: true, homeTeamId: true, awayTeamId: true },
  });
  if (games.length === 0) {
    log('  no recent finals without a box score');
    return 0;
  }

  const quiet = () => {};
  const teamFor = (team: EspnTeam) => {
    const found = matchTeam(sport, team.name, quiet) ?? (team.abbreviation ? matchTeam(sport, team.abbreviation, quiet) : undefined);
    if (!found) run.onUnknown(sport, team.name);
    return found;
  };
  const boards = new Map<string, MatchedEvent[] | null>();
  const scoreboard = async (date: string): Promise<MatchedEvent[] | null> => {
    if (!boards.has(date)) {
      let events: MatchedEvent[] | null = null;
      const gate = await gated(db, `stats:${sport}:${date}`, run.freshnessMs, now, async () => {
        events = (await espn.scoreboard(sport, date)).map((event) => ({ event, home: teamFor(event.home), away: teamFor(event.away) }));
      });
      run.note(`stats ${sport} scoreboard ${date}`, gate);
      boards.set(date, events);
    }
    return boards.get(date) ?? null;
  };

  let stored = 0;
  let left = 0;
  for (const [index, game] of games.entries()) {
    const progress = `  stats ${index + 1}/${games.length} ${game.id}`;
    const { looked, found } = await findOnScoreboards(game, scoreboard);
    if (!found) {
      if (looked) {
        log(`${progress}: no ESPN game between these two teams that day, skipped`);
        run.skip(`stats ${game.id}: not on ESPN's scoreboard (teams unmatched or no such game)`);
      }
      continue;
    }
    if (!found.completed) {
      log(`${progress}: not final at ESPN yet`);
      continue;
    }
    if (run.budget.summaries <= 0) {
      left++;
      continue;
    }
    const event = found;
    let lines = 0;
    const summaryWindow = run.freshnessMs > 0 ? Math.max(run.freshnessMs, NO_LINES_RECHECK_MS) : 0;
    const gate = await gated(db, `stats:${game.id}`, summaryWindow, now, async () => {
      run.budget.summaries--;
      const sides = await espn.boxScore(sport, event.id);
      const records = boxScoreRecords(sport, game, sides, teamFor, (side) =>
        log(`${progress}: ESPN's box score has ${side}, not a team of this game; its lines skipped`),
      );
      if (records.length === 0) return; // asked again after NO_LINES_RECHECK_MS
      await replacePlayerStats(db, records, 'espn');
      lines = records.length;
    });
    run.note(`stats ${game.id}`, gate);
    stored += lines;
    log(`${progress}: ${gate.status !== 'done' ? gate.status : lines > 0 ? `${lines} players` : "ESPN has no players' lines for it yet"}`);
  }
  if (left > 0) run.skip(`stats ${sport}: ${left} box scores left for the next run (STATS_MAX_SUMMARIES per run)`);
  return stored;
}

// --- a run ----------------------------------------------------------------------------------------------

/** How long each kind of data stays fresh: the worker's schedule and the manual run's quota guard. */
function freshness(task: IngestTask, mode: IngestOptions['mode'], nextStart: Date | undefined, now: Date): number {
  const cfg = config();
  const quotaGuard = cfg.ODDS_FRESH_SECONDS * 1000;
  if (mode === 'manual') return task === 'injuries' || task === 'weather' || task === 'stats' ? 0 : quotaGuard;
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
    case 'stats': // only while a recent final lacks its box score, i.e. on game days after games finish
      return 15 * MINUTE;
  }
}

export async function ingest(db: Db, providers: Providers, options: IngestOptions): Promise<IngestSummary> {
  const log = options.log ?? (() => {});
  const summary: IngestSummary = { games: 0, prices: 0, props: 0, injuries: 0, forecasts: 0, results: 0, statLines: 0, quota: null, skipped: [], failures: [] };
  await syncCatalogue(db);
  const tasks = options.only ? [options.only] : INGEST_TASKS;
  const statsBudget = { summaries: config().STATS_MAX_SUMMARIES };
  const unknownNames = new Set<string>();
  const onUnknown: OnUnknown = (sport, name) => {
    if (unknownNames.has(`${sport}|${name}`)) return;
    unknownNames.add(`${sport}|${name}`);
    const catalogue = sport === 'ncaaf' || sport === 'ncaab' ? 'lib/data/teams-ncaa.ts' : 'lib/data/teams.ts';
    log(`  skipped: unknown ${sport.toUpperCase()} team name "${name}" (add it to the aliases in ${catalogue})`);
  };

  const note = (what: string, gate: Gate) => {
    if (gate.status === 'fresh') summary.skipped.push(`${what}: still fresh`);
    if (gate.status === 'busy') summary.skipped.push(`${what}: already being fetched by another caller`);
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
      if (task === 'props' && !SPORT_INFO[sport].propsOnSchedule) {
        summary.skipped.push(`${what}: fetched game by game when get_player_props asks (a slate's props would cost too much quota)`);
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
          const always = SPORT_INFO[sport].injuryReportAlways;
          const teams = await providers.espn.injuries(sport).catch((error: unknown) => {
            if (!always && error instanceof ProviderError && error.options.status === 404) return [];
            throw error;
          });
          if (teams.length === 0) {
            if (always) throw new ProviderError('ESPN', 'empty injury report (kept the stored one)');
            summary.skipped.push(`${what}: ESPN publishes no ${SPORT_INFO[sport].name} injury report now (kept what was stored)`);
            return;
          }
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
      } else if (task === 'stats') {
        summary.statLines += await refreshBoxScores(db, providers.espn, sport, {
          now,
          freshnessMs: window(task),
          budget: statsBudget,
          onUnknown,
          note,
          skip: (line) => summary.skipped.push(line),
          log,
        });
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
    const entry = event.scores?.find((s) => teamNamed(sport, s.name)?.id === team.id);
    return entry && /^\d+$/.test(entry.score) ? Number(entry.score) : null;
  };
  const homeScore = scoreOf(found.home);
  const awayScore = scoreOf(found.away);
  const status = event.completed ? 'final' : homeScore !== null ? 'in_progress' : found.game.status;
  return { ...found.game, status, homeScore, awayScore };
}
