import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBankroll } from '@/lib/account/bankroll';
import { settleBetRecord } from '@/lib/account/settle';
import { ToolError } from '@/lib/errors';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { addGame, finishGame } from '../../helpers/games';
import { toolServices } from '../../helpers/tool-context';

// The ledger's invariants under any sequence of calls, on both databases: whatever is logged, settled, corrected or
// refused, and in whatever order games end, the balance is the starting balance plus the profit of the settled
// record, the room under the daily limit follows that record alone (a gain only once the score confirms it), no bet
// is won, lost or pushed while its game is not final, a half grade is only ever a quarter line's, and a correction
// moves the balance by the difference exactly once (a refused call moves nothing).

const START_CENTS = 100_000;
const now = new Date('2026-11-27T18:00:00Z');

type Step =
  | { kind: 'log'; game: number; home: boolean; odds: number; stake: number; line: number | null }
  | { kind: 'finish'; game: number; homeScore: number; awayScore: number }
  | {
      kind: 'settle';
      bet: number;
      result: 'won' | 'lost' | 'push' | 'half_won' | 'half_lost' | 'void' | 'cashout' | 'auto';
      payout: number;
      correct: boolean;
    };

/** Spread lines, quarter lines among them (null: the moneyline). */
const LINES = [null, -0.25, 0.25, -0.75, 1.25, -1] as const;
const isQuarter = (point: number | null) => point !== null && Math.abs(point * 4) % 2 === 1;

/**
 * What a book's grade of a moneyline or spread makes, worked out here apart from lib/betting: a quarter line is two
 * half-stakes on its neighbouring lines; when they end differently one pushes (it takes the odd cent) and the other,
 * half the stake rounded down, settles alone.
 */
function bookProfitCents(stakeCents: number, odds: number, point: number | null, margin: number): number {
  const winnings = (cents: number) => Math.round(odds > 0 ? (cents * odds) / 100 : (cents * 100) / -odds);
  const ends = (isQuarter(point) ? [point! - 0.25, point! + 0.25] : [point ?? 0]).map((line) => Math.sign(margin + line));
  const [first, second] = [ends[0]!, ends.at(-1)!];
  if (first === second) return first > 0 ? winnings(stakeCents) : first < 0 ? -stakeCents : 0;
  const settled = Math.floor(stakeCents / 2);
  return first + second > 0 ? winnings(settled) : -settled;
}

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('log' as const),
    game: fc.nat(2),
    home: fc.boolean(),
    odds: fc.constantFrom(-200, -110, 100, 150, 400),
    stake: fc.integer({ min: 1, max: 5000 }).map((cents) => cents / 100),
    line: fc.constantFrom(...LINES),
  }),
  // Low scores, so quarter lines land on their halves often.
  fc.record({ kind: fc.constant('finish' as const), game: fc.nat(2), homeScore: fc.nat(4), awayScore: fc.nat(4) }),
  fc.record({
    kind: fc.constant('settle' as const),
    bet: fc.nat(7),
    result: fc.constantFrom('won', 'lost', 'push', 'half_won', 'half_lost', 'void', 'cashout', 'auto', 'auto', 'auto', 'auto'),
    payout: fc.integer({ min: 0, max: 30_000 }).map((cents) => cents / 100),
    correct: fc.boolean(),
  }),
);

