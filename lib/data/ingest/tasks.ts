import type { Db } from '@/lib/db/client';
import { HOUR_MS, MINUTE_MS } from '@/lib/time';
import type { Providers, SampleMarket } from '../providers';
import type { Espn } from '../providers/espn';
import { ProviderError } from '../providers/http';
import type { OddsApi } from '../providers/odds-api';
import type { WeatherProvider } from '../providers/open-meteo';
import { replaceFutures } from '../futures';
import { SAMPLE_KEEP_MS, SAMPLE_SPORTS } from '../sample';
import { sampleFuturesAt } from '../sample/futures';
import { SPORT_INFO, type Sport } from '../sports';
import {
  mergePrices,
  takeDownPrices,
  replaceAlternates,
  replaceInjuries,
  replacePlayerStats,
  upsertGames,
  upsertWeather,
  type InjuryRecord,
} from '../store';
import { catalogueTeams } from '../teams';
import { refreshBoxScores } from './box-scores';
import { fetchUnderClaim } from '../fetch-claim';
import { eventPrices, gameFor, refreshGameProps, scoredGame } from './odds';
import type { IngestTask, SportRun } from './run';
import { PROPS_AHEAD_MS, SCORES_DAYS_FROM, WEATHER_AHEAD_MS, type DueRule } from './schedule';

// The ingestion tasks: for each, the provider it fetches from, when it is due on a schedule (its due rule; a
// manual run and --force follow ./schedule.ts), and its run for one sport. A run takes them in INGEST_TASKS order.

export interface IngestionTask {
  /** An Odds API task also needs ODDS_API_KEY and keeps the quota guard on a manual run. */
  provider: keyof Providers;
  due: DueRule;
  /** Why the task leaves a sport's data to be fetched another way, if it does. */
  passOver?: (sport: Sport) => string | undefined;
  /** Its run with these providers, or undefined when the provider it needs is not configured. */
  runner: (providers: Providers) => ((run: SportRun) => Promise<void>) | undefined;
}

/** A task whose run is handed its provider, present. */
function task<P extends keyof Providers>(spec: {
  provider: P;
  due: DueRule;
  passOver?: (sport: Sport) => string | undefined;
  run: (provider: NonNullable<Providers[P]>, run: SportRun) => Promise<void>;
}): IngestionTask {
  const { run, ...rest } = spec;
  return {
    ...rest,
    runner: (providers) => {
      const provider = providers[spec.provider];
      return provider ? (sportRun) => run(provider, sportRun) : undefined;
    },
  };
}

export const TASKS: Record<IngestTask, IngestionTask> = {
  odds: task({
    provider: 'odds',
    // Every few minutes near game time, rarely when nothing is close; never inside the quota guard.
    due: (untilNextGame, { oddsFreshMs }) =>
      Math.max(oddsFreshMs, untilNextGame < 6 * HOUR_MS ? 5 * MINUTE_MS : untilNextGame < 48 * HOUR_MS ? 30 * MINUTE_MS : 3 * HOUR_MS),
    run: refreshOdds,
  }),
  props: task({
    provider: 'odds',
    due: (_, { propsTtlMs }) => propsTtlMs,
    passOver: (sport) =>
      SPORT_INFO[sport].propsOnSchedule
        ? undefined
        : "fetched game by game when get_player_props asks (a slate's props would cost too much quota)",
    run: refreshSlateProps,
  }),
  injuries: task({ provider: 'espn', due: () => 12 * HOUR_MS, run: refreshInjuries }),
  weather: task({ provider: 'weather', due: () => HOUR_MS, run: refreshForecasts }),
  scores: task({
    provider: 'odds',
    // On game days: a game started in the last few hours or is about to.
    due: (untilNextGame) => (untilNextGame < 0 ? 10 * MINUTE_MS : 6 * HOUR_MS),
    run: refreshScores,
  }),
  stats: task({
    provider: 'espn',
    // Only while a recent final lacks its box score or is due its recheck (./box-scores.ts), i.e. after games finish.
    due: () => 15 * MINUTE_MS,
    run: async (espn, run) => {
      run.summary.statLines += await refreshBoxScores(espn, run);
    },
  }),
  sample: task({
    provider: 'sample',
    // The sample's books re-price at 5-minute marks (lib/data/sample/prices.ts).
    due: () => 5 * MINUTE_MS,
    run: moveSample,
  }),
};

