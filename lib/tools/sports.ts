import { z } from 'zod';
import { startOfDay } from '@/lib/account/time';
import { config } from '@/lib/config';
import { ago, closestNames } from '@/lib/data/names';
import { priceMarket, type PriceRow } from '@/lib/data/pricing';
import { averageStatLines } from '@/lib/data/player-stats';
import { freshProps } from '@/lib/data/props';
import { SAMPLE_SPORTS } from '@/lib/data/sample';
import {
  findGames,
  GAME_INCLUDE,
  requireGameRow,
  resolvePlayer,
  resolveTeam,
  userPreferences,
  type GameRow,
} from '@/lib/data/repository';
import { GAME_MARKETS, SPORT_INFO, SPORTS, seasonOf, type GameMarket, type Sport } from '@/lib/data/sports';
import type { Db } from '@/lib/db/client';
import { invalidInput, ToolError } from '@/lib/errors';
import { expiringCache } from '@/lib/news/cache';
import { expected } from './inputs';
import { defineTool, type ToolContext, type ToolHints } from './types';

// The sports-data tools: odds with the no-vig consensus, player props, injuries, schedule, results, stats
// and weather. Agents may take these facts only from here (rules 2 to 5), so every answer says how old its
// prices are and whether it is built on the bundled sample slate.

const DATA_HINTS: ToolHints = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
/** Props may be fetched from the odds provider during the call. */
const PROVIDER_HINTS: ToolHints = { ...DATA_HINTS, openWorldHint: true };

const DAY_MS = 86_400_000;
/** Calendar dates are read in the user's bankroll time zone, else in US Eastern (where most listed games are). */
const DEFAULT_TIME_ZONE = 'America/New_York';
/** Without a date, odds cover games from a few hours ago (possibly live) to the coming week. */
const UPCOMING_LOOKBACK_MS = 4 * 3_600_000;
const UPCOMING_DAYS = 8;
const MAX_SCHEDULE_DAYS = 14;
const MAX_RESULTS_DAYS = 31;
const DEFAULT_RESULTS_DAYS = 7;

export const SAMPLE_NOTE =
  'Sample data: this answer comes from the bundled sample slate (realistic but invented prices, players and scores), ' +
  'not from a live provider. Say so to the user; do not bet on it.';
export const INJURY_NOTE =
  'The injury report is updated about twice a day and does not cover game-day inactives; say so whenever an injury matters to a pick.';

// --- arguments ------------------------------------------------------------------------------------------

const sport = z.enum(SPORTS, { error: expected(`must be one of ${SPORTS.join(', ')}`) }).meta({
  description: `League: ${SPORTS.join(', ')} (epl = English Premier League, whose moneyline has a draw).`,
});
const gameId = z
  .string({ error: expected('must be a game id as list_games returns it') })
  .trim()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .meta({ description: 'Game id as list_games or get_game_odds return it, e.g. nfl-20261122-buf-kc.' });
const team = z
  .string({ error: expected('must be a team name or abbreviation') })
  .trim()
  .min(2, 'must be at least 2 characters')
  .max(60, 'must be at most 60 characters')
  .meta({ description: 'Team abbreviation, name or nickname (KC, Kansas City Chiefs, Chiefs; WAS and WSH both work).' });
const isoDate = z
  .string({ error: expected('must be a date as YYYY-MM-DD') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  // Date.parse accepts 2026-02-30 (as March 2), so the date must read back unchanged.
  .refine((value) => {
    const noon = new Date(`${value}T12:00:00Z`);
    return !Number.isNaN(noon.getTime()) && noon.toISOString().startsWith(value);
  }, 'must be a real calendar date');
const book = z
  .string({ error: expected('must be a bookmaker key such as draftkings') })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_]{2,50}$/, 'must be a bookmaker key such as draftkings, fanduel, betmgm')
  .meta({ description: "Reference book (key such as draftkings); default: the user's stored reference book, else the server's." });
const player = z
  .string({ error: expected("must be a player's name") })
  .trim()
  .min(2, 'must be at least 2 characters')
  .max(80, 'must be at most 80 characters');

// --- shared helpers -------------------------------------------------------------------------------------

/** The first instant of a calendar date in a time zone (noon UTC lies inside that date in every zone used). */
const dayStart = (date: string, timeZone: string) => startOfDay(new Date(`${date}T12:00:00Z`), timeZone);

