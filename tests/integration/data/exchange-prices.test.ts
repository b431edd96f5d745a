import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { logBet } from '@/lib/tools/bets';
import { getGameOdds } from '@/lib/tools/odds';
import type { GameOddsFull } from '@/lib/tools/odds-schemas';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { toolContext } from '../../helpers/tool-context';
import { expectedBetfairReference, expectedExchangeMarket, ingestExchangeSlate } from './exchange-slate';
import { startFakeProviders, type FakeProviders } from './fake-providers';

// Exchange and prediction-market prices through a loopback Odds API (./exchange-slate.ts): stored as quoted (their
// lay markets left out), and priced net of each venue's fee. On SQLite and PostgreSQL, in process; REST and MCP ask
// the built server the same (tests/integration/exchange-prices-http.test.ts).

let fake: FakeProviders;
beforeAll(async () => {
  fake = await startFakeProviders();
});
afterAll(() => fake?.close());

describe.each(PROVIDERS)('exchange prices on %s', (provider) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase(provider);
  });
  afterAll(() => database?.close());

  it('are stored as quoted, without their lay market, and asked for with region us_ex', async () => {
    const now = Date.now();
    const gameId = await ingestExchangeSlate(fake, database.db, now);
    expect(fake.requests.at(-1)!.searchParams.get('regions')).toBe('us,uk,us_ex');
    const stored = await database.db.price.findMany({ where: { gameId }, orderBy: [{ book: 'asc' }, { outcome: 'asc' }] });
    expect(stored.map((row) => [row.book, row.market, row.outcome, row.americanOdds])).toEqual([
      ['betfair_ex_uk', 'h2h', 'BUF', 136],
      ['betfair_ex_uk', 'h2h', 'KC', -138],
      ['draftkings', 'h2h', 'BUF', 130],
      ['draftkings', 'h2h', 'KC', -150],
      ['fanduel', 'h2h', 'BUF', 135],
      ['fanduel', 'h2h', 'KC', -155],
      ['kalshi', 'h2h', 'BUF', 140],
      ['kalshi', 'h2h', 'KC', -140],
    ]);
  });

  it('count for the best price and the consensus net of commission, in the full and the default answer', async () => {
    const now = Date.now();
    const gameId = await ingestExchangeSlate(fake, database.db, now);
    const ask = (args: z.input<typeof getGameOdds.input>) =>
      getGameOdds.run(
        toolContext(database.db, { env: { ODDS_CACHE_SECONDS: '0' }, now: () => new Date(now) }),
        getGameOdds.input.parse(args),
      );
    const expected = expectedExchangeMarket();

    const full = (await ask({ sport: 'nfl', gameId, book: 'draftkings', detail: 'full' })) as GameOddsFull;
    const market = full.games[0]!.markets.find((m) => m.market === 'h2h')!;
    expect(market.consensusBooks).toBe(4);
    expect(market.arbitrage).toEqual(expected.arbitrage);
    expect(market.outcomes.map((o) => o.fairProbability)).toEqual(expected.fairProbability);
    expect(market.outcomes.map((o) => o.expectedValue)).toEqual(expected.expectedValue);
    expect(market.outcomes.map((o) => o.americanOdds)).toEqual([-150, 130]);
    expect(market.outcomes.map(({ best }) => best && { ...best, updatedAt: undefined, updatedAgo: undefined })).toEqual(
      expected.best.map((best) => ({ ...best, updatedAt: undefined, updatedAgo: undefined })),
    );

    const concise = (await ask({ sport: 'nfl', gameId, book: 'draftkings' })) as {
      games: { markets: { market: string; outcomes: { best?: object }[] }[] }[];
    };
    const short = concise.games[0]!.markets.find((m) => m.market === 'h2h')!;
    expect(short.outcomes.map((o) => o.best)).toEqual(
      expected.best.map(({ book, americanOdds, beforeCommission, expectedValue }) => ({
        book,
        americanOdds,
        beforeCommission,
        expectedValue: Math.round(expectedValue * 1e4) / 1e4,
        updatedAgo: '5 minutes ago',
      })),
    );
  });

  it('as the reference book show their price net of commission, the quote beside it, in the full and the default answer', async () => {
    const now = Date.now();
    const gameId = await ingestExchangeSlate(fake, database.db, now);
    const ask = (args: z.input<typeof getGameOdds.input>) =>
      getGameOdds.run(
        toolContext(database.db, { env: { ODDS_CACHE_SECONDS: '0' }, now: () => new Date(now) }),
        getGameOdds.input.parse(args),
      );
    const expected = expectedBetfairReference();

    const full = (await ask({ sport: 'nfl', gameId, book: 'betfair_ex_uk', detail: 'full', history: true })) as GameOddsFull;
    const market = full.games[0]!.markets.find((m) => m.market === 'h2h')!;
    expect(
      market.outcomes.map(({ americanOdds, beforeCommission, impliedProbability, fairProbability, expectedValue }) => ({
        americanOdds,
        beforeCommission,
        impliedProbability,
        fairProbability,
        expectedValue,
      })),
    ).toEqual(expected);
    // The opening price and the history series are net too: the slate's one recorded price is today's.
    expect(
      market.outcomes.map((o) => o.opening && { americanOdds: o.opening.americanOdds, beforeCommission: o.opening.beforeCommission }),
    ).toEqual(expected.map(({ americanOdds, beforeCommission }) => ({ americanOdds, beforeCommission })));
    expect(market.history!.series.map((point) => point.americanOdds)).toEqual([expected.map((o) => o.americanOdds)]);

    const concise = (await ask({ sport: 'nfl', gameId, book: 'betfair_ex_uk' })) as {
      games: { markets: { market: string; outcomes: { americanOdds?: number; beforeCommission?: number; expectedValue?: number }[] }[] }[];
    };
    const short = concise.games[0]!.markets.find((m) => m.market === 'h2h')!;
    expect(
      short.outcomes.map(({ americanOdds, beforeCommission, expectedValue }) => ({ americanOdds, beforeCommission, expectedValue })),
    ).toEqual(
      expected.map(({ americanOdds, beforeCommission, expectedValue }) => ({
        americanOdds,
        beforeCommission,
        expectedValue: Math.round(expectedValue * 1e4) / 1e4,
      })),
    );
  });

  it('log_bet at an exchange takes the net price as it is, and warns when the price logged is the quote before the fee', async () => {
    const now = Date.now();
    const gameId = await ingestExchangeSlate(fake, database.db, now);
    const userId = await database.user(`exchange-${provider}@example.com`);
    const ctx = toolContext(database.db, { now: () => new Date(now), user: { id: userId, email: 'x@example.com' }, scope: 'write' });
    const log = (americanOdds: number) =>
      logBet.run(
        ctx,
        logBet.input.parse({ sport: 'nfl', gameId, market: 'h2h', selection: 'KC', book: 'betfair_ex_uk', americanOdds, stake: 10 }),
      );
    const [kc] = expectedBetfairReference();
    // The net price JEV shows: logged and settled at it, no warning.
    const net = await log(kc!.americanOdds);
    expect(net.bet.americanOdds).toBe(-145);
    expect(net.warnings).toEqual([]);
    // Betfair's quote, -138: still logged as given (the ledger settles at the price logged), with what to do.
    const quoted = await log(kc!.beforeCommission);
    expect(quoted.bet.americanOdds).toBe(-138);
    expect(quoted.warnings).toEqual([
      "-138 is betfair_ex_uk's price as quoted, before its fee; net of it the bet pays -145, the price JEV shows and the one " +
        "to log: the ledger settles at the price logged. If the user's bet pays net of the fee, settle this one void " +
        '(settle_bet, before kick-off) and log it again at -145.',
    ]);
  });
});