/** Why a task cannot run at all: the provider it needs is not configured. */
export const NOT_CONFIGURED: Record<keyof Providers, string> = {
  odds: 'no ODDS_API_KEY',
  espn: 'no ESPN provider',
  weather: 'no weather provider',
  sample: 'ODDS_API_KEY is set (live prices, no sample)',
};

/** The sport's games and game-market prices (h2h, spreads, totals), in one fetch. */
async function refreshOdds(odds: OddsApi, run: SportRun): Promise<void> {
  const { db, sport, now, summary } = run;
  run.note(
    run.what,
    await fetchUnderClaim(db, run.claims, `odds:${sport}`, run.freshnessMs, now, async () => {
      const { events, quota } = await odds.gameOdds(sport);
      const matched = events.flatMap((event) => {
        const found = gameFor(sport, event, now, run.team);
        return found ? [{ ...found, event }] : [];
      });
      await upsertGames(
        db,
        matched.map((m) => m.game),
      );
      const { changed } = await mergePrices(
        db,
        matched.flatMap((m) => eventPrices(m.event, m.game.id, m.home, m.away).filter((row) => row.player === '')),
      );
      summary.games += matched.length;
      summary.prices += changed;
      run.log(`  ${matched.length} games, ${changed} prices changed`);
      return quota;
    }),
  );
}

/** The props of the sport's games starting within PROPS_AHEAD_MS, one fetch per game. */
async function refreshSlateProps(odds: OddsApi, run: SportRun): Promise<void> {
  const { db, sport, now } = run;
  const games = await db.game.findMany({
    where: { sport, status: 'scheduled', oddsEventId: { not: null }, startsAt: { gte: now, lt: new Date(now.getTime() + PROPS_AHEAD_MS) } },
    orderBy: { startsAt: 'asc' },
  });
  for (const [index, game] of games.entries()) {
    const gate = await refreshGameProps(db, run.claims, odds, game, now, run.freshnessMs);
    run.summary.props += gate.props ?? 0;
    run.note(`props ${game.id}`, gate);
    run.log(`  props ${index + 1}/${games.length} ${game.id}: ${gate.status}`);
  }
}

/** ESPN's league injury report, replacing the stored one whole (college: an absent or empty report keeps it). */
async function refreshInjuries(espn: Espn, run: SportRun): Promise<void> {
  const { db, sport, now, summary } = run;
  run.note(
    run.what,
    await fetchUnderClaim(db, run.claims, `injuries:${sport}`, run.freshnessMs, now, async () => {
      const always = SPORT_INFO[sport].injuryReportAlways;
      const teams = await espn.injuries(sport).catch((error: unknown) => {
        if (!always && error instanceof ProviderError && error.options.status === 404) return [];
        throw error;
      });
      if (teams.length === 0) {
        if (always) throw new ProviderError('ESPN', 'empty injury report (kept the stored one)');
        summary.skipped.push(`${run.what}: ESPN publishes no ${SPORT_INFO[sport].name} injury report now (kept what was stored)`);
        return;
      }
      const records: InjuryRecord[] = teams.flatMap((entry) => {
        const team = run.team(entry.team);
        return team
          ? entry.players.map((p) => ({
              sport,
              teamId: team.id,
              player: p.player,
              position: p.position,
              status: p.status,
              detail: p.detail,
              reportedAt: p.reportedAt ?? now,
            }))
          : [];
      });
      await replaceInjuries(
        db,
        catalogueTeams(sport).map((team) => team.id),
        records,
        'live',
        now,
      );
      summary.injuries += records.length;
      run.log(`  ${records.length} injured players`);
    }),
  );
}

