import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBankroll } from '@/lib/account/bankroll';
import type { NewBet } from '@/lib/account/bets';
import { settleBetRecord } from '@/lib/account/settle';
import { MAX_AMOUNT } from '@/lib/account/money';
import { ToolError } from '@/lib/errors';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { addGame, finishGame } from '../../helpers/games';
import { TEST_CURSORS, toolServices } from '../../helpers/tool-context';

// The user's ledger on both databases (every front end goes through it):
// - every amount within MAX_AMOUNT (10,000,000), and so every stored sum fits the 32-bit cents
//   columns; a stake whose win would pay back more is refused, and a settlement that would take the balance
//   (or a payout) past the bound is refused with nothing stored, so no account ever answers 500;
// - log_bet's recommendationId must be one of the caller's own picks.

const now = new Date();

async function refusal(promise: Promise<unknown>): Promise<ToolError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ToolError);
  return error as ToolError;
}

describe.each(PROVIDERS)('amounts and picks in the book on %s', (provider) => {
  let database: TestDatabase;
  let ann: string;
  let ben: string;

  beforeAll(async () => {
    database = await testDatabase(provider);
    ann = await database.user('ann@example.com', { balance: 1000, unit: 10 });
    ben = await database.user('ben@example.com', { balance: 1000, unit: 10 });
    await addGame(database.db, { id: 'nfl-next', home: 'NYG', away: 'DAL', startsAt: new Date(now.getTime() + 86_400_000) });
    const kickedOff = new Date(now.getTime() - 3_600_000);
    await addGame(database.db, {
      id: 'nfl-done',
      home: 'NYG',
      away: 'DAL',
      startsAt: kickedOff,
      status: 'final',
      homeScore: 24,
      awayScore: 3,
    });
  });

  afterAll(async () => {
    await database?.close();
  });

  const bet = (stake: number, americanOdds: number, more: Partial<NewBet> = {}): NewBet => ({
    sport: 'nfl',
    gameId: 'nfl-next',
    market: 'h2h',
    selection: 'NYG',
    americanOdds,
    stake,
    ...more,
  });
  const log = (userId: string, newBet: NewBet) =>
    toolServices(database.db).ledger.recordBet({ userId, clientLabel: 'test', now, defaultBook: 'draftkings', bet: newBet });
  /** Won and lost are graded once the game is final: the bet's game ends first (NYG 24, DAL 3). */
  const settle = async (userId: string, betId: string, result: 'won' | 'lost' | 'cashout', payout?: number) => {
    const { gameId } = await database.db.bet.findUniqueOrThrow({ where: { id: betId } });
    if (result !== 'cashout') await finishGame(database.db, gameId, 24, 3);
    return settleBetRecord(database.db, { userId, betId, request: { result, payout }, now });
  };
  let games = 0;
  /** A bet on a game of its own, still to be played, so each bet's game can end when the test settles it. */
  const logOnNewGame = async (userId: string, newBet: NewBet) => {
    const gameId = `nfl-bounds-${(games += 1)}`;
    await addGame(database.db, { id: gameId, home: 'NYG', away: 'DAL', startsAt: new Date(now.getTime() + 86_400_000) });
    return log(userId, { ...newBet, gameId });
  };
  const balance = async (userId: string) => (await readBankroll(database.db, userId, now))?.balance;

  it('refuses a stake whose win would pay back more than the bound, naming stake', async () => {
    const error = await refusal(log(ann, bet(MAX_AMOUNT, 1_000_000)));
    expect(error.code).toBe('invalid_input');
    expect(error.issues[0]?.path).toBe('stake');
    expect(error.issues[0]?.message).toMatch(/at most 999\.9\b/);
    expect((await refusal(log(ann, bet(21_474_836.48, -110)))).code).toBe('invalid_input');
    expect(await database.db.bet.count({ where: { userId: ann } })).toBe(0);
  });

  it('a win up to the bound is stored; the next win past it is refused with nothing stored; the account keeps answering', async () => {
    const first = (await logOnNewGame(ann, bet(999.9, 1_000_000))).bet; // pays back 9,999,999.90
    const settled = await settle(ann, first.id, 'won');
    expect(settled.payout).toBe(9_999_999.9);
    expect(await balance(ann)).toBe(1000 + 9_999_000);

    const second = (await logOnNewGame(ann, bet(999.9, 1_000_000))).bet;
    const error = await refusal(settle(ann, second.id, 'won'));
    expect(error.code).toBe('limit');
    expect(error.message).toMatch(/balance past 10,000,000/);
    expect(await balance(ann)).toBe(1000 + 9_999_000);
    expect((await database.db.bet.findUniqueOrThrow({ where: { id: second.id } })).status).toBe('open');
    const listed = await toolServices(database.db).ledger.listBetRecords({
      userId: ann,
      filter: {},
      page: { limit: 20, fingerprint: 'test', now, signer: TEST_CURSORS },
      defaultBook: 'draftkings',
    });
    expect(listed.bets).toHaveLength(2);
    expect(listed.summary.count).toBe(2);
    // Losses still settle, and once the balance has room, so does the win.
    for (const stake of [5_000_000, 5_000_000])
      await settle(ann, (await logOnNewGame(ann, bet(stake, -110, { selection: 'DAL' }))).bet.id, 'lost');
    expect(await balance(ann)).toBe(1000 + 9_999_000 - 10_000_000);
    expect((await settle(ann, second.id, 'won')).status).toBe('won');
    expect(await balance(ann)).toBe(1000 + 2 * 9_999_000 - 10_000_000);
  });

  it('a bet stored before the bounds held is refused at settling, never stored past the column', async () => {
    const row = await database.db.bet.create({
      data: {
        userId: ben,
        sport: 'nfl',
        gameId: 'nfl-done',
        market: 'h2h',
        selection: 'NYG',
        americanOdds: 1_000_000,
        stakeCents: 2_000_000_000,
        placedAt: now,
      },
    });
    const error = await refusal(settle(ben, row.id, 'won'));
    expect(error.code).toBe('limit');
    expect((await database.db.bet.findUniqueOrThrow({ where: { id: row.id } })).status).toBe('open');
    expect(await balance(ben)).toBe(1000);
    const cashout = await refusal(settle(ben, row.id, 'cashout', 1e12));
    expect(cashout.issues).toEqual([{ path: 'payout', message: 'must be at most 10,000,000' }]);
  });

  it("log_bet's recommendationId must be the caller's own pick: another user's or a made-up one is not_found", async () => {
    const pick = (userId: string) =>
      database.db.recommendation.create({
        data: {
          userId,
          sport: 'nfl',
          gameId: 'nfl-next',
          market: 'h2h',
          selection: 'NYG',
          americanOdds: -110,
          probability: 0.55,
          reasoning: 'r',
          risks: 'r',
        },
      });
    const own = await pick(ann);
    const foreign = await pick(ben);
    expect((await log(ann, bet(5, -110, { recommendationId: own.id }))).bet.recommendationId).toBe(own.id);
    for (const id of [foreign.id, 'made-up-id']) {
      const error = await refusal(log(ann, bet(5, -110, { recommendationId: id })));
      expect(error.code).toBe('not_found');
      expect(error.message).toBe(`No pick with id ${id} in this account. list_recommendations shows the user's picks.`);
    }
    expect(await database.db.bet.count({ where: { userId: ann, recommendationId: { not: own.id } } })).toBe(0);
  });
});
