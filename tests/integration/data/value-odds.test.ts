import { instant } from '@/lib/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { priceExpectedValue } from '@/lib/betting/ev';
import { parseConfig } from '@/lib/config';
import { createEspn } from '@/lib/data/providers/espn';
import { createOddsApi } from '@/lib/data/providers/odds-api';
import { createOpenMeteo } from '@/lib/data/providers/open-meteo';
import { leagueDay } from '@/lib/data/sports';
import { getGameOdds } from '@/lib/tools/odds';
import type { GameOddsFull } from '@/lib/tools/odds-schemas';
import { loadPinnedSample, pinnedClock } from '../../helpers/clock';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { createRoot } from '@/lib/root';
import { toolContext } from '../../helpers/tool-context';
import { middleEvent, QUOTA, quarterLineEvent, startFakeProviders, type FakeProviders } from './fake-providers';

// Best-price value, arbitrage and steam against hand-computed vectors: through the live-provider path (a
// loopback Odds API serving a crafted slate, ingested twice so the history holds the move) and through the
// sample slate, on SQLite and PostgreSQL.

const MIN = 60_000;
let fake: FakeProviders;
beforeAll(async () => {
  fake = await startFakeProviders();
});
afterAll(() => fake?.close());

/** A KC–BUF moneyline at four books: [book, KC price, BUF price, minutes before `now` it was last updated]. */
function event(kickoff: Date, now: number, books: [string, number, number, number][]) {
  return {
    id: 'crafted',
    sport_key: 'americanfootball_nfl',
    sport_title: 'NFL',
    commence_time: kickoff.toISOString(),
    home_team: 'Kansas City Chiefs',
    away_team: 'Buffalo Bills',
    bookmakers: books.map(([key, kc, buf, minutesAgo]) => {
      const lastUpdate = new Date(now - minutesAgo * MIN).toISOString();
      return {
        key,
        title: key,
        last_update: lastUpdate,
        markets: [
          {
            key: 'h2h',
            last_update: lastUpdate,
            outcomes: [
              { name: 'Kansas City Chiefs', price: kc },
              { name: 'Buffalo Bills', price: buf },
            ],
          },
        ],
      };
    }),
  };
}

