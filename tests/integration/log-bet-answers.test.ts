import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ToolError } from '@/lib/errors';
import { HELPLINE } from '@/lib/responsible-gambling';
import { logBet } from '@/lib/tools/bets';
import { calcKellyStake } from '@/lib/tools/calculators';
import { parseArguments } from '@/lib/tools/inputs';
import { saveRecommendation } from '@/lib/tools/recommendations';
import type { ToolDefinition } from '@/lib/tools/types';
import { PROVIDERS, testDatabase, type TestDatabase } from '../helpers/fixtures';
import { addPricedGame, finishGame } from '../helpers/games';
import { toolContext } from '../helpers/tool-context';

// What log_bet and calc_kelly_stake answer an agent, played through the tools as an agent calls them: a retry's
// warnings, the helpline named once, the error a bet with two faults gets first, and why a capped stake is 0.

const NOW = new Date('2026-11-04T18:00:00Z');

describe.each(PROVIDERS)('log_bet and calc_kelly_stake answers on %s', (provider) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await testDatabase(provider);
    // NYG v DAL two days ahead, DraftKings DAL +130 an hour ago; a finished game; the pick's other game.
    await addPricedGame(database.db, { now: NOW.getTime() });
    await addPricedGame(database.db, { now: NOW.getTime(), id: 'nfl-final', hoursAhead: -4 });
    await finishGame(database.db, 'nfl-final', 20, 17);
    await addPricedGame(database.db, { now: NOW.getTime(), id: 'nfl-other', hoursAhead: 72 });
  });
  afterAll(async () => {
    await database?.close();
  });

  async function caller(name: string, bankroll?: Parameters<TestDatabase['user']>[1]) {
    const email = `${name}-${provider}@example.com`;
    const ctx = toolContext(database.db, { user: { id: await database.user(email, bankroll), email }, now: () => NOW, scope: 'write' });
    return <Input extends z.ZodType, Output extends z.ZodType>(tool: ToolDefinition<Input, Output>, args: z.input<Input>) =>
      tool.run(ctx, tool.input.parse(args));
  }
  const dal = { sport: 'nfl', gameId: 'nfl-next', market: 'h2h', selection: 'DAL' } as const;
  const refusal = (call: Promise<unknown>) =>
    call.then(
      () => expect.fail('answered'),
      (error: unknown) => {
        if (!(error instanceof ToolError)) throw error;
        return { code: error.code, message: error.message };
      },
    );

  it('a what-if stake capped to 0 by a stored balance at or below 0 says that balance is why (before: only "(0)")', async () => {
    const userId = await database.user(`broke-${provider}@example.com`, { balance: 0, unit: 10 });
    await database.db.bankroll.update({ where: { userId }, data: { balanceCents: -49_500_00 } });
    const ctx = toolContext(database.db, { user: { id: userId, email: 'b@example.com' }, now: () => NOW });
    const kelly = (extra: Record<string, number>) =>
      calcKellyStake.run(ctx, calcKellyStake.input.parse({ probability: 0.6, americanOdds: 100, ...extra }));
    // Full Kelly 0.2: a quarter of it on 1000 is 50, on the stored -49500 nothing.
    const whatIfs: Record<string, number>[] = [{ bankroll: 1000 }, { bankroll: 1000, kellyFraction: 0.25 }];
    for (const overrides of whatIfs) {
      expect(await kelly(overrides)).toMatchObject({
        stake: 50,
        cappedStake: 0,
        reason:
          "Kelly stakes 50, capped to 0 by the Kelly stake on the user's own balance and Kelly fraction (0): no stake now. " +
          "The user's balance (-49500) is not positive, so Kelly stakes nothing on it. If the balance is out of date, the user " +
          'sets it on the Bankroll page.',
      });
    }
    // A Kelly fraction alone sizes on the stored balance: nothing, and a bankroll passed would lift no cap.
    expect(await kelly({ kellyFraction: 0.5 })).toMatchObject({
      stake: 0,
      cappedStake: 0,
      reason:
        'The balance (-49500) is not positive, so Kelly stakes nothing: it sizes a stake as a share of the money the bankroll ' +
        'holds. If the balance is out of date, the user sets it on the Bankroll page.',
    });
  });

  it("the helpline comes once, after the last of the stake's warnings (before: after each)", async () => {
    const as = await caller('helpline', { balance: 100, unit: 1, maxStake: 10, dailyLossLimit: 20, weeklyLossLimit: 30 });
    const { warnings } = await as(logBet, { ...dal, americanOdds: 130, stake: 150 });
    expect(warnings).toEqual([
      'The stake 150 is over the max stake (10).',
      'The stake 150 is over the room left under the daily loss limit (20).',
      'The stake 150 is over the room left under the weekly loss limit (30).',
      'The stake 150 is more than the balance (100): if it loses, the balance goes to -50. If the balance is out of date, the ' +
        `user sets it on the Bankroll page. Problem gambling help: ${HELPLINE}.`,
    ]);
    // One stake warning carries it alone; none, no helpline.
    const alone = await caller('helpline-alone', { balance: 100, unit: 1, maxStake: 10 });
    expect((await alone(logBet, { ...dal, americanOdds: 130, stake: 11 })).warnings).toEqual([
      `The stake 11 is over the max stake (10). Problem gambling help: ${HELPLINE}.`,
    ]);
    expect((await alone(logBet, { ...dal, americanOdds: 130, stake: 1 })).warnings).toEqual([]);
  });

  it("a retry answers the first answer's warnings, as given then (before: none at all)", async () => {
    const as = await caller('retry', { balance: 100, unit: 1, maxStake: 10, dailyLossLimit: 20 });
    // +150 against DraftKings' +130, 150 on a balance of 100 under a max stake of 10 and a daily limit of 20.
    const args = { ...dal, americanOdds: 150, stake: 150, book: 'draftkings', clientRequestId: 'retry-1' };
    const first = await as(logBet, args);
    expect(first.duplicate).toBe(false);
    expect(first.warnings).toEqual([
      'The stake 150 is over the max stake (10).',
      'The stake 150 is over the room left under the daily loss limit (20).',
      'The stake 150 is more than the balance (100): if it loses, the balance goes to -50. If the balance is out of date, the ' +
        `user sets it on the Bankroll page. Problem gambling help: ${HELPLINE}.`,
      expect.stringMatching(/^\+150 pays more than any book JEV has a price from for this pick \(the best: \+130 at draftkings/),
    ]);

    // The answer was lost; meanwhile DraftKings moved to +150 and the balance was raised: read afresh, neither the price
    // nor the balance would be warned of. The retry says what the first answer said.
    await database.db.price.updateMany({ where: { gameId: 'nfl-next', outcome: 'DAL' }, data: { americanOdds: 150 } });
    await database.db.bankroll.updateMany({
      where: { user: { email: `retry-${provider}@example.com` } },
      data: { balanceCents: 1_000_000 },
    });
    const retry = await as(logBet, args);
    expect(retry).toEqual({ ...first, duplicate: true });
    await database.db.price.updateMany({ where: { gameId: 'nfl-next', outcome: 'DAL' }, data: { americanOdds: 130 } });
  });

  it('a retry of a bet whose warnings were not stored says so rather than answer none', async () => {
    const as = await caller('unkept', { balance: 100, unit: 1, maxStake: 10 });
    const args = { ...dal, americanOdds: 130, stake: 50, clientRequestId: 'unkept-1' };
    const first = await as(logBet, args);
    expect(first.warnings).toEqual([`The stake 50 is over the max stake (10). Problem gambling help: ${HELPLINE}.`]);
    // The first call stopped between storing the bet and its warnings (or logged it before warnings were stored).
    await database.db.bet.update({ where: { id: first.bet.id }, data: { warnings: null } });
    expect((await as(logBet, args)).warnings).toEqual([
      "The warnings of this bet's first log_bet call are not on record: check the stake against get_bankroll and the price " +
        'against get_game_odds.',
    ]);
  });

  it("a bet on an unknown or finished game is refused for its game before its pick's (before: the pick's error came first)", async () => {
    const pick = { ...dal, gameId: 'nfl-other', americanOdds: 130, probability: 0.5, reasoning: 'r', risks: 'r' };
    const { recommendation: theirs } = await (await caller('pick-owner'))(saveRecommendation, pick);
    const as = await caller('pick-stranger');
    const { recommendation: mine } = await as(saveRecommendation, pick);
    const bet = { ...dal, americanOdds: 130, stake: 1 };
    for (const recommendationId of [theirs.id, mine.id, 'no-such-pick']) {
      expect(await refusal(as(logBet, { ...bet, gameId: 'nfl-nowhere', recommendationId })), recommendationId).toEqual({
        code: 'not_found',
        message: 'No game with id nfl-nowhere. Find game ids with list_games or get_game_odds.',
      });
      expect(await refusal(as(logBet, { ...bet, sport: 'nba', recommendationId })), recommendationId).toEqual({
        code: 'invalid_input',
        message: 'gameId: nfl-next is a NFL game, not NBA: call with sport nfl',
      });
      expect(await refusal(as(logBet, { ...bet, gameId: 'nfl-final', recommendationId })), recommendationId).toMatchObject({
        code: 'limit',
      });
    }
    // On a game that takes bets, the pick is checked: someone else's is 404, one on another game 400.
    expect(await refusal(as(logBet, { ...bet, recommendationId: theirs.id }))).toMatchObject({ code: 'not_found' });
    expect(await refusal(as(logBet, { ...bet, recommendationId: mine.id }))).toMatchObject({ code: 'invalid_input' });
  });

  it('a future is refused on market, saying it cannot be logged or saved and what to do (before: only "gameId: is required")', async () => {
    const failure = (tool: ToolDefinition, args: Record<string, unknown>) => {
      try {
        parseArguments(tool.input, args);
      } catch (thrown) {
        if (thrown instanceof ToolError) return thrown;
        throw thrown;
      }
      return expect.fail(`${tool.name} accepted ${JSON.stringify(args)}`);
    };
    // As get_game_odds with futures: true shows them: the champion market, a team, its price; no game.
    const future = { sport: 'nfl', market: 'champion', selection: 'KC', americanOdds: 450 };
    const calls = [
      [logBet, { ...future, stake: 10 }, 'log_bet records bets on one game (gameId, from list_games)', 'Bankroll page'],
      [
        saveRecommendation,
        { ...future, probability: 0.2, reasoning: 'r', risks: 'r' },
        'save_recommendation saves picks on one game',
        'in your answer instead.',
      ],
    ] as const;
    for (const [tool, args, what, instead] of calls) {
      // Without a game id, with one (any game's: a future has none), and by The Odds API's names for it.
      const variants: [Record<string, unknown>, string][] = [
        [args, 'champion'],
        [{ ...args, gameId: 'nfl-next' }, 'champion'],
        [{ ...args, market: 'outrights' }, 'outrights'],
        [{ ...args, market: ' Futures ' }, 'Futures'],
      ];
      for (const [variant, market] of variants) {
        const error = failure(tool, variant);
        const where = `${tool.name} ${JSON.stringify(variant)}: ${error.message}`;
        expect(error.code, where).toBe('invalid_input');
        expect(
          error.issues.map((issue) => issue.path),
          where,
        ).toEqual(['market']);
        expect(error.message.startsWith(`market: ${market} is a futures market. ${what}`), where).toBe(true);
        expect(error.message.endsWith(instead) || error.message.includes(`${instead} `), where).toBe(true);
      }
      // Whatever else is wrong is listed after it; a game bet without its game is still told gameId.
      expect(failure(tool, { ...args, americanOdds: 50 }).issues.map((issue) => issue.path)).toEqual(['market', 'americanOdds']);
      expect(failure(tool, { ...args, market: 'h2h' }).message).toBe('gameId: is required');
    }
  });
});
