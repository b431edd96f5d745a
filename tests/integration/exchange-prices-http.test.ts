import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw } from '../helpers/http';
import { testApp } from '../helpers/test-app';
import { expectedBetfairReference, expectedExchangeMarket, ingestExchangeSlate } from './data/exchange-slate';
import { startFakeProviders, type FakeProviders } from './data/fake-providers';
import { modern } from './mcp/support';

// Exchange and prediction-market prices over both front ends of the built server: a slate with Betfair's exchange
// and Kalshi, ingested from the loopback Odds API, answers get_game_odds over REST and MCP with the best price and
// the consensus net of each venue's fee, and the price before it (./data/exchange-slate.ts works them out by hand).

interface FullMarket {
  market: string;
  consensusBooks: number;
  arbitrage: unknown;
  outcomes: {
    americanOdds: number;
    beforeCommission?: number;
    impliedProbability: number;
    expectedValue: number;
    fairProbability: number;
    best: { book: string; americanOdds: number; beforeCommission?: number; expectedValue: number };
  }[];
}

let fake: FakeProviders;
beforeAll(async () => {
  fake = await startFakeProviders();
});
afterAll(() => fake?.close());

describe('exchange prices over REST and MCP', () => {
  let token: string;
  let gameId: string;
  const app = testApp('sqlite', {
    seed: async (database) => {
      gameId = await ingestExchangeSlate(fake, database.db, Date.now());
      ({ token } = await database.token(await database.user('ana@example.com'), 'read'));
    },
    env: () => ({ ODDS_API_KEY: 'fake', ODDS_API_BASE_URL: fake.baseUrl, ODDS_API_REGIONS: 'us,uk,us_ex' }),
  });
  const args = () => ({ sport: 'nfl', gameId, book: 'draftkings', detail: 'full' });

  const check = (markets: FullMarket[]) => {
    const expected = expectedExchangeMarket();
    const market = markets.find((m) => m.market === 'h2h')!;
    expect(market.consensusBooks).toBe(4);
    expect(market.arbitrage).toEqual(expected.arbitrage);
    expect(market.outcomes.map((o) => o.fairProbability)).toEqual(expected.fairProbability);
    expect(
      market.outcomes.map(({ best: { book, americanOdds, beforeCommission, expectedValue } }) => ({
        book,
        americanOdds,
        beforeCommission,
        expectedValue,
      })),
    ).toEqual(expected.best);
  };

  it('REST', async () => {
    const res = await raw(app.server.port, {
      path: '/api/v1/tools/get_game_odds',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(args()),
    });
    expect(res.status, res.body).toBe(200);
    check(res.json().data.games[0].markets);
  });

  it('MCP', async () => {
    const res = await modern(app.server.port, token, 'tools/call', { name: 'get_game_odds', arguments: args() });
    expect(res.status, res.body).toBe(200);
    const { result } = res.json();
    expect(result.isError).toBeUndefined();
    check(result.structuredContent.games[0].markets);
  });

  // Betfair as the reference book: its prices net of its commission, as a bettor gets them, the quote beside them.
  const atBetfair = () => ({ sport: 'nfl', gameId, book: 'betfair_ex_uk', detail: 'full' });
  const checkReference = (markets: FullMarket[]) => {
    const market = markets.find((m) => m.market === 'h2h')!;
    expect(
      market.outcomes.map(({ americanOdds, beforeCommission, impliedProbability, fairProbability, expectedValue }) => ({
        americanOdds,
        beforeCommission,
        impliedProbability,
        fairProbability,
        expectedValue,
      })),
    ).toEqual(expectedBetfairReference());
  };

  it('REST, Betfair as the reference book', async () => {
    const res = await raw(app.server.port, {
      path: '/api/v1/tools/get_game_odds',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(atBetfair()),
    });
    expect(res.status, res.body).toBe(200);
    checkReference(res.json().data.games[0].markets);
  });

  it('MCP, Betfair as the reference book', async () => {
    const res = await modern(app.server.port, token, 'tools/call', { name: 'get_game_odds', arguments: atBetfair() });
    expect(res.status, res.body).toBe(200);
    const { result } = res.json();
    expect(result.isError).toBeUndefined();
    checkReference(result.structuredContent.games[0].markets);
  });
});