/**
 * get_game_odds is the hot path: a full NFL week is ~1,000 price rows and ~50 consensus calculations. Answers
 * (and the users' preferences they depend on) are reused for ODDS_CACHE_SECONDS, so their updatedAgo may
 * lag by that much; prices only change at ingestion, minutes apart. Per process; failures are not kept.
 */
const CACHE_ENTRIES = 500;
const caches = new Map<string, ReturnType<typeof expiringCache<unknown>>>();

function cached<T>(kind: string, key: string, compute: () => Promise<T>): Promise<T> {
  const ttlMs = config().ODDS_CACHE_SECONDS * 1000;
  if (ttlMs === 0) return compute();
  let cache = caches.get(kind);
  if (!cache) caches.set(kind, (cache = expiringCache<unknown>({ ttlMs, maxEntries: CACHE_ENTRIES })));
  return cache.get(key, compute) as Promise<T>;
}

async function preferences(ctx: ToolContext, bookArgument: string | undefined) {
  const stored = await cached('preferences', ctx.user.id, () => userPreferences(ctx.db, ctx.user.id));
  return {
    referenceBook: bookArgument ?? stored?.referenceBook ?? config().DEFAULT_REFERENCE_BOOK,
    timeZone: stored?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

/** A from/to range of calendar dates, refused with 422 past `maxDays`. */
async function dateRange(ctx: ToolContext, from: string | undefined, to: string | undefined, defaults: { back: number; ahead: number }, maxDays: number) {
  const { timeZone } = await preferences(ctx, undefined);
  const today = ctx.now();
  const start = from ? dayStart(from, timeZone) : startOfDay(new Date(today.getTime() - defaults.back * DAY_MS), timeZone);
  const end = to ? dayStart(to, timeZone).getTime() + DAY_MS : startOfDay(new Date(start.getTime() + defaults.ahead * DAY_MS + DAY_MS / 2), timeZone).getTime();
  const days = Math.round((end - start.getTime()) / DAY_MS);
  if (days <= 0) throw invalidInput([{ path: 'to', message: 'must be on or after from' }]);
  if (days > maxDays) {
    throw new ToolError('limit', `The date range covers ${days} days; the maximum is ${maxDays} days. Ask for a shorter range.`);
  }
  return { from: start, to: new Date(end), timeZone };
}

const teamView = (t: { abbreviation: string; name: string }) => ({ abbreviation: t.abbreviation, name: t.name });

function gameView(game: GameRow) {
  return {
    gameId: game.id,
    sport: game.sport,
    startsAt: game.startsAt.toISOString(),
    status: game.status,
    homeTeam: teamView(game.homeTeam),
    awayTeam: teamView(game.awayTeam),
    venue: game.venue ? { name: game.venue.name, city: game.venue.city, roof: game.venue.roof } : null,
    ...(game.status === 'final' || game.homeScore !== null ? { homeScore: game.homeScore, awayScore: game.awayScore } : {}),
  };
}

const SAMPLE_COVERS = `the bundled sample slate covers ${SAMPLE_SPORTS.map((s) => s.toUpperCase()).join(', ')} only`;

const sampleNote = (sources: Iterable<string>) => ([...sources].includes('sample') ? { note: SAMPLE_NOTE } : {});

/**
 * Why an answer holds no games. A sport with nothing stored at all (no provider key, or not yet ingested) must
 * not read as a day without games; an empty window of a sport that has data is just that.
 */
async function emptyNote(db: Db, sport: Sport, emptyWindow: string): Promise<{ note: string }> {
  if (await db.game.findFirst({ where: { sport }, select: { id: true } })) return { note: emptyWindow };
  return {
    note:
      `No ${sport.toUpperCase()} data is stored at all, so this says nothing about which games exist: live data needs ` +
      `ODDS_API_KEY and \`jev ingest\` (or the worker); ${SAMPLE_COVERS}.`,
  };
}

/** Home side first, then the draw, then away; over before under; for props by player. */
function outcomeRank(game: GameRow, outcome: string): number {
  return [game.homeTeam.abbreviation, 'draw', game.awayTeam.abbreviation, 'over', 'yes', 'under', 'no'].indexOf(outcome);
}

function pricingOptions(referenceBook: string, now: Date) {
  return { referenceBook, now, staleMinutes: config().ODDS_STALE_MINUTES };
}

type StoredPrice = PriceRow & { gameId: string; market: string; player: string };

function groupPrices(rows: readonly StoredPrice[], key: (row: StoredPrice) => string): Map<string, StoredPrice[]> {
  const groups = new Map<string, StoredPrice[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

// --- get_game_odds --------------------------------------------------------------------------------------

export const getGameOdds = defineTool({
  name: 'get_game_odds',
  title: 'Game odds with the no-vig consensus',
  description:
    'Moneyline (h2h), spread and total for one game, a team, a date or the coming week of a league, at the reference book. ' +
    'Per market: consensusBooks (books in the no-vig consensus, the reference included; 1 = the reference book alone, 0 = no consensus) ' +
    'and books (books pricing it). Per outcome: the reference price and point, impliedProbability, fairProbability (6 decimals), ' +
    'fairAmericanOdds, expectedValue (the reference price against the fair probability, per unit staked), the best price on the same ' +
    'bet with its book, and updatedAt/updatedAgo for each price. State every price\'s updatedAgo and pass on any priceNote or note ' +
    '(stale prices, a market the reference book does not price, sample data). The consensus uses only books at the reference line.',
  scope: 'read',
  hints: DATA_HINTS,
  input: z.strictObject({
    sport,
    gameId: gameId.optional(),
    team: team.optional(),
    date: isoDate.optional().meta({ description: "Games starting on this date (YYYY-MM-DD, in the user's time zone); default: the coming week." }),
    markets: z
      .array(z.enum(GAME_MARKETS, { error: `must be one of ${GAME_MARKETS.join(', ')}` }), { error: expected('must be an array of markets') })
      .min(1, 'must name at least one market (or leave it out for all)')
      .optional()
      .meta({ description: 'Markets to return: h2h (moneyline), spreads, totals; default all three.' }),
    book: book.optional(),
  }),
  async run(ctx, args) {
    const { referenceBook, timeZone } = await preferences(ctx, args.book);
    const markets = args.markets ?? [...GAME_MARKETS];
    const key = JSON.stringify([args.sport, args.gameId, args.team, args.date, markets, referenceBook, timeZone]);
    return cached('game_odds', key, () => gameOdds(ctx, args, markets, referenceBook, timeZone));
  },
});

async function gameOdds(
  ctx: ToolContext,
  args: { sport: Sport; gameId?: string; team?: string; date?: string },
  markets: GameMarket[],
  referenceBook: string,
  timeZone: string,
) {
  const now = ctx.now();
  let games: GameRow[];
  if (args.gameId) {
    games = [await requireGameRow(ctx.db, args.gameId, args.sport)];
  } else {
    const teamId = args.team ? resolveTeam(args.sport, args.team).id : undefined;
    const window = args.date
      ? { from: dayStart(args.date, timeZone), to: new Date(dayStart(args.date, timeZone).getTime() + DAY_MS) }
      : { from: new Date(now.getTime() - UPCOMING_LOOKBACK_MS), to: new Date(now.getTime() + UPCOMING_DAYS * DAY_MS) };
    games = await findGames(ctx.db, { sport: args.sport, ...window, teamId, excludeFinal: !args.date });
  }
  const rows = await ctx.db.price.findMany({
    where: { gameId: { in: games.map((g) => g.id) }, market: { in: markets }, player: '' },
    select: { gameId: true, market: true, player: true, book: true, outcome: true, point: true, americanOdds: true, updatedAt: true },
  });
  const byGameMarket = groupPrices(rows, (row) => `${row.gameId}|${row.market}`);
  const options = pricingOptions(referenceBook, now);
  return {
    sport: args.sport,
    referenceBook,
    ...(games.some((g) => g.source === 'sample') ? { priceNote: SAMPLE_NOTE } : {}),
    ...(games.length === 0 ? await emptyNote(ctx.db, args.sport, `No ${args.sport.toUpperCase()} games with prices in that window. list_games shows the schedule.`) : {}),
    games: games.map((game) => ({
      ...gameView(game),
      markets: markets.flatMap((market) => {
        const quotes = byGameMarket.get(`${game.id}|${market}`);
        if (!quotes) return [];
        quotes.sort((a, b) => outcomeRank(game, a.outcome) - outcomeRank(game, b.outcome));
        return [{ market, ...priceMarket(quotes, options) }];
      }),
    })),
  };
}

// --- get_player_props -----------------------------------------------------------------------------------

export const getPlayerProps = defineTool({
  name: 'get_player_props',
  title: 'Player props with the no-vig consensus',
  description:
    "Player-prop markets of one game (e.g. player_pass_yds, player_points, player_anytime_td), per player: the reference book's " +
    'over/under (or yes) price and line, the no-vig consensus (consensusBooks, fairProbability, fairAmericanOdds, expectedValue) exactly ' +
    'as get_game_odds, the best price on the same line, and each price\'s updatedAgo. One-sided markets such as anytime touchdown list ' +
    'only "yes": consensusBooks is 0 and there is no fair price. Props older than a few minutes are refreshed from the provider when ' +
    'one is set up; if it fails, stored props are returned with a note. Pass on every priceNote and note.',
  scope: 'read',
  hints: PROVIDER_HINTS,
  input: z.strictObject({
    sport,
    gameId,
    markets: z
      .array(z.string().regex(/^[a-z_]{3,60}$/, 'must be a prop market key such as player_pass_yds'), { error: expected('must be an array of prop markets') })
      .min(1, 'must name at least one market (or leave it out for all)')
      .optional()
      .meta({ description: 'Prop market keys to return (e.g. player_pass_yds, player_points); default all stored for the game.' }),
    player: player.optional().meta({ description: "Only this player's props." }),
    book: book.optional(),
  }),
  async run(ctx, args) {
    const game = await requireGameRow(ctx.db, args.gameId, args.sport);
    const { referenceBook } = await preferences(ctx, args.book);
    const refresh = await freshProps(ctx.db, game, ctx.now());
    const rows = await ctx.db.price.findMany({
      where: { gameId: game.id, player: { not: '' }, ...(args.markets ? { market: { in: args.markets } } : {}) },
      select: { gameId: true, market: true, player: true, book: true, outcome: true, point: true, americanOdds: true, updatedAt: true },
      orderBy: [{ market: 'asc' }, { player: 'asc' }],
    });
    let selected = rows;
    if (args.player) {
      const wanted = args.player.toLowerCase();
      selected = rows.filter((row) => row.player.toLowerCase() === wanted);
      if (selected.length === 0 && rows.length > 0) {
        const players = [...new Set(rows.map((row) => row.player))];
        const closest = closestNames(args.player, players.map((name) => ({ name, spellings: [name] })));
        throw invalidInput([{ path: 'player', message: `no props for "${args.player}" in this game; closest: ${closest.join(', ')}` }]);
      }
    }
    const options = pricingOptions(referenceBook, ctx.now());
    const groups = groupPrices(selected, (row) => `${row.market}|${row.player}`);
    const priceNotes = [game.source === 'sample' ? SAMPLE_NOTE : undefined, groups.size === 0 ? 'No player props are stored for this game yet.' : undefined];
    return {
      ...gameView(game),
      referenceBook,
      ...(refresh.note ? { note: refresh.note } : {}),
      ...(priceNotes.some(Boolean) ? { priceNote: priceNotes.filter(Boolean).join(' ') } : {}),
      props: [...groups.values()].map((quotes) => {
        quotes.sort((a, b) => outcomeRank(game, a.outcome) - outcomeRank(game, b.outcome));
        return { market: quotes[0]!.market, player: quotes[0]!.player, ...priceMarket(quotes, options) };
      }),
    };
  },
});

// --- get_injury_report ----------------------------------------------------------------------------------

export const getInjuryReport = defineTool({
  name: 'get_injury_report',
  title: 'Injury report',
  description:
    'Injured players of a league, a team or the two teams of a game: player, position, status (Out, Doubtful, Questionable, ' +
    `Day-To-Day …), detail, when it was reported and updatedAgo. ${INJURY_NOTE}`,
  scope: 'read',
  hints: DATA_HINTS,
  input: z.strictObject({ sport, team: team.optional(), gameId: gameId.optional() }),
  async run(ctx, args) {
    let teamIds: string[] | undefined;
    if (args.gameId) {
      const game = await requireGameRow(ctx.db, args.gameId, args.sport);
      teamIds = [game.homeTeamId, game.awayTeamId];
    }
    if (args.team) {
      const teamId = resolveTeam(args.sport, args.team).id;
      if (teamIds && !teamIds.includes(teamId)) throw invalidInput([{ path: 'team', message: `does not play in ${args.gameId}` }]);
      teamIds = [teamId];
    }
    const injuries = await ctx.db.injury.findMany({
      where: { sport: args.sport, ...(teamIds ? { teamId: { in: teamIds } } : {}) },
      include: { team: { select: { abbreviation: true, name: true } } },
      orderBy: [{ teamId: 'asc' }, { player: 'asc' }],
    });
    const now = ctx.now();
    const sample = injuries.some((injury) => injury.source === 'sample');
    // A team without injuries is normal; a league without any is a report that was never fetched.
    const unreported =
      injuries.length === 0 && !(await ctx.db.injury.findFirst({ where: { sport: args.sport }, select: { id: true } }))
        ? ` No ${args.sport.toUpperCase()} injury report is stored at all, so this does not mean nobody is injured: ` +
          (SPORT_INFO[args.sport].injuryReportAlways
            ? `\`jev ingest --only injuries\` (or the worker) fetches it; ${SAMPLE_COVERS}.`
            : 'ESPN publishes college injury reports only sparsely; label availability news from elsewhere as unverified.')
        : '';
    return {
      sport: args.sport,
      note: `${INJURY_NOTE}${unreported}${sample ? ` ${SAMPLE_NOTE}` : ''}`,
      injuries: injuries.map((injury) => ({
        team: teamView(injury.team),
        player: injury.player,
        position: injury.position,
        status: injury.status,
        detail: injury.detail,
        reportedAt: injury.reportedAt.toISOString(),
        updatedAt: injury.updatedAt.toISOString(),
        updatedAgo: ago(injury.updatedAt, now),
      })),
    };
  },
});

// --- list_games and get_game_results --------------------------------------------------------------------

const rangeArgs = {
  sport,
  from: isoDate.optional().meta({ description: "First date (YYYY-MM-DD, in the user's time zone)." }),
  to: isoDate.optional().meta({ description: 'Last date, inclusive (YYYY-MM-DD).' }),
  team: team.optional(),
};

export const listGames = defineTool({
  name: 'list_games',
  title: 'Schedule',
  description:
    `Games of a league between two dates (default: today and the next 7 days; at most ${MAX_SCHEDULE_DAYS} days, else 422 limit), ` +
    'optionally for one team: game id, start time, status, teams, venue and roof, and scores once final. Use the game ids with the other tools.',
  scope: 'read',
  hints: DATA_HINTS,
  input: z.strictObject(rangeArgs),
  async run(ctx, args) {
    const range = await dateRange(ctx, args.from, args.to, { back: 0, ahead: 7 }, MAX_SCHEDULE_DAYS);
    const teamId = args.team ? resolveTeam(args.sport, args.team).id : undefined;
    const games = await findGames(ctx.db, { sport: args.sport, from: range.from, to: range.to, teamId });
    const note = games.length === 0 ? await emptyNote(ctx.db, args.sport, 'No games in that window.') : sampleNote(games.map((g) => g.source));
    return { sport: args.sport, from: range.from.toISOString(), to: range.to.toISOString(), ...note, games: games.map(gameView) };
  },
});

export const getGameResults = defineTool({
  name: 'get_game_results',
  title: 'Results (final scores)',
  description:
    `Final scores of a league between two dates (default: the last ${DEFAULT_RESULTS_DAYS} days; at most ${MAX_RESULTS_DAYS} days, else 422 limit), ` +
    'optionally for one team, newest first, with the winner (null for a draw).',
  scope: 'read',
  hints: DATA_HINTS,
  input: z.strictObject(rangeArgs),
  async run(ctx, args) {
    const range = await dateRange(ctx, args.from, args.to, { back: DEFAULT_RESULTS_DAYS, ahead: DEFAULT_RESULTS_DAYS }, MAX_RESULTS_DAYS);
    const teamId = args.team ? resolveTeam(args.sport, args.team).id : undefined;
    const games = await findGames(ctx.db, { sport: args.sport, from: range.from, to: range.to, teamId, status: 'final', order: 'desc' });
    return {
      sport: args.sport,
      from: range.from.toISOString(),
      to: range.to.toISOString(),
      ...(games.length === 0 ? await emptyNote(ctx.db, args.sport, 'No finals in that window.') : sampleNote(games.map((g) => g.source))),
      results: games.map((game) => ({
        ...gameView(game),
        winner:
          game.homeScore === null || game.awayScore === null || game.homeScore === game.awayScore
            ? null
            : game.homeScore > game.awayScore
              ? game.homeTeam.abbreviation
              : game.awayTeam.abbreviation,
      })),
    };
  },
});

// --- get_team_stats -------------------------------------------------------------------------------------

const LAST_FIVE = 5;

async function teamStats(db: Db, sportKey: Sport, teamId: string, abbreviation: string, season: number, referenceBook: string) {
  const games = await db.game.findMany({
    where: { sport: sportKey, season, status: 'final', OR: [{ homeTeamId: teamId }, { awayTeamId: teamId }] },
    include: GAME_INCLUDE,
    orderBy: { startsAt: 'desc' },
  });
  // Closing lines: the reference book's last stored spread and total before each game.
  const closing = await db.price.findMany({
    where: { gameId: { in: games.map((g) => g.id) }, market: { in: ['spreads', 'totals'] }, player: '', book: referenceBook, outcome: { in: [abbreviation, 'over'] } },
    select: { gameId: true, market: true, point: true },
  });
  const line = new Map(closing.map((row) => [`${row.gameId}|${row.market}`, row.point]));
  const record = { wins: 0, losses: 0, draws: 0 };
  const ats = { wins: 0, losses: 0, pushes: 0 };
  const overUnder = { overs: 0, unders: 0, pushes: 0 };
  let pointsFor = 0;
  let pointsAgainst = 0;
  const lastFive = [];
  for (const game of games) {
    const home = game.homeTeamId === teamId;
    const scored = (home ? game.homeScore : game.awayScore) ?? 0;
    const allowed = (home ? game.awayScore : game.homeScore) ?? 0;
    pointsFor += scored;
    pointsAgainst += allowed;
    const result = scored > allowed ? 'W' : scored < allowed ? 'L' : 'D';
    record[result === 'W' ? 'wins' : result === 'L' ? 'losses' : 'draws']++;
    const spread = line.get(`${game.id}|spreads`);
    if (spread !== undefined && spread !== null) {
      const covered = scored + spread - allowed;
      ats[covered > 0 ? 'wins' : covered < 0 ? 'losses' : 'pushes']++;
    }
    const total = line.get(`${game.id}|totals`);
    if (total !== undefined && total !== null) {
      const sum = scored + allowed;
      overUnder[sum > total ? 'overs' : sum < total ? 'unders' : 'pushes']++;
    }
    if (lastFive.length < LAST_FIVE) {
      const opponent = home ? game.awayTeam : game.homeTeam;
      lastFive.push({ gameId: game.id, startsAt: game.startsAt.toISOString(), opponent: opponent.abbreviation, home, score: `${scored}-${allowed}`, result });
    }
  }
  const played = games.length;
  return {
    season,
    gamesPlayed: played,
    record,
    pointsFor,
    pointsAgainst,
    averagePointsFor: played ? Math.round((pointsFor / played) * 100) / 100 : null,
    averagePointsAgainst: played ? Math.round((pointsAgainst / played) * 100) / 100 : null,
    againstTheSpread: { ...ats, closingLinesFrom: referenceBook },
    overUnder,
    lastFive,
    sources: new Set(games.map((g) => g.source)),
  };
}

export const getTeamStats = defineTool({
  name: 'get_team_stats',
  title: 'Team stats and betting record',
  description:
    "A team's season from stored finals: record, points for and against (goals in soccer) with averages, against-the-spread and " +
    "over/under records measured on the reference book's closing lines, and the last five results. Default season: the current one.",
  scope: 'read',
  hints: DATA_HINTS,
  input: z.strictObject({
    sport,
    team,
    season: z.int({ error: expected('must be a year such as 2026') }).min(1990).max(2100).optional().meta({ description: 'Year the season started in; default the current season.' }),
  }),
  async run(ctx, args) {
    const found = resolveTeam(args.sport, args.team);
    const { referenceBook } = await preferences(ctx, undefined);
    const { sources, ...stats } = await teamStats(ctx.db, args.sport, found.id, found.abbreviation, args.season ?? seasonOf(args.sport, ctx.now()), referenceBook);
    return {
      sport: args.sport,
      team: teamView(found),
      ...stats,
      ...(stats.gamesPlayed === 0 ? { note: 'No finals stored for this team and season.' } : sampleNote(sources)),
    };
  },
});

// --- get_player_stats -----------------------------------------------------------------------------------

export const getPlayerStats = defineTool({
  name: 'get_player_stats',
  title: 'Player stats (recent games)',
  description:
    "A player's box-score lines from his last games (default 5, at most 20), newest first, with the average of each stat " +
    '(counts over every game, a count missing from a game being 0; rates such as yardsPerRushAttempt over the games that have them). ' +
    'Stat names depend on the sport (passingYards, rushingYards, receptions, points, rebounds, assists, goals …).',
  scope: 'read',
  hints: DATA_HINTS,
  input: z.strictObject({
    sport,
    player: player.meta({ description: "The player's name." }),
    team: team.optional(),
    lastN: z.int({ error: expected('must be a whole number from 1 to 20') }).min(1, 'must be at least 1').max(20, 'must be at most 20').default(5),
  }),
  async run(ctx, args) {
    const teamId = args.team ? resolveTeam(args.sport, args.team).id : undefined;
    const name = await resolvePlayer(ctx.db, args.sport, args.player, teamId);
    const lines = await ctx.db.playerStat.findMany({
      where: { sport: args.sport, player: name, ...(teamId ? { teamId } : {}) },
      include: { game: { include: GAME_INCLUDE } },
      orderBy: { playedAt: 'desc' },
      take: args.lastN,
    });
    const games = lines.map((line) => ({
      gameId: line.gameId,
      playedAt: line.playedAt.toISOString(),
      team: line.teamId.split(':')[1],
      opponent: line.game.homeTeamId === line.teamId ? line.game.awayTeam.abbreviation : line.game.homeTeam.abbreviation,
      stats: JSON.parse(line.stats) as Record<string, number>,
    }));
    const averages = averageStatLines(games.map((game) => game.stats));
    return { sport: args.sport, player: name, gamesCounted: games.length, averages, games, ...sampleNote(lines.map((l) => l.source)) };
  },
});

// --- get_weather ----------------------------------------------------------------------------------------

export const getWeather = defineTool({
  name: 'get_weather',
  title: 'Weather at kickoff',
  description:
    "Forecast for the hour of kickoff at the game's venue: temperature (°F), wind (mph), chance of precipitation and conditions, " +
    'with its age. Indoor venues say so (weather does not apply); retractable roofs may be closed.',
  scope: 'read',
  hints: DATA_HINTS,
  input: z.strictObject({ gameId }),
  async run(ctx, args) {
    const game = await requireGameRow(ctx.db, args.gameId);
    const base = { ...gameView(game) };
    if (game.venue?.roof === 'indoor') return { ...base, indoor: true, note: `${game.venue.name} is indoors: weather does not affect play.` };
    const forecast = await ctx.db.weather.findUnique({ where: { gameId: game.id } });
    const roofNote = game.venue?.roof === 'retractable' ? `${game.venue.name} has a retractable roof, which may be closed. ` : '';
    if (!forecast) {
      return { ...base, indoor: false, forecast: null, note: `${roofNote}No forecast is stored for this game yet (forecasts are fetched within a week of kickoff).` };
    }
    const notes = `${roofNote}${forecast.source === 'sample' ? SAMPLE_NOTE : ''}`.trim();
    return {
      ...base,
      indoor: false,
      forecast: {
        forecastFor: forecast.forecastFor.toISOString(),
        temperatureF: forecast.temperatureF,
        windMph: forecast.windMph,
        precipitationProbability: forecast.precipitationProbability,
        conditions: forecast.conditions,
        updatedAt: forecast.updatedAt.toISOString(),
        updatedAgo: ago(forecast.updatedAt, ctx.now()),
      },
      ...(notes ? { note: notes } : {}),
    };
  },
});

export const sportsTools = [getGameOdds, getPlayerProps, getInjuryReport, listGames, getGameResults, getTeamStats, getPlayerStats, getWeather];
