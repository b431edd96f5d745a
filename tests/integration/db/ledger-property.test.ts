import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBankroll } from '@/lib/account/bankroll';
import { logBet, settleBet } from '@/lib/account/bets';
import { ToolError } from '@/lib/errors';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { addGame, finishGame } from '../../helpers/games';

// The ledger's invariants under any sequence of calls, on both databases: whatever is logged, settled, corrected or
// refused, and in whatever order games end, the balance is the starting balance plus the profit of the settled
// record, the room under the daily limit follows that record alone, no bet is won, lost or pushed while its game
// is not final, and a correction moves the balance by the difference exactly once (a refused call moves nothing).

const START_CENTS = 100_000;
const now = new Date('2026-11-27T18:00:00Z');

type Step =
  | { kind: 'log'; game: number; home: boolean; odds: number; stake: number }
  | { kind: 'finish'; game: number; homeScore: number; awayScore: number }
  | { kind: 'settle'; bet: number; result: 'won' | 'lost' | 'push' | 'void' | 'cashout' | 'auto'; payout: number; correct: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('log' as const),
    game: fc.nat(2),
    home: fc.boolean(),
    odds: fc.constantFrom(-200, -110, 100, 150, 400),
    stake: fc.integer({ min: 1, max: 5000 }).map((cents) => cents / 100),
  }),
  fc.record({ kind: fc.constant('finish' as const), game: fc.nat(2), homeScore: fc.nat(40), awayScore: fc.nat(40) }),
  fc.record({
    kind: fc.constant('settle' as const),
    bet: fc.nat(7),
    result: fc.constantFrom('won', 'lost', 'push', 'void', 'cashout', 'auto'),
    payout: fc.integer({ min: 0, max: 30_000 }).map((cents) => cents / 100),
    correct: fc.boolean(),
  }),
);

describe.each(PROVIDERS)('the ledger under any sequence of calls on %s', (provider) => {
  let database: TestDatabase;
  let run = 0;

  beforeAll(async () => {
    database = await testDatabase(provider);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** Runs the steps on a fresh user and games, checking the invariants after each step. */
  async function play(steps: Step[]): Promise<void> {
    const { db } = database;
    run += 1;
    const userId = await database.user(`ledger-${run}@example.com`, { balance: START_CENTS / 100, unit: 10, dailyLossLimit: 200 });
    const games = [0, 1, 2].map((index) => `nfl-prop-${run}-${index}`);
    for (const id of games)
      await addGame(db, { id, home: 'NYG', away: 'DAL', startsAt: new Date(now.getTime() - 3_600_000), status: 'in_progress' });
    const bets: string[] = [];
    const finished = new Set<string>();

    for (const current of steps) {
      const before = await db.bankroll.findUniqueOrThrow({ where: { userId } });
      try {
        if (current.kind === 'log') {
          const { bet } = await logBet(db, {
            userId,
            clientLabel: 'property',
            now,
            defaultBook: 'draftkings',
            bet: {
              sport: 'nfl',
              gameId: games[current.game]!,
              market: 'h2h',
              selection: current.home ? 'NYG' : 'DAL',
              americanOdds: current.odds,
              stake: current.stake,
            },
          });
          bets.push(bet.id);
        } else if (current.kind === 'finish') {
          const id = games[current.game]!;
          if (!finished.has(id)) await finishGame(db, id, current.homeScore, current.awayScore);
          finished.add(id);
        } else if (bets.length > 0) {
          const betId = bets[current.bet % bets.length]!;
          const earlier = await db.bet.findUniqueOrThrow({ where: { id: betId } });
          const request = {
            result: current.result,
            payout: current.result === 'cashout' ? current.payout : undefined,
            correct: current.correct,
          };
          const after = await settleBet(db, { userId, betId, request, now });
          const moved = (await db.bankroll.findUniqueOrThrow({ where: { userId } })).balanceCents - before.balanceCents;
          // The balance moved by exactly the change of this bet's profit: once, by the difference.
          expect(moved).toBe(Math.round((after.profit ?? 0) * 100) - (earlier.profitCents ?? 0));
          if (earlier.status !== 'open' && earlier.status !== after.status) expect(current.correct).toBe(true);
        }
      } catch (error) {
        // A refusal is a clear error and moves nothing.
        expect(error).toBeInstanceOf(ToolError);
        expect((await db.bankroll.findUniqueOrThrow({ where: { userId } })).balanceCents).toBe(before.balanceCents);
      }
      const record = await db.bet.findMany({ where: { userId }, include: { earlierGrades: true } });
      const balance = (await db.bankroll.findUniqueOrThrow({ where: { userId } })).balanceCents;
      expect(balance).toBe(START_CENTS + record.reduce((sum, bet) => sum + (bet.profitCents ?? 0), 0));
      for (const bet of record) {
        if (['won', 'lost', 'push'].includes(bet.status)) expect(finished.has(bet.gameId)).toBe(true);
        if (bet.status === 'open') expect([bet.profitCents, bet.settledAt, bet.earlierGrades.length]).toEqual([null, null, 0]);
        if (bet.earlierGrades.length > 0) expect(bet.correctedAt).not.toBeNull();
      }
      const settledLoss = -record.reduce((sum, bet) => sum + (bet.profitCents ?? 0), 0);
      const open = record.filter((bet) => bet.status === 'open').reduce((sum, bet) => sum + bet.stakeCents, 0);
      const view = await getBankroll(db, userId, now);
      expect(view?.dailyLossRoom).toBe(Math.max(0, 20_000 - Math.max(0, settledLoss) - open) / 100);
    }
  }

  it('moves money and room only through a settled, consistent record', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), (steps) => play(steps)),
      { numRuns: 12, seed: 20261127 },
    );
  }, 240_000);
});