/** Kickoff forecasts of the sport's outdoor games starting within WEATHER_AHEAD_MS, one fetch per game. */
async function refreshForecasts(weather: WeatherProvider, run: SportRun): Promise<void> {
  const { db, sport, now } = run;
  const games = await db.game.findMany({
    where: {
      sport,
      status: 'scheduled',
      startsAt: { gte: now, lt: new Date(now.getTime() + WEATHER_AHEAD_MS) },
      venue: { roof: { not: 'indoor' }, latitude: { not: null } },
    },
    include: { venue: true },
    orderBy: { startsAt: 'asc' },
  });
  for (const game of games) {
    const { venue } = game;
    if (!venue || venue.latitude === null || venue.longitude === null) continue; // the query asked for venues with coordinates
    const { latitude, longitude } = venue;
    run.note(
      `weather ${game.id}`,
      await fetchUnderClaim(db, run.claims, `weather:${game.id}`, run.freshnessMs, now, async () => {
        const forecast = await weather.atKickoff(latitude, longitude, game.startsAt);
        await upsertWeather(db, [{ gameId: game.id, ...forecast }], 'live', now);
        run.summary.forecasts++;
      }),
    );
  }
  run.log(`  ${games.length} outdoor games`);
}

/** Scores of the sport's games of the last SCORES_DAYS_FROM days: finals, and games under way. */
async function refreshScores(odds: OddsApi, run: SportRun): Promise<void> {
  const { db, sport, now } = run;
  run.note(
    run.what,
    await fetchUnderClaim(db, run.claims, `scores:${sport}`, run.freshnessMs, now, async () => {
      const { scores, quota } = await odds.scores(sport, SCORES_DAYS_FROM);
      const games = scores.flatMap((event) => scoredGame(sport, event, now, run.team) ?? []);
      await upsertGames(db, games);
      run.summary.results += games.filter((g) => g.status === 'final').length;
      run.log(`  ${games.length} games with scores`);
      return quota;
    }),
  );
}

/**
 * The stored sample slate's market at this moment (lib/data/sample/), as a provider's goes on: a league whose games
 * have all kicked off gets its next slate (and the slates it missed while the app was stopped, played); games that
 * kicked off are in progress, then final with a score and box score, and their props and alternate lines are taken
 * down; and the prices its books hold now are merged as a provider's are, so books re-price, the odd one lags and
 * steam moves. Nothing without a stored sample of the league; live games are never touched.
 */
async function moveSample(sample: SampleMarket, run: SportRun): Promise<void> {
  const { db, sport, now } = run;
  if (!(SAMPLE_SPORTS as readonly Sport[]).includes(sport)) return;
  if ((await db.game.count({ where: { source: 'sample', sport } })) === 0) return;
  run.note(
    run.what,
    await fetchUnderClaim(db, run.claims, `sample:${sport}`, run.freshnessMs, now, async () => {
      await pruneSample(db, sport, now);
      const date = await upcomingSampleSlate(sample, run);
      run.summary.results += await settleSampleGames(sample, run);
      await takeDownStartedSideMarkets(db, sport, now);
      if (!date) return;
      const rows = sample.pricesAt(date, now, sport);
      const stored = await db.game.findMany({
        where: { id: { in: [...new Set(rows.map((row) => row.gameId))] }, source: 'sample' },
        select: { id: true },
      });
      const ids = new Set(stored.map((game) => game.id));
      const { changed } = await mergePrices(
        db,
        rows.filter((row) => ids.has(row.gameId)),
      );
      // The alternate lines of the moment replace those of the same games (ladders move with the market).
      const alternates = sample.alternatesAt(date, now, sport).filter((row) => ids.has(row.gameId));
      await replaceAlternates(db, [...ids], alternates);
      run.summary.prices += changed;
      run.log(`  ${changed} sample prices moved`);
      // The sample's futures move with it (its books re-price them every six hours), unless live ones are stored.
      if ((await db.futurePrice.count({ where: { sport, source: 'live' } })) === 0)
        await replaceFutures(db, sampleFuturesAt(date, now, sport), 'sample');
    }),
  );
}

