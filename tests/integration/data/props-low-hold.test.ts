import { describe, expect, it } from 'vitest';
import { instant } from '@/lib/time';
import { AGE, withoutAges } from '../../helpers/ages';
import { PROVIDERS } from '../../helpers/fixtures';
import { addGame } from '../../helpers/games';
import { raw } from '../../helpers/http';
import { testApp } from '../../helpers/test-app';
import { modern } from '../mcp/support';

// The arbitrage and low-hold lists of player props (get_player_props with arbitrage: true, and maxHold) over REST and
// MCP against the production server, on SQLite and PostgreSQL: two coming NFL games' props seeded here, each entry
// worked out by hand, over the league's week without gameId and over one game with it.

const MIN = 60_000;
const HOUR = 60 * MIN;
const FIRST = 'lhp-buf-kc';
const SECOND = 'lhp-dal-phi';
const four = (value: number) => Math.round(value * 1e4) / 1e4;
const implied = (odds: number) => (odds < 0 ? -odds / (-odds + 100) : 100 / (odds + 100));

/** [game, market, player, book, outcome, point, price] */
type Quote = [string, string, string, string, string, number | null, number];
const PROPS: Quote[] = [
  // Mahomes' passing yards: one line at two books, and two other lines; the lowest hold is over 275.5 at fanduel (+100)
  // with under 275.5 at draftkings (-110). Over 276.5 +120 with under 274.5 +115 sums less, but both lose on 275–276.
  [FIRST, 'player_pass_yds', 'Patrick Mahomes', 'draftkings', 'over', 275.5, -110],
  [FIRST, 'player_pass_yds', 'Patrick Mahomes', 'draftkings', 'under', 275.5, -110],
  [FIRST, 'player_pass_yds', 'Patrick Mahomes', 'fanduel', 'over', 275.5, 100],
  [FIRST, 'player_pass_yds', 'Patrick Mahomes', 'fanduel', 'under', 275.5, -120],
  [FIRST, 'player_pass_yds', 'Patrick Mahomes', 'betmgm', 'over', 276.5, 120],
  [FIRST, 'player_pass_yds', 'Patrick Mahomes', 'betmgm', 'under', 276.5, -150],
  [FIRST, 'player_pass_yds', 'Patrick Mahomes', 'caesars', 'over', 274.5, -130],
  [FIRST, 'player_pass_yds', 'Patrick Mahomes', 'caesars', 'under', 274.5, 115],
  // Allen's rushing yards: an arbitrage at one line, over +110 at draftkings and under +105 at fanduel.
  [FIRST, 'player_rush_yds', 'Josh Allen', 'draftkings', 'over', 30.5, 110],
  [FIRST, 'player_rush_yds', 'Josh Allen', 'draftkings', 'under', 30.5, -140],
  [FIRST, 'player_rush_yds', 'Josh Allen', 'fanduel', 'over', 30.5, -150],
  [FIRST, 'player_rush_yds', 'Josh Allen', 'fanduel', 'under', 30.5, 105],
  // Kelce's receiving yards: a hold of 9.09% everywhere.
  [FIRST, 'player_reception_yds', 'Travis Kelce', 'draftkings', 'over', 60.5, -120],
  [FIRST, 'player_reception_yds', 'Travis Kelce', 'draftkings', 'under', 60.5, -120],
  // Kincaid's receptions: over 5.5 and under 6.5 only, a middle whose sum (1.012) is below any hold here: never listed.
  [FIRST, 'player_receptions', 'Dalton Kincaid', 'draftkings', 'over', 5.5, 100],
  [FIRST, 'player_receptions', 'Dalton Kincaid', 'fanduel', 'under', 6.5, -105],
  // A one-sided market has no hold.
  [FIRST, 'player_anytime_td', 'Travis Kelce', 'draftkings', 'yes', null, 150],
  [FIRST, 'player_anytime_td', 'Travis Kelce', 'fanduel', 'yes', null, 160],
  // Hurts' passing yards in the second game: -105 / -105 at the best books, a hold of 2.44%.
  [SECOND, 'player_pass_yds', 'Jalen Hurts', 'draftkings', 'over', 220.5, -105],
  [SECOND, 'player_pass_yds', 'Jalen Hurts', 'draftkings', 'under', 220.5, -115],
  [SECOND, 'player_pass_yds', 'Jalen Hurts', 'fanduel', 'over', 220.5, -110],
  [SECOND, 'player_pass_yds', 'Jalen Hurts', 'fanduel', 'under', 220.5, -105],
];

