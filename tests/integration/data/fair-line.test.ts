import { describe, expect, it } from 'vitest';
import { devigBy } from '@/lib/betting/devig-methods';
import { withoutAges } from '../../helpers/ages';
import { addGame, addPrices, type TestQuote } from '../../helpers/games';
import { raw } from '../../helpers/http';
import { testApp } from '../../helpers/test-app';
import { modern } from '../mcp/support';

// The fair line on request (fairLine), through the built server over REST and MCP: without it the answer is the
// default consensus, field for field; with it every fair number of the answer (now, 24 hours back, the history
// series, the value list, props) is on the line asked for, as worked out here from the prices seeded; a name that is
// no fair line is 400 invalid_input on both front ends.

const HOUR = 3_600_000;
const GAME = 'fairline-kc-buf';
const PLAYER = 'Patrick Mahomes';

/** [book, KC price, BUF price] now, and a day and a half ago (only Pinnacle has moved since). */
const NOW_PRICES: [string, number, number][] = [
  ['draftkings', -110, -110],
  ['pinnacle', -125, 105],
  ['lowvig', -120, 100],
  ['fanduel', -105, -115],
  ['betmgm', -115, -105],
];
const THEN_PRICES = NOW_PRICES.map(([book, kc, buf]): [string, number, number] =>
  book === 'pinnacle' ? [book, -110, -110] : [book, kc, buf],
);
/** Mahomes' passing yards over/under 275.5: [book, over, under]. */
const PROP_PRICES: [string, number, number][] = [
  ['draftkings', -115, -105],
  ['pinnacle', -130, 110],
  ['fanduel', -110, -110],
];
/** The sharp table's weights for these books (lib/betting/sharp-books.ts), written out again here. */
const SHARP: Record<string, number> = { pinnacle: 3, lowvig: 2 };

const implied = (odds: number) => (odds < 0 ? -odds / (-odds + 100) : 100 / (odds + 100));
/** The first outcome's fair probability at each book, by multiplicative de-vig or by `method`. */
const firstFair = (prices: [string, number, number][], method?: 'power') =>
  prices.map(([book, a, b]) => ({
    book,
    fair: method ? devigBy([implied(a), implied(b)], method)[0]! : implied(a) / (implied(a) + implied(b)),
  }));
const average = (fairs: { book: string; fair: number }[], weights: Record<string, number> = {}) => {
  const weight = (book: string) => weights[book] ?? 1;
  return fairs.reduce((sum, { book, fair }) => sum + fair * weight(book), 0) / fairs.reduce((sum, { book }) => sum + weight(book), 0);
};

