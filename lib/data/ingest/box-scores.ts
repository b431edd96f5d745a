import { DAY_MS, HOUR_MS } from '@/lib/time';
import type { Espn, EspnEvent, EspnTeam, TeamBoxScore } from '../providers/espn';
import type { Sport } from '../sports';
import { replacePlayerStats, type PlayerStatRecord } from '../store';
import { teamNamed, type CatalogueTeam } from '../teams';
import { fetchUnderClaim } from '../fetch-claim';
import type { SportRun } from './run';
import { BOX_SCORE_RECHECK_MS, STATS_DAYS_BACK } from './schedule';

// Box scores from ESPN: scoreboards → finals → box-score lines. ESPN's ids are not ours: a final is found on
// ESPN's scoreboard of its date by both its teams (through the alias table, teamNamed), then its summary gives
// the players' lines. Each scoreboard and each summary is one fetch under a claim (stats:<sport>:<YYYYMMDD>,
// stats:<gameId>), so a game ESPN cannot give yet is asked about again only when its window has passed. A
// game's lines are stored whole, once ESPN has them; a failed fetch stores nothing. A final whose summary was last
// fetched before BOX_SCORE_RECHECK_MS after kick-off is fetched once more after that, its lines replaced whole, so
// a stat correction reaches the stored lines (and the props they grade) once.

/** ESPN reads a scoreboard's date in US Eastern time; a late game can sit on the next day in UTC. */
const EASTERN_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' });
const espnDates = (startsAt: Date) =>
  [...new Set([EASTERN_DATE.format(startsAt), startsAt.toISOString().slice(0, 10)])].map((d) => d.replaceAll('-', ''));
/** How far ESPN's start time may sit from ours for the same game (a delayed or rescheduled start). */
const SAME_GAME_MS = 18 * HOUR_MS;
/** A final whose summary had no players' lines is asked again after this long (on a schedule). */
const NO_LINES_RECHECK_MS = 2 * HOUR_MS;

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
      .filter(
        ({ event, home, away }) =>
          home && away && home.id !== away.id && ours.includes(home.id) && ours.includes(away.id) && distance(event) <= SAME_GAME_MS,
      )
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

/**
 * The sport's recent live finals whose box score is to be fetched: those with no ESPN lines yet (oldest first), then
 * those whose summary was last fetched before BOX_SCORE_RECHECK_MS after kick-off, now past it (the recheck).
 */
async function finalsToFetch(run: SportRun): Promise<(FinalGame & { recheck: boolean })[]> {
  const { db, sport, now } = run;
  const games = await db.game.findMany({
    where: {
      sport,
      status: 'final',
      source: 'live', // the sample's games are invented: ESPN has nothing to say about them
      startsAt: { gte: new Date(now.getTime() - STATS_DAYS_BACK * DAY_MS), lte: now },
      OR: [{ playerStats: { none: { source: 'espn' } } }, { startsAt: { lte: new Date(now.getTime() - BOX_SCORE_RECHECK_MS) } }],
    },
    orderBy: { startsAt: 'asc' },
    select: {
      id: true,
      startsAt: true,
      homeTeamId: true,
      awayTeamId: true,
      playerStats: { where: { source: 'espn' }, select: { id: true }, take: 1 },
    },
  });
  const stored = games.filter((game) => game.playerStats.length > 0);
  const fetched = new Map(
    (
      await db.providerFetch.findMany({
        where: { key: { in: stored.map((game) => `stats:${game.id}`) } },
        select: { key: true, fetchedAt: true },
      })
    ).map((row) => [row.key, row.fetchedAt]),
  );
  const recheckDue = (game: FinalGame) => {
    const at = fetched.get(`stats:${game.id}`);
    return !at || at.getTime() < game.startsAt.getTime() + BOX_SCORE_RECHECK_MS;
  };
  const strip = ({ playerStats: _, ...game }: (typeof games)[number]) => game;
  return [
    ...games.filter((game) => game.playerStats.length === 0).map((game) => ({ ...strip(game), recheck: false })),
    ...stored.filter(recheckDue).map((game) => ({ ...strip(game), recheck: true })),
  ];
}

/**
 * Stores ESPN's box scores of the sport's recent live finals that have none yet, and replaces those due their
 * recheck (BOX_SCORE_RECHECK_MS); returns the lines stored.
 */
export async function refreshBoxScores(espn: Espn, run: SportRun): Promise<number> {
  const { db, sport, now, log } = run;
  const games = await finalsToFetch(run);
  if (games.length === 0) {
    log('  no recent finals without a box score or due its recheck');
    return 0;
  }

  const teamFor = (team: EspnTeam) => {
    const found = teamNamed(sport, team.name) ?? (team.abbreviation ? teamNamed(sport, team.abbreviation) : undefined);
    if (!found) run.unknownTeam(team.name);
    return found;
  };
  const boards = new Map<string, MatchedEvent[] | null>();
  const scoreboard = async (date: string): Promise<MatchedEvent[] | null> => {
    if (!boards.has(date)) {
      let events: MatchedEvent[] | null = null;
      const gate = await fetchUnderClaim(db, run.claims, `stats:${sport}:${date}`, run.freshnessMs, now, async () => {
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
    const progress = `  stats ${index + 1}/${games.length} ${game.id}${game.recheck ? ' (recheck for stat corrections)' : ''}`;
    const { looked, found } = await findOnScoreboards(game, scoreboard);
    if (!found) {
      if (looked) {
        log(`${progress}: no ESPN game between these two teams that day, skipped`);
        run.summary.skipped.push(`stats ${game.id}: not on ESPN's scoreboard (teams unmatched or no such game)`);
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
    const gate = await fetchUnderClaim(db, run.claims, `stats:${game.id}`, summaryWindow, now, async () => {
      run.budget.summaries--;
      const sides = await espn.boxScore(sport, event.id);
      const records = boxScoreRecords(sport, game, sides, teamFor, (side) =>
        log(`${progress}: ESPN's box score has ${side}, not a team of this game; its lines skipped`),
      );
      if (records.length === 0) return; // asked again after NO_LINES_RECHECK_MS (a recheck keeps the stored lines)
      await replacePlayerStats(db, records, 'espn');
      lines = records.length;
    });
    run.note(`stats ${game.id}`, gate);
    stored += lines;
    log(`${progress}: ${gate.status !== 'done' ? gate.status : lines > 0 ? `${lines} players` : "ESPN has no players' lines for it yet"}`);
  }
  if (left > 0) run.summary.skipped.push(`stats ${sport}: ${left} box scores left for the next run (STATS_MAX_SUMMARIES per run)`);
  return stored;
}