describe.each(PROVIDERS)('the arbitrage and low-hold lists of player props on %s', (provider) => {
  let token: string;
  let starts: [Date, Date];
  const app = testApp(provider, {
    seed: async (database) => {
      const now = Date.now();
      starts = [new Date(Math.floor((now + 48 * HOUR) / HOUR) * HOUR), new Date(Math.floor((now + 72 * HOUR) / HOUR) * HOUR)];
      await addGame(database.db, { id: FIRST, home: 'KC', away: 'BUF', startsAt: starts[0] });
      await addGame(database.db, { id: SECOND, home: 'PHI', away: 'DAL', startsAt: starts[1] });
      // A past game's box score tells two of the players' teams; Allen's and the others' are not known.
      const past = new Date(now - 10 * 24 * HOUR);
      await addGame(database.db, {
        id: 'lhp-phi-kc-old',
        home: 'KC',
        away: 'PHI',
        startsAt: past,
        status: 'final',
        homeScore: 20,
        awayScore: 17,
      });
      for (const [player, teamId] of [
        ['Patrick Mahomes', 'nfl:KC'],
        ['Jalen Hurts', 'nfl:PHI'],
      ] as const)
        await database.db.playerStat.create({
          data: { sport: 'nfl', player, teamId, gameId: 'lhp-phi-kc-old', playedAt: past, stats: '{}', source: 'test' },
        });
      const updatedAt = new Date(now - 5 * MIN);
      for (const [gameId, market, player, book, outcome, point, americanOdds] of PROPS)
        await database.db.price.create({ data: { gameId, market, player, book, outcome, point, americanOdds, updatedAt } });
      token = (await database.token(await database.user('props-hold@example.com'), 'read')).token;
    },
  });

  // Ages blanked (tests/helpers/ages.ts): these tests hold answers a moment apart to each other.
  const call = async (tool: string, args: unknown) => {
    const res = await raw(app.server.port, {
      path: `/api/v1/tools/${tool}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    return { status: res.status, body: withoutAges(res.json()) };
  };
  const props = (args: unknown) => call('get_player_props', args);
  const mcp = async (args: unknown) =>
    withoutAges(
      (
        (await modern(app.server.port, token, 'tools/call', { name: 'get_player_props', arguments: args })).json() as {
          result: { structuredContent: unknown };
        }
      ).result.structuredContent,
    );

  const ago = AGE;
  const game = (id: string, away: string, home: string, at: Date) => ({
    gameId: id,
    matchup: expect.stringMatching(new RegExp(`\\(${away}\\) at .*\\(${home}\\)$`)),
    startsAt: instant(at),
  });
  // Allen: 100/210 + 100/205 = 0.9639954, a hold of −3.6%; staked 0.4939759 / 0.5060241, either result returns
  // 1 / 0.9639954 − 1 = 0.0373494 (a half line: no push).
  const allenSum = implied(110) + implied(105);
  const allen = () => ({
    ...game(FIRST, 'BUF', 'KC', starts[0]),
    market: 'player_rush_yds',
    player: 'Josh Allen',
    arbitrage: true,
    hold: four(allenSum - 1),
    returnFraction: four(1 / allenSum - 1),
    legs: [
      { outcome: 'over', point: 30.5, book: 'draftkings', americanOdds: 110, stakeShare: four(implied(110) / allenSum), updatedAgo: ago },
      { outcome: 'under', point: 30.5, book: 'fanduel', americanOdds: 105, stakeShare: four(implied(105) / allenSum), updatedAgo: ago },
    ],
  });
  // Mahomes: 100/200 + 110/210 = 1.0238095, a hold of 2.38%, costing 1 / 1.0238095 − 1 = −0.0232558.
  const mahomesSum = implied(100) + implied(-110);
  const mahomes = () => ({
    ...game(FIRST, 'BUF', 'KC', starts[0]),
    market: 'player_pass_yds',
    player: 'Patrick Mahomes',
    team: 'KC',
    arbitrage: false,
    hold: four(mahomesSum - 1),
    returnFraction: four(1 / mahomesSum - 1),
    legs: [
      { outcome: 'over', point: 275.5, book: 'fanduel', americanOdds: 100, stakeShare: four(0.5 / mahomesSum), updatedAgo: ago },
      {
        outcome: 'under',
        point: 275.5,
        book: 'draftkings',
        americanOdds: -110,
        stakeShare: four(implied(-110) / mahomesSum),
        updatedAgo: ago,
      },
    ],
  });
  // Hurts: 2 × 105/205 = 1.0243902, a hold of 2.44%.
  const hurtsSum = 2 * implied(-105);
  const hurts = () => ({
    ...game(SECOND, 'DAL', 'PHI', starts[1]),
    market: 'player_pass_yds',
    player: 'Jalen Hurts',
    team: 'PHI',
    arbitrage: false,
    hold: four(hurtsSum - 1),
    returnFraction: four(1 / hurtsSum - 1),
    legs: [
      { outcome: 'over', point: 220.5, book: 'draftkings', americanOdds: -105, stakeShare: 0.5, updatedAgo: ago },
      { outcome: 'under', point: 220.5, book: 'fanduel', americanOdds: -105, stakeShare: 0.5, updatedAgo: ago },
    ],
  });

  it("lists the league's week: the arbitrages first, then the props whose hold at one line is at most maxHold, lowest first", async () => {
    const args = { sport: 'nfl', arbitrage: true, maxHold: 0.05 };
    const rest = await props(args);
    expect(rest.status).toBe(200);
    const { data } = rest.body;
    expect(data.gamesScanned).toBe(2);
    expect(data.note).toContain('naming a gameId');
    expect(data.lowHold).toEqual([allen(), mahomes(), hurts()]);
    expect(data.lowHold.map((entry: { hold: number }) => entry.hold)).toEqual([-0.036, 0.0238, 0.0244]);
    expect(data.arbitrageNote).toContain('never risk-free');
    expect(data.lowHoldNote).toContain('not an arbitrage');
    expect(await mcp(args)).toEqual(data);

    // Paged as the game list, a page at a time in the same order.
    const paged: unknown[] = [];
    let cursor: string | undefined;
    do {
      const page = (await props({ ...args, limit: 1, ...(cursor ? { cursor } : {}) })).body.data;
      paged.push(...page.lowHold);
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(data.lowHold);

    // At maxHold 1 every prop with both sides at one line: Kelce's 9.09% too, never the middle's two lines nor a
    // one-sided market.
    const all = (await props({ ...args, maxHold: 1 })).body.data.lowHold;
    expect(all.map((entry: { player: string; market: string }) => `${entry.player} ${entry.market}`)).toEqual([
      'Josh Allen player_rush_yds',
      'Patrick Mahomes player_pass_yds',
      'Jalen Hurts player_pass_yds',
      'Travis Kelce player_reception_yds',
    ]);
    expect(all[3].hold).toBe(four(2 * implied(-120) - 1));
    // Below every hold, the arbitrage alone; no low-hold note.
    const tight = (await props({ ...args, maxHold: 0 })).body.data;
    expect(tight.lowHold).toEqual([allen()]);
    expect(tight).not.toHaveProperty('lowHoldNote');
  });

  it('lists one game with gameId, one player with player, and the arbitrages alone without maxHold', async () => {
    const second = (await props({ sport: 'nfl', gameId: SECOND, arbitrage: true, maxHold: 0.05 })).body.data;
    expect(second.gamesScanned).toBe(1);
    expect(second.lowHold).toEqual([hurts()]);
    expect(second).not.toHaveProperty('arbitrageNote');
    expect(await mcp({ sport: 'nfl', gameId: SECOND, arbitrage: true, maxHold: 0.05 })).toEqual(second);
    const one = (await props({ sport: 'nfl', arbitrage: true, maxHold: 0.05, player: 'patrick mahomes' })).body.data;
    expect(one.lowHold).toEqual([mahomes()]);

    const arbitrages = await props({ sport: 'nfl', arbitrage: true });
    expect(arbitrages.status).toBe(200);
    expect(arbitrages.body.data).not.toHaveProperty('lowHold');
    const { arbitrage: _a, hold: _h, ...plain } = allen();
    expect(arbitrages.body.data.arbitrages).toEqual([plain]);
    expect(arbitrages.body.data.arbitrageNote).toContain('never risk-free');
    expect(await mcp({ sport: 'nfl', arbitrage: true })).toEqual(arbitrages.body.data);
    const inGame = (await props({ sport: 'nfl', gameId: FIRST, arbitrage: true })).body.data;
    expect(inGame.arbitrages).toEqual([plain]);
  });

  it('refuses as get_game_odds does: maxHold without arbitrage: true, beside the value list, as a percentage', async () => {
    const refusal = async (args: Record<string, unknown>) => {
      const [rest, game] = [await props(args), await call('get_game_odds', args)];
      expect(rest.status).toBe(400);
      expect(rest.body.error.code).toBe('invalid_input');
      expect(rest.body.error).toEqual(game.body.error);
      return rest.body.error;
    };
    expect((await refusal({ sport: 'nfl', maxHold: 0.02 })).message).toContain('needs arbitrage: true');
    expect((await refusal({ sport: 'nfl', arbitrage: false, maxHold: 0.02 })).issues[0].path).toBe('maxHold');
    expect((await refusal({ sport: 'nfl', arbitrage: true, minExpectedValue: 0.02 })).issues[0].path).toBe('minExpectedValue');
    expect((await refusal({ sport: 'nfl', arbitrage: true, detail: 'full' })).issues[0].path).toBe('detail');
    expect((await refusal({ sport: 'nfl', arbitrage: true, maxHold: 2 })).message).toContain('a fraction, not a percentage');
    expect((await refusal({ sport: 'nfl', arbitrage: true, maxHold: -0.01 })).message).toContain('0 or more');
    // Without either list, a game is still needed.
    const withoutGame = (await props({ sport: 'nfl' })).body.error.issues[0];
    expect(withoutGame.path).toBe('gameId');
    expect(withoutGame.message).toContain('minExpectedValue or arbitrage: true');
  });
});
