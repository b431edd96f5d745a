import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import { createEspn } from '@/lib/data/providers/espn';
import { createOddsApi } from '@/lib/data/providers/odds-api';
import { createOpenMeteo } from '@/lib/data/providers/open-meteo';
import { leagueDay } from '@/lib/data/sports';
import { createRoot } from '@/lib/root';
import { instant } from '@/lib/time';
import { AGE, withoutAges } from '../../helpers/ages';
import { loadTodaysSample } from '../../helpers/clock';
import { PROVIDERS } from '../../helpers/fixtures';
import { raw } from '../../helpers/http';
import { testApp } from '../../helpers/test-app';
import { modern } from '../mcp/support';
import { QUOTA, quarterLineEvent, startFakeProviders, type FakeProviders } from './fake-providers';

// The low-hold list (get_game_odds with arbitrage: true and maxHold) over REST and MCP against the production
// server: the quarter-line EPL match of the loopback Odds API (the arbitrage tests' slate), its entries worked out by
// hand, and the sample slate's NFL week, whose list at maxHold 0 is the arbitrage list.

const MIN = 60_000;
const four = (value: number) => Math.round(value * 1e4) / 1e4;

describe.each(PROVIDERS)('the low-hold list on %s', (provider) => {
  let fake: FakeProviders;
  let token: string;
  let kickoff: Date;
  // Registered before testApp's, so the loopback provider is up when the seed ingests from it.
  beforeAll(async () => {
    fake = await startFakeProviders();
  });
  afterAll(() => fake?.close());

  const app = testApp(provider, {
    seed: async (database) => {
      await loadTodaysSample(database.db);
      const now = Date.now();
      kickoff = new Date(now + 50 * 60 * MIN);
      kickoff.setUTCMinutes(0, 0, 0);
      // Today's sample may hold its own Chelsea–Arsenal on that day (it did on 2027-07-16), under the same id: the
      // match is the loopback provider's alone, so the sample's is removed with its prices and their history.
      const gameId = `epl-${leagueDay('epl', kickoff)}-che-ars`;
      await database.db.priceHistory.deleteMany({ where: { gameId } });
      await database.db.game.deleteMany({ where: { id: gameId } });
      const updated = new Date(now - 5 * MIN).toISOString();
      fake.routes.set('/v4/sports/soccer_epl/odds', () => ({
        headers: QUOTA,
        body: [quarterLineEvent('quarter', kickoff.toISOString(), updated)],
      }));
      const providers = {
        odds: createOddsApi({ apiKey: 'fake', baseUrl: fake.baseUrl, regions: 'uk', timeoutMs: 2000 }),
        espn: createEspn({ baseUrl: fake.baseUrl, timeoutMs: 2000 }),
        weather: createOpenMeteo({ baseUrl: fake.baseUrl, timeoutMs: 2000 }),
        sample: undefined,
      };
      const { ingest } = createRoot({ config: parseConfig({}), db: database.db, providers });
      const ingested = await ingest({ sports: ['epl'], only: 'odds', mode: 'manual', force: true, now: () => new Date(now) });
      expect(ingested.failures).toEqual([]);
      token = (await database.token(await database.user('hold@example.com'), 'read')).token;
    },
  });

  // Ages blanked (tests/helpers/ages.ts): these tests hold answers a moment apart to each other.
  const call = async (args: unknown) => {
    const res = await raw(app.server.port, {
      path: '/api/v1/tools/get_game_odds',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    return { status: res.status, body: withoutAges(res.json()) };
  };
  const mcp = async (args: unknown) =>
    withoutAges(
      (
        (await modern(app.server.port, token, 'tools/call', { name: 'get_game_odds', arguments: args })).json() as {
          result: { structuredContent: unknown };
        }
      ).result.structuredContent,
    );

  it('the arbitrages first, best first, then the low-hold markets, each with its hold; the same over REST and MCP', async () => {
    const gameId = `epl-${leagueDay('epl', kickoff)}-che-ars`;
    const args = { sport: 'epl', gameId, arbitrage: true, maxHold: 0.06 };
    const rest = await call(args);
    expect(rest.status).toBe(200);
    const { data } = rest.body;
    const game = { gameId, matchup: 'Chelsea (CHE) at Arsenal (ARS)', startsAt: instant(kickoff) };
    const ago = AGE;
    // The two quarter-line arbitrages, as the arbitrage tests work them out (value-odds.test.ts): handicap ARS -0.25
    // at fanduel against CHE +0.25 at lowvig, both +110: hold 2 × 100/210 − 1 = −0.047619, worst return the draw's
    // 0.025. Totals 2.25, over +105 (fanduel) and under +100 (lowvig): hold 100/205 + 100/200 − 1 = −0.012195, worst
    // the two goals' (over 2/4.05 and under 2.05/4.05 of the stake): 0.006173.
    const [over, under] = [2 / 4.05, 2.05 / 4.05];
    const totalWin = over * 2.05 - 1;
    const totalTwo = over / 2 + under / 2 + (under / 2) * 2 - 1;
    // h2h is 120 / 240 / 230 at every book: 100/220 + 100/340 + 100/330 = 1.0516934, a hold of 5.17%, no arbitrage;
    // every side staked in proportion returns 1/1.0516934 − 1 = −0.0491527 whatever the result: what it costs.
    const implied = [100 / 220, 100 / 340, 100 / 330];
    const sum = implied[0]! + implied[1]! + implied[2]!;
    expect(data.gamesScanned).toBe(1);
    expect(data.lowHold).toEqual([
      {
        ...game,
        market: 'spreads',
        arbitrage: true,
        hold: four(2 * (100 / 210) - 1),
        returnFraction: 0.025,
        legs: [
          { outcome: 'ARS', point: -0.25, book: 'fanduel', americanOdds: 110, stakeShare: 0.5, updatedAgo: ago },
          { outcome: 'CHE', point: 0.25, book: 'lowvig', americanOdds: 110, stakeShare: 0.5, updatedAgo: ago },
        ],
        returns: [
          { result: 'CHE by 1 or more', returnFraction: 0.05 },
          { result: 'draw', returnFraction: 0.025 },
          { result: 'ARS by 1 or more', returnFraction: 0.05 },
        ],
      },
      {
        ...game,
        market: 'totals',
        arbitrage: true,
        hold: four(100 / 205 + 100 / 200 - 1),
        returnFraction: four(totalTwo),
        legs: [
          { outcome: 'over', point: 2.25, book: 'fanduel', americanOdds: 105, stakeShare: four(over), updatedAgo: ago },
          { outcome: 'under', point: 2.25, book: 'lowvig', americanOdds: 100, stakeShare: four(under), updatedAgo: ago },
        ],
        returns: [
          { result: 'total 1 or less', returnFraction: four(totalWin) },
          { result: 'total 2', returnFraction: four(totalTwo) },
          { result: 'total 3 or more', returnFraction: four(totalWin) },
        ],
      },
      {
        ...game,
        market: 'h2h',
        arbitrage: false,
        hold: four(sum - 1),
        returnFraction: four(1 / sum - 1),
        legs: [
          { outcome: 'ARS', book: expect.any(String), americanOdds: 120, stakeShare: four(implied[0]! / sum), updatedAgo: ago },
          { outcome: 'draw', book: expect.any(String), americanOdds: 240, stakeShare: four(implied[1]! / sum), updatedAgo: ago },
          { outcome: 'CHE', book: expect.any(String), americanOdds: 230, stakeShare: four(implied[2]! / sum), updatedAgo: ago },
        ],
      },
    ]);
    expect(data.lowHold.map((entry: { hold: number }) => entry.hold)).toEqual([-0.0476, -0.0122, 0.0517]);
    expect(data.arbitrageNote).toContain('never risk-free');
    expect(data.lowHoldNote).toContain('not an arbitrage');
    expect(await mcp(args)).toEqual(data);

    // Paged as the arbitrage list, a page at a time in the same order.
    const paged: unknown[] = [];
    let cursor: string | undefined;
    do {
      const page = (await call({ ...args, limit: 1, ...(cursor ? { cursor } : {}) })).body.data;
      paged.push(...page.lowHold);
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(data.lowHold);

    // Below the h2h's hold, the arbitrages alone; no low-hold note.
    const tighter = (await call({ ...args, maxHold: 0.05 })).body.data;
    expect(tighter.lowHold.map((entry: { market: string }) => entry.market)).toEqual(['spreads', 'totals']);
    expect(tighter).not.toHaveProperty('lowHoldNote');
    // Without maxHold the arbitrage list is as it was: no hold, no low-hold market.
    const plain = (await call({ sport: 'epl', gameId, arbitrage: true })).body.data;
    expect(plain).not.toHaveProperty('lowHold');
    expect(plain.arbitrages).toEqual(
      data.lowHold.slice(0, 2).map(({ arbitrage: _a, hold: _h, ...entry }: { arbitrage: boolean; hold: number }) => entry),
    );
  });

  it("at maxHold 0 the list is the week's arbitrage list, each entry with its hold", async () => {
    const arbitrages = (await call({ sport: 'nfl', arbitrage: true, limit: 100 })).body.data;
    const list = (await call({ sport: 'nfl', arbitrage: true, maxHold: 0, limit: 100 })).body.data;
    expect(arbitrages.arbitrages.length).toBeGreaterThan(0);
    expect(list.lowHold.every((entry: { arbitrage: boolean; hold: number }) => entry.arbitrage && entry.hold <= 0)).toBe(true);
    expect(list.lowHold.map(({ arbitrage: _a, hold: _h, ...entry }: { arbitrage: boolean; hold: number }) => entry)).toEqual(
      arbitrages.arbitrages,
    );
    expect(await mcp({ sport: 'nfl', arbitrage: true, maxHold: 0, limit: 100 })).toEqual(list);
    // Wider, the low-hold markets follow the arbitrages, lowest hold first, each costing what its hold says.
    const wide = (await call({ sport: 'nfl', arbitrage: true, maxHold: 0.03, limit: 100 })).body.data;
    const lows = wide.lowHold.filter((entry: { arbitrage: boolean }) => !entry.arbitrage);
    expect(wide.lowHold.slice(0, list.lowHold.length)).toEqual(list.lowHold);
    expect(lows.length).toBeGreaterThan(0);
    const holds = lows.map((entry: { hold: number }) => entry.hold);
    expect(holds).toEqual([...holds].sort((a, b) => a - b));
    for (const entry of lows) {
      expect(entry.hold).toBeGreaterThanOrEqual(0);
      expect(entry.hold).toBeLessThanOrEqual(0.03);
      expect(entry.returnFraction).toBeLessThanOrEqual(0);
    }
  });

  it('refuses maxHold without arbitrage: true, with middles, and as a percentage', async () => {
    const alone = await call({ sport: 'nfl', maxHold: 0.02 });
    expect(alone.status).toBe(400);
    expect(alone.body.error.code).toBe('invalid_input');
    expect(alone.body.error.message).toContain('arbitrage: true');
    const middles = await call({ sport: 'nfl', middles: true, maxHold: 0.02 });
    expect(middles.status).toBe(400);
    expect(middles.body.error.message).toContain('maxHold');
    const percent = await call({ sport: 'nfl', arbitrage: true, maxHold: 2 });
    expect(percent.status).toBe(400);
    expect(percent.body.error.message).toContain('a fraction, not a percentage');
  });
});