/** The league's sample games that kicked off: in progress, then final with a score and box score, so bets and picks grade. */
async function settleSampleGames(sample: SampleMarket, run: SportRun): Promise<number> {
  const { db, sport, now } = run;
  const started = await db.game.findMany({
    where: { source: 'sample', sport, status: { in: ['scheduled', 'in_progress'] }, startsAt: { lte: now } },
    select: { id: true, sport: true, startsAt: true, status: true },
  });
  const results = started.flatMap((game) => {
    const result = sample.resultAt(game, now);
    return result && result.game.status !== game.status ? [result] : [];
  });
  await upsertGames(
    db,
    results.map((result) => result.game),
  );
  await replacePlayerStats(
    db,
    results.flatMap((result) => result.playerStats),
    'sample',
  );
  const finals = results.filter((result) => result.game.status === 'final').length;
  if (finals > 0) run.log(`  ${finals} sample games final`);
  return finals;
}

/**
 * Books take props and alternate lines down at kickoff: the league's sample games that kicked off keep their main
 * markets (their closing prices) and lose the rest. A bet on a prop keeps its own selection, line and price, its
 * closing-line value comes from the line history (each price's record keeps when the book last confirmed it, the
 * close's age) and its grade from the box score, none of which goes.
 */
async function takeDownStartedSideMarkets(db: Db, sport: Sport, now: Date): Promise<void> {
  const started = { source: 'sample', sport, startsAt: { lte: now } };
  await takeDownPrices(db, { player: { not: '' }, game: started });
  await db.alternatePrice.deleteMany({ where: { game: started } });
}

/**
 * The date of the league's stored sample slate with upcoming games. When all its games have kicked off, its next
 * slate is added (lib/data/sample/days.ts, sampleSlatesAfter: the league's rhythm, days ahead for a weekly league, as a
 * market always lists the coming games), after the slates it missed while the sample stood still, added with their
 * closing prices to be played.
 */
async function upcomingSampleSlate(sample: SampleMarket, run: SportRun): Promise<string | undefined> {
  const { db, sport, now } = run;
  const latest = await db.game.findFirst({
    where: { source: 'sample', sport },
    orderBy: { startsAt: 'desc' },
    select: { id: true, sport: true, startsAt: true },
  });
  const previous = latest ? sample.slateDateOf(latest) : undefined;
  if (latest && latest.startsAt > now) return previous;
  const dates = sample.slatesAfter(sport, previous, now);
  for (const date of dates) {
    const slate = sample.leagueSlate(date, now, sport);
    await upsertGames(db, slate.games);
    await mergePrices(db, slate.closingPrices);
    await upsertWeather(db, slate.weather, 'sample', now);
    // The slate's injury report comes with its games (unless live reports are stored).
    if (date === dates.at(-1) && (await db.injury.count({ where: { sport, source: 'live' } })) === 0)
      await replaceInjuries(
        db,
        catalogueTeams(sport).map((team) => team.id),
        slate.injuries,
        'sample',
        now,
      );
  }
  run.log(`  added the sample ${sport} games of ${dates.join(', ')}`);
  return dates.at(-1);
}

/**
 * Drops the league's sample games that kicked off more than SAMPLE_KEEP_MS ago, with their prices, history, weather
 * and box scores, so a month of running does not grow the database without bound. A game a bet or a pick names
 * stays: grading and closing-line value need it.
 */
async function pruneSample(db: Db, sport: Sport, now: Date): Promise<void> {
  const old = (
    await db.game.findMany({
      where: { source: 'sample', sport, startsAt: { lt: new Date(now.getTime() - SAMPLE_KEEP_MS) } },
      select: { id: true },
    })
  ).map((game) => game.id);
  if (old.length === 0) return;
  const [bets, picks] = await Promise.all([
    db.bet.findMany({ where: { gameId: { in: old } }, select: { gameId: true }, distinct: ['gameId'] }),
    db.recommendation.findMany({ where: { gameId: { in: old } }, select: { gameId: true }, distinct: ['gameId'] }),
  ]);
  const named = new Set([...bets, ...picks].map((row) => row.gameId));
  const gone = old.filter((id) => !named.has(id));
  if (gone.length === 0) return;
  await db.$transaction([
    db.priceHistory.deleteMany({ where: { gameId: { in: gone } } }),
    db.game.deleteMany({ where: { id: { in: gone } } }), // prices, alternates, weather and box scores go with their games
  ]);
}