describe.each(PROVIDERS)('value, arbitrage and steam on %s', (provider) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase(provider);
  });
  afterAll(() => database?.close());

  /** The full answer (every field these tests check), computed afresh. */
  const odds = async (args: z.input<typeof getGameOdds.input>, now?: () => Date) =>
    (await getGameOdds.run(
      toolContext(database.db, { env: { ODDS_CACHE_SECONDS: '0' }, ...(now ? { now } : {}) }),
      getGameOdds.input.parse({ ...args, detail: 'full' }),
    )) as GameOddsFull;

  it('through a loopback Odds API: consensus, best-price EV, arbitrage shares and steam match the hand-computed values', async () => {
    const now = Date.now();
    const kickoff = new Date(now + 30 * 60 * MIN);
    kickoff.setUTCMinutes(0, 0, 0);
    const providers = {
      odds: createOddsApi({ apiKey: 'fake', baseUrl: fake.baseUrl, regions: 'us', timeoutMs: 2000 }),
      espn: createEspn({ baseUrl: fake.baseUrl, timeoutMs: 2000 }),
      weather: createOpenMeteo({ baseUrl: fake.baseUrl, timeoutMs: 2000 }),
      sample: undefined, // a provider key is set
    };
    const snapshot = (books: [string, number, number, number][]) =>
      fake.routes.set('/v4/sports/americanfootball_nfl/odds', () => ({ headers: QUOTA, body: [event(kickoff, now, books)] }));
    const { ingest } = createRoot({ config: parseConfig({}), db: database.db, providers });
    const ingestOdds = () => ingest({ sports: ['nfl'], only: 'odds', mode: 'manual', force: true, now: () => new Date(now) });
    // Two hours ago every book was at KC -150 / BUF +130, lowvig at -140 / +120.
    snapshot([
      ['draftkings', -150, 130, 120],
      ['fanduel', -150, 130, 120],
      ['betmgm', -150, 130, 120],
      ['lowvig', -140, 120, 120],
    ]);
    expect((await ingestOdds()).failures).toEqual([]);
    // Then three books moved towards KC within 10 minutes (steam); lowvig only confirmed its price 90 minutes ago.
    snapshot([
      ['draftkings', -160, 135, 20],
      ['fanduel', -165, 145, 15],
      ['betmgm', -160, 135, 10],
      ['lowvig', -140, 120, 90],
    ]);
    expect((await ingestOdds()).failures).toEqual([]);

    const gameId = `nfl-${leagueDay('nfl', kickoff)}-buf-kc`;
    const answer = await odds({ sport: 'nfl', gameId, book: 'draftkings', minExpectedValue: 0.005 }, () => new Date(now));
    const market = answer.games[0]!.markets.find((m) => m.market === 'h2h')!;
    // Fair KC per book (implied ÷ their sum): draftkings and betmgm 0.591195…, fanduel 0.604031…, lowvig 0.562044…;
    // their mean 0.587117; BUF 0.412883.
    expect(market.consensusBooks).toBe(4);
    const [kc, buf] = market.outcomes;
    expect([kc!.fairProbability, buf!.fairProbability]).toEqual([0.587117, 0.412883]);
    expect([kc!.expectedValue, buf!.expectedValue]).toEqual([-0.045935, -0.029725]); // at draftkings' -160 / +135
    // Best prices: KC -140 at lowvig (0.587117 × 1.714285… − 1), BUF +145 at fanduel (0.412883 × 2.45 − 1).
    expect(kc!.best).toMatchObject({ book: 'lowvig', americanOdds: -140, expectedValue: 0.006486, updatedAgo: '1 hour ago' });
    expect(buf!.best).toMatchObject({ book: 'fanduel', americanOdds: 145, expectedValue: 0.011563, updatedAgo: '15 minutes ago' });
    // 140/240 + 100/245 = 0.991497 < 1: 0.8576% back on either outcome, staking 58.8336% on KC.
    expect(market.arbitrage).toMatchObject({
      impliedSum: 0.991497,
      returnFraction: 0.008576,
      legs: [
        { outcome: 'KC', book: 'lowvig', americanOdds: -140, stakeShare: 0.588336, updatedAgo: '1 hour ago' },
        { outcome: 'BUF', book: 'fanduel', americanOdds: 145, stakeShare: 0.411664, updatedAgo: '15 minutes ago' },
      ],
    });
    expect(market.steam).toEqual({
      outcome: 'KC',
      books: ['betmgm', 'draftkings', 'fanduel'],
      from: instant(now - 20 * MIN),
      to: instant(now - 10 * MIN),
      movedAgo: '10 minutes ago',
    });
    expect(kc!.opening).toMatchObject({ americanOdds: -150, point: null, at: instant(now - 120 * MIN) });
    expect(kc!.fairProbabilityChange).toBeNull(); // no history 24 hours back
    // The scan: BUF at fanduel; KC at lowvig meets 0.005 too but its price is 90 minutes old (stale at 60).
    expect(answer.value).toEqual([
      {
        gameId,
        market: 'h2h',
        outcome: 'BUF',
        point: null,
        book: 'fanduel',
        americanOdds: 145,
        fairProbability: 0.412883,
        expectedValue: 0.011563,
        consensusBooks: 4,
        updatedAgo: '15 minutes ago',
      },
    ]);
    expect(answer.valueNote).toContain('1 more left out because the best price is older than 60 minutes (stale)');
    // The threshold is read back as passed and as a percent, so 2 meant as 2% shows as 200%.
    expect(answer.valueNote).toContain('expectedValue of at least 0.005 (0.5%) in markets');
    expect((await odds({ sport: 'nfl', gameId, minExpectedValue: 0.005, minBooks: 5 }, () => new Date(now))).value).toEqual([]);
  });

  it('through a loopback Odds API: the quarter-line arbitrages of an EPL match, listed with their return per result', async () => {
    const now = Date.now();
    const kickoff = new Date(now + 50 * 60 * MIN);
    kickoff.setUTCMinutes(0, 0, 0);
    const providers = {
      odds: createOddsApi({ apiKey: 'fake', baseUrl: fake.baseUrl, regions: 'uk', timeoutMs: 2000 }),
      espn: createEspn({ baseUrl: fake.baseUrl, timeoutMs: 2000 }),
      weather: createOpenMeteo({ baseUrl: fake.baseUrl, timeoutMs: 2000 }),
      sample: undefined,
    };
    const updated = new Date(now - 5 * MIN).toISOString();
    fake.routes.set('/v4/sports/soccer_epl/odds', () => ({
      headers: QUOTA,
      body: [quarterLineEvent('quarter', kickoff.toISOString(), updated)],
    }));
    const { ingest } = createRoot({ config: parseConfig({}), db: database.db, providers });
    const ingested = await ingest({ sports: ['epl'], only: 'odds', mode: 'manual', force: true, now: () => new Date(now) });
    expect(ingested.failures).toEqual([]);

    const gameId = `epl-${leagueDay('epl', kickoff)}-che-ars`;
    const answer = (await getGameOdds.run(
      toolContext(database.db, { env: { ODDS_CACHE_SECONDS: '0' }, now: () => new Date(now) }),
      getGameOdds.input.parse({ sport: 'epl', arbitrage: true }),
    )) as { arbitrages: { gameId: string; market: string }[]; arbitrageNote?: string; gamesScanned: number };
    // Worked out by hand from the settlement rules (a quarter line is half the stake on each neighbouring line).
    // Handicap: half the stake on each leg at 2.10. A win either way pays 0.5 × 2.10 = 1.05. The draw: Arsenal -0.25
    // gets back the half at 0 (0.25) and loses the half at -0.5; Chelsea +0.25 gets back its half at 0 (0.25) and
    // wins its half at +0.5 (0.25 × 2.10 = 0.525): 1.025.
    const handicapWin = 0.5 * 2.1 - 1;
    const handicapDraw = 0.25 + 0.25 + 0.525 - 1;
    // Totals: stakes in proportion to 1/2.05 and 1/2: over 2/4.05, under 2.05/4.05. A full win pays 2 × 2.05 / 4.05;
    // exactly 2 goals refunds the over's half at 2 and the under's, and wins the under's half at 2.5.
    const [over, under] = [2 / 4.05, 2.05 / 4.05];
    const totalWin = over * 2.05 - 1;
    const totalTwo = over / 2 + under / 2 + (under / 2) * 2 - 1;
    const four = (value: number) => Math.round(value * 1e4) / 1e4;
    expect(answer.gamesScanned).toBe(1);
    expect(answer.arbitrages).toEqual([
      {
        gameId,
        matchup: 'Chelsea (CHE) at Arsenal (ARS)',
        startsAt: instant(kickoff),
        market: 'spreads',
        returnFraction: four(handicapDraw),
        legs: [
          { outcome: 'ARS', point: -0.25, book: 'fanduel', americanOdds: 110, stakeShare: 0.5, updatedAgo: '5 minutes ago' },
          { outcome: 'CHE', point: 0.25, book: 'lowvig', americanOdds: 110, stakeShare: 0.5, updatedAgo: '5 minutes ago' },
        ],
        returns: [
          { result: 'CHE by 1 or more', returnFraction: four(handicapWin) },
          { result: 'draw', returnFraction: four(handicapDraw) },
          { result: 'ARS by 1 or more', returnFraction: four(handicapWin) },
        ],
      },
      {
        gameId,
        matchup: 'Chelsea (CHE) at Arsenal (ARS)',
        startsAt: instant(kickoff),
        market: 'totals',
        returnFraction: four(totalTwo),
        legs: [
          { outcome: 'over', point: 2.25, book: 'fanduel', americanOdds: 105, stakeShare: four(over), updatedAgo: '5 minutes ago' },
          { outcome: 'under', point: 2.25, book: 'lowvig', americanOdds: 100, stakeShare: four(under), updatedAgo: '5 minutes ago' },
        ],
        returns: [
          { result: 'total 1 or less', returnFraction: four(totalWin) },
          { result: 'total 2', returnFraction: four(totalTwo) },
          { result: 'total 3 or more', returnFraction: four(totalWin) },
        ],
      },
    ]);
    expect(answer.arbitrageNote).toContain('never risk-free');
  });

  it('through a loopback Odds API: the middles of an NFL game, one on the key number 3, with their chance from stored finals', async () => {
    const now = Date.now();
    const kickoff = new Date(now + 70 * 60 * MIN);
    kickoff.setUTCMinutes(0, 0, 0);
    const providers = {
      odds: createOddsApi({ apiKey: 'fake', baseUrl: fake.baseUrl, regions: 'us', timeoutMs: 2000 }),
      espn: createEspn({ baseUrl: fake.baseUrl, timeoutMs: 2000 }),
      weather: createOpenMeteo({ baseUrl: fake.baseUrl, timeoutMs: 2000 }),
      sample: undefined,
    };
    const updated = new Date(now - 5 * MIN).toISOString();
    fake.routes.set('/v4/sports/americanfootball_nfl/odds', () => ({
      headers: QUOTA,
      body: [middleEvent('middle', kickoff.toISOString(), updated)],
    }));
    const { ingest } = createRoot({ config: parseConfig({}), db: database.db, providers });
    const ingested = await ingest({ sports: ['nfl'], only: 'odds', mode: 'manual', force: true, now: () => new Date(now) });
    expect(ingested.failures).toEqual([]);
    const gameId = `nfl-${leagueDay('nfl', kickoff)}-buf-kc`;
    const game = await database.db.game.findUniqueOrThrow({ where: { id: gameId } });
    const middles = async () =>
      (await getGameOdds.run(
        toolContext(database.db, { env: { ODDS_CACHE_SECONDS: '0' }, now: () => new Date(now) }),
        getGameOdds.input.parse({ sport: 'nfl', gameId, middles: true }),
      )) as { middles: Record<string, unknown>[]; middleNote?: string; gamesScanned: number };

    // Worked out by hand. Spreads: KC -2.5 and BUF +3.5, both -115 (decimal 1 + 100/115), staked half and half; one
    // leg alone returns 0.5 × 1.869565 − 1, both (KC by 3) 1.869565 − 1. Totals: over 44.5 and under 46.5, both -105
    // (decimal 1.952381), half and half: a miss 0.5 × 1.952381 − 1, 45 or 46 1.952381 − 1.
    const four = (value: number) => Math.round(value * 1e4) / 1e4;
    const [spreadDecimal, totalDecimal] = [1 + 100 / 115, 1 + 100 / 105];
    const leg = (outcome: string, point: number, book: string) => ({ outcome, point, book, stakeShare: 0.5, updatedAgo: '5 minutes ago' });
    const expected = (spreadChance: number | null, totalChance: number | null) => [
      {
        gameId,
        matchup: 'Buffalo Bills (BUF) at Kansas City Chiefs (KC)',
        startsAt: instant(kickoff),
        market: 'totals',
        window: 'total 45 to 46',
        chance: totalChance,
        worstReturnFraction: four(0.5 * totalDecimal - 1),
        windowReturnFraction: four(totalDecimal - 1),
        legs: [
          { ...leg('over', 44.5, 'fanduel'), americanOdds: -105 },
          { ...leg('under', 46.5, 'lowvig'), americanOdds: -105 },
        ],
      },
      {
        gameId,
        matchup: 'Buffalo Bills (BUF) at Kansas City Chiefs (KC)',
        startsAt: instant(kickoff),
        market: 'spreads',
        window: 'KC by 3',
        keyNumbers: [3],
        chance: spreadChance,
        worstReturnFraction: four(0.5 * spreadDecimal - 1),
        windowReturnFraction: four(spreadDecimal - 1),
        legs: [
          { ...leg('KC', -2.5, 'fanduel'), americanOdds: -115 },
          { ...leg('BUF', 3.5, 'lowvig'), americanOdds: -115 },
        ],
      },
    ];
    // Too few NFL finals stored: the chance is unknown.
    const unknown = await middles();
    expect(unknown.gamesScanned).toBe(1);
    expect(unknown.middles).toEqual(expected(null, null));
    expect(unknown.middleNote).toContain('null with fewer than 200');

    // 250 finals between the two teams: 50 won 20-17 and 25 won 24-21 by the home side (by 3), 175 won 24-10.
    const finals = [...Array(250).keys()].map((n) => {
      const [homeScore, awayScore] = n < 50 ? [20, 17] : n < 75 ? [24, 21] : [24, 10];
      return {
        id: `nfl-final-${n}`,
        sport: 'nfl',
        season: 2020,
        startsAt: new Date(Date.UTC(2020, 9, 1) + n * 86_400_000),
        homeTeamId: game.homeTeamId,
        awayTeamId: game.awayTeamId,
        status: 'final',
        homeScore,
        awayScore,
        source: 'test-finals',
      };
    });
    await database.db.game.createMany({ data: finals });
    try {
      expect((await middles()).middles).toEqual(expected(75 / 250, 25 / 250));
      const full = await odds({ sport: 'nfl', gameId, markets: ['spreads'] }, () => new Date(now));
      expect(full.games[0]!.markets[0]!.middle).toMatchObject({
        window: 'KC by 3',
        keyNumbers: [3],
        chance: 0.3,
        finals: 250,
        worstReturnFraction: -0.065217,
        windowReturnFraction: 0.869565,
        returns: [
          { result: "KC's margin 2 or less", returnFraction: -0.065217 },
          { result: 'KC by 3', returnFraction: 0.869565 },
          { result: 'KC by 4 or more', returnFraction: -0.065217 },
        ],
      });
    } finally {
      await database.db.game.deleteMany({ where: { source: 'test-finals' } });
    }
  });

  it('on the sample slate: the steam move, best-price EV, arbitrage shares and a sorted value scan', async () => {
    await loadPinnedSample(database.db);
    const answer = await odds({ sport: 'nfl', minExpectedValue: -0.02, history: true }, pinnedClock);
    const markets = answer.games.flatMap((game) => game.markets.map((market) => ({ game, market })));
    const steamed = markets.filter(({ market }) => market.steam);
    const first = answer.games.find((game) =>
      game.markets.some((m) => m.market === 'h2h' && m.steam?.outcome === game.homeTeam.abbreviation),
    );
    expect(first).toBeDefined();
    expect(steamed.length).toBeGreaterThanOrEqual(1);
    for (const { market } of markets) {
      for (const outcome of market.outcomes) {
        if (outcome.fairProbability !== null && outcome.best)
          expect(outcome.best.expectedValue).toBe(priceExpectedValue(outcome.fairProbability, outcome.best.americanOdds));
        else expect(outcome.best?.expectedValue).toBeUndefined();
      }
      if (market.arbitrage) {
        const shares = market.arbitrage.legs.reduce((sum, leg) => sum + Math.round(leg.stakeShare * 1e6), 0);
        expect(shares).toBe(1_000_000);
      }
      expect(market.history?.series.length).toBeGreaterThan(0);
    }
    const value = answer.value!;
    expect(value.length).toBeGreaterThan(0);
    for (let i = 1; i < value.length; i++) expect(value[i - 1]!.expectedValue).toBeGreaterThanOrEqual(value[i]!.expectedValue);
    for (const entry of value) expect(entry.consensusBooks).toBeGreaterThanOrEqual(3);
  });
});