describe('the fair line on request, over REST and MCP', () => {
  let token: string;
  const app = testApp('sqlite', {
    seed: async (database) => {
      const now = Date.now();
      await addGame(database.db, { id: GAME, home: 'KC', away: 'BUF', startsAt: new Date(now + 48 * HOUR) });
      const h2h = (prices: [string, number, number][]): TestQuote[] =>
        prices.flatMap(([book, kc, buf]) => [
          { book, outcome: 'KC', americanOdds: kc },
          { book, outcome: 'BUF', americanOdds: buf },
        ]);
      await addPrices(database.db, GAME, 'h2h', h2h(THEN_PRICES), new Date(now - 36 * HOUR));
      await addPrices(database.db, GAME, 'h2h', h2h(NOW_PRICES), new Date(now - 60_000));
      for (const [book, over, under] of PROP_PRICES) {
        for (const [outcome, americanOdds] of [
          ['over', over],
          ['under', under],
        ] as const) {
          const row = { gameId: GAME, market: 'player_pass_yds', player: PLAYER, book, outcome, point: 275.5, americanOdds };
          await database.db.price.create({ data: { ...row, updatedAt: new Date(now - 60_000) } });
        }
      }
      token = (await database.token(await database.user('fay@example.com'), 'read')).token;
    },
  });

  const rest = async (tool: string, args: Record<string, unknown>) => {
    const res = await raw(app.server.port, {
      path: `/api/v1/tools/${tool}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    return { status: res.status, body: res.json() };
  };
  const mcp = async (tool: string, args: Record<string, unknown>) =>
    (await modern(app.server.port, token, 'tools/call', { name: tool, arguments: args })).json().result;
  const odds = async (extra: Record<string, unknown>) => {
    const { status, body } = await rest('get_game_odds', {
      sport: 'nfl',
      gameId: GAME,
      book: 'draftkings',
      markets: ['h2h'],
      detail: 'full',
      ...extra,
    });
    expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
    return body.data;
  };
  const kcFair = (answer: any) => answer.games[0].markets[0].outcomes[0].fairProbability as number;

  it('without fairLine: the default consensus, the plain average of multiplicative de-vigs, and no fairLine field', async () => {
    const answer = await odds({});
    expect(answer).not.toHaveProperty('fairLine');
    expect(answer.games[0].markets[0].consensusBooks).toBe(5);
    expect(kcFair(answer)).toBeCloseTo(average(firstFair(NOW_PRICES)), 6);
    const named = await odds({ fairLine: 'multiplicative' });
    expect(named.fairLine).toBe('multiplicative');
    expect(withoutAges(named.games)).toEqual(withoutAges(answer.games));
  });

  it('sharp: the weighted average everywhere in the answer (now, 24 hours back, history, value list), and the default again after it', async () => {
    const before = await odds({});
    const sharpNow = average(firstFair(NOW_PRICES), SHARP);
    const sharpThen = average(firstFair(THEN_PRICES), SHARP);
    expect(sharpNow).not.toBeCloseTo(average(firstFair(NOW_PRICES)), 4);

    const answer = await odds({ fairLine: 'sharp', history: true });
    expect(answer.fairLine).toBe('sharp');
    const market = answer.games[0].markets[0];
    const [kc, buf] = market.outcomes;
    expect(kc.fairProbability).toBeCloseTo(sharpNow, 6);
    expect(kc.fairProbability + buf.fairProbability).toBeCloseTo(1, 6);
    expect(kc.expectedValue).toBeCloseTo(sharpNow * (1 + 100 / 110) - 1, 6);
    expect(kc.fairProbabilityChange).toBeCloseTo(sharpNow - sharpThen, 5);
    expect(market.history.series.at(-1).fairProbability[0]).toBeCloseTo(sharpNow, 6);
    expect(market.history.series[0].fairProbability[0]).toBeCloseTo(sharpThen, 6);

    const value = (await rest('get_game_odds', { sport: 'nfl', gameId: GAME, book: 'draftkings', minExpectedValue: -1, fairLine: 'sharp' }))
      .body.data;
    expect(value.fairLine).toBe('sharp');
    expect(value.valueNote).toContain('against the fair line sharp');
    expect(value.value.find((entry: any) => entry.outcome === 'KC').fairProbability).toBe(kc.fairProbability);

    // The pricing service's memo keeps each line apart: the default answer is unchanged after the sharp one.
    expect(withoutAges((await odds({})).games[0].markets)).toEqual(withoutAges(before.games[0].markets));
  });

  it('sharp+power weights the power method’s fair probabilities, and MCP answers as REST does', async () => {
    const args = { sport: 'nfl', gameId: GAME, book: 'draftkings', markets: ['h2h'], detail: 'full', fairLine: 'Power + sharp' };
    const answer = await odds(args);
    expect(answer.fairLine).toBe('sharp+power');
    expect(kcFair(answer)).toBeCloseTo(average(firstFair(NOW_PRICES, 'power'), SHARP), 6);
    const over = await mcp('get_game_odds', args);
    expect(over.isError).toBeUndefined();
    expect(over.structuredContent.fairLine).toBe('sharp+power');
    expect(kcFair(over.structuredContent)).toBe(kcFair(answer));
  });

  it('props: the same line, in the concise answer and the value list', async () => {
    const args = { sport: 'nfl', gameId: GAME, book: 'draftkings', fairLine: 'sharp' };
    const concise = (await rest('get_player_props', args)).body.data;
    expect(concise.fairLine).toBe('sharp');
    const prop = concise.props.find((entry: any) => entry.player === PLAYER);
    expect(prop.outcomes[0].fairProbability).toBeCloseTo(average(firstFair(PROP_PRICES), SHARP), 6);
    const plain = (await mcp('get_player_props', { sport: 'nfl', gameId: GAME, book: 'draftkings' })).structuredContent;
    expect(plain).not.toHaveProperty('fairLine');
    expect(plain.props[0].outcomes[0].fairProbability).toBeCloseTo(average(firstFair(PROP_PRICES)), 6);
    const value = (await rest('get_player_props', { ...args, minExpectedValue: -1 })).body.data;
    expect(value.fairLine).toBe('sharp');
    expect(value.value.find((entry: any) => entry.outcome === 'over').fairProbability).toBe(prop.outcomes[0].fairProbability);
  });

  it('a name that is no fair line, two methods, or fairLine with arbitrage: true is 400 invalid_input naming fairLine on both front ends', async () => {
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ fairLine: 'pinnacle' }, /^fairLine: "pinnacle" is no fair line: use a calc_no_vig_odds method \(multiplicative, additive,/],
      [{ fairLine: 'power+shin' }, /^fairLine: names 2 methods \(power, shin\): a fair line has one, alone or with sharp/],
      [{ fairLine: 'sharp', arbitrage: true }, /^fairLine: cannot be given with arbitrage: true/],
      [{ fairLine: 7 }, /^fairLine: must be a fair line such as 'sharp' or 'power'/],
    ];
    for (const [extra, message] of refusals) {
      const args = { sport: 'nfl', gameId: GAME, ...extra };
      const refused = await rest('get_game_odds', args);
      expect(refused.status, JSON.stringify(extra)).toBe(400);
      expect(refused.body.error.code).toBe('invalid_input');
      expect(refused.body.error.issues[0].path).toBe('fairLine');
      expect(refused.body.error.message).toMatch(message);
      const over = await mcp('get_game_odds', args);
      expect(over.isError).toBe(true);
      expect(over.structuredContent.error).toEqual(refused.body.error);
    }
    expect((await rest('get_player_props', { sport: 'nfl', gameId: GAME, fairLine: 'sharp+sharp' })).body.error.message).toMatch(
      /^fairLine: names sharp twice/,
    );
  });
});