/** Quarter lines on a level game and on a one-goal win, each settled by the score: half won, half lost, and whole. */
const QUARTER_LINES_LEVEL: Step[] = [
  { kind: 'log', game: 0, home: true, odds: -110, stake: 10.01, line: -0.25 },
  { kind: 'log', game: 0, home: false, odds: 150, stake: 20, line: 0.25 },
  { kind: 'log', game: 1, home: true, odds: 100, stake: 7.77, line: -0.75 },
  { kind: 'log', game: 1, home: false, odds: -200, stake: 3, line: 1.25 },
  { kind: 'finish', game: 0, homeScore: 1, awayScore: 1 },
  { kind: 'finish', game: 1, homeScore: 2, awayScore: 1 },
  ...[0, 1, 2, 3].map((bet) => ({ kind: 'settle' as const, bet, result: 'auto' as const, payout: 0, correct: false })),
];

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
    const { ledger } = toolServices(db);
    run += 1;
    const userId = await database.user(`ledger-${run}@example.com`, { balance: START_CENTS / 100, unit: 10, dailyLossLimit: 200 });
    const games = [0, 1, 2].map((index) => `nfl-prop-${run}-${index}`);
    // The first two kick off in an hour; the third kicked off an hour ago, so its bets are logged in play.
    const inPlay = games[2]!;
    for (const id of games) {
      const kickOff =
        id === inPlay
          ? { startsAt: new Date(now.getTime() - 3_600_000), status: 'in_progress' }
          : { startsAt: new Date(now.getTime() + 3_600_000) };
      await addGame(db, { id, home: 'NYG', away: 'DAL', ...kickOff });
    }
    const bets: string[] = [];
    const finished = new Map<string, { homeScore: number; awayScore: number }>();

    for (const current of steps) {
      const before = await db.bankroll.findUniqueOrThrow({ where: { userId } });
      try {
        if (current.kind === 'log') {
          const { bet } = await ledger.recordBet({
            userId,
            clientLabel: 'property',
            now,
            defaultBook: 'draftkings',
            bet: {
              sport: 'nfl',
              gameId: games[current.game]!,
              market: current.line === null ? 'h2h' : 'spreads',
              selection: current.home ? 'NYG' : 'DAL',
              ...(current.line === null ? {} : { point: current.line }),
              americanOdds: current.odds,
              stake: current.stake,
            },
          });
          bets.push(bet.id);
        } else if (current.kind === 'finish') {
          const id = games[current.game]!;
          if (!finished.has(id)) {
            await finishGame(db, id, current.homeScore, current.awayScore);
            finished.set(id, current);
          }
        } else if (bets.length > 0) {
          const betId = bets[current.bet % bets.length]!;
          const earlier = await db.bet.findUniqueOrThrow({ where: { id: betId } });
          const request = {
            result: current.result,
            payout: current.result === 'cashout' ? current.payout : undefined,
            correct: current.correct,
          };
          const after = await settleBetRecord(db, { userId, betId, request, now });
          const moved = (await db.bankroll.findUniqueOrThrow({ where: { userId } })).balanceCents - before.balanceCents;
          // The balance moved by exactly the change of this bet's profit: once, by the difference.
          expect(moved).toBe(Math.round((after.profit ?? 0) * 100) - (earlier.profitCents ?? 0));
          if (earlier.status !== 'open' && earlier.status !== after.status) expect(current.correct).toBe(true);
          // Once the score is in, no bet becomes a cashout or a void: a lost one would pay back or drop its loss.
          if (finished.has(earlier.gameId) && earlier.status !== after.status) expect(['void', 'cashout']).not.toContain(after.status);
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
        if (['won', 'lost', 'push', 'half_won', 'half_lost'].includes(bet.status)) expect(finished.has(bet.gameId)).toBe(true);
        if (bet.status.startsWith('half_')) expect(isQuarter(bet.point)).toBe(true);
        const score = finished.get(bet.gameId);
        if (score && ['won', 'lost', 'push', 'half_won', 'half_lost'].includes(bet.status)) {
          const margin = (bet.selection === 'NYG' ? 1 : -1) * (score.homeScore - score.awayScore);
          expect(bet.profitCents).toBe(bookProfitCents(bet.stakeCents, bet.americanOdds, bet.point, margin));
        }
        if (bet.status === 'open') expect([bet.profitCents, bet.settledAt, bet.earlierGrades.length]).toEqual([null, null, 0]);
        if (bet.earlierGrades.length > 0) expect(bet.correctedAt).not.toBeNull();
      }
      // The limits count every loss, but a gain only on a bet placed before kick-off that the score grades (every
      // grade here is the score's, checked above): never a cashout's, nor an in-play bet's.
      const counted = ({ profitCents, status, gameId }: (typeof record)[number]) =>
        (profitCents ?? 0) < 0 || (status !== 'cashout' && gameId !== inPlay) ? (profitCents ?? 0) : 0;
      const settledLoss = -record.reduce((sum, bet) => sum + counted(bet), 0);
      const open = record.filter((bet) => bet.status === 'open').reduce((sum, bet) => sum + bet.stakeCents, 0);
      const view = await readBankroll(db, userId, now);
      expect(view?.dailyLossRoom).toBe(Math.max(0, 20_000 - Math.max(0, settledLoss) - open) / 100);
    }
  }

  it('moves money and room only through a settled, consistent record', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), (steps) => play(steps)),
      { numRuns: 12, seed: 20261127, examples: [[QUARTER_LINES_LEVEL]] },
    );
  }, 240_000);
});
