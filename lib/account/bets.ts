import { actionStakeCents, priceExpectedValue, roundFraction, roundTo6, type SettledResult } from '@/lib/betting';
import { kickedOffBy, pricesSince } from '@/lib/data/kick-off';
import { requireGameRow, type GameRow } from '@/lib/data/repositories/schedule';
import type { Sport } from '@/lib/data/sports';
import type { Db } from '@/lib/db/client';
import { createOnce } from '@/lib/db/unique';
import { ToolError, invalidInput } from '@/lib/errors';
import type { Pricing } from '@/lib/pricing';
import { HELPLINE } from '@/lib/responsible-gambling';
import { storedLabel } from '@/lib/text';
import { readBankroll, type BankrollView } from './bankroll';
import { lossLimitRoom } from './loss-limits';
import { userPreferences } from './preferences';
import { afterCursor, inTimeRange, pageEnd, winsAndLosses, type ListFilter, type ListPage } from './lists';
import {
  betterThanBooksWarning,
  inPlayWarning,
  loadGames,
  normalizeSelection,
  placedInPlay,
  priceWarningsOf,
  quotedPriceWarning,
  refuseFinalGame,
  unpricedBookWarning,
  unpricedPickWarning,
} from './markets';
import { differingArguments, reusedRequestId } from './reused-request';
import { DEFAULT_CURRENCY, fromCents, largestStakeFor, MAX_AMOUNT_CENTS, MAX_AMOUNT_TEXT, payoutIfWonCents, toCents } from './money';

// The user's ledger: bets logged and listed with profit, ROI and closing-line value (settled once: ./settle.ts).

export interface NewBet {
  sport: Sport;
  gameId: string;
  market: string;
  selection: string;
  americanOdds: number;
  stake: number;
  book?: string;
  point?: number;
  player?: string;
  recommendationId?: string;
  notes?: string;
  clientRequestId?: string;
}

export type BetRow = NonNullable<Awaited<ReturnType<Db['bet']['findUnique']>>>;
type GradeRow = { status: string; payoutCents: number; profitCents: number; gradedAt: Date; replacedAt: Date };
/** A bet with the grades corrections replaced, oldest first (the reads below include them). */
export type BetWithGrades = BetRow & { earlierGrades: GradeRow[] };
export const WITH_GRADES = { earlierGrades: { orderBy: { replacedAt: 'asc' } } } as const;

export function betView(bet: BetWithGrades) {
  return {
    id: bet.id,
    sport: bet.sport,
    gameId: bet.gameId,
    market: bet.market,
    selection: bet.selection,
    point: bet.point,
    player: bet.player,
    americanOdds: bet.americanOdds,
    stake: fromCents(bet.stakeCents),
    book: bet.book,
    fairProbabilityAtPlacement: bet.fairProbability,
    status: bet.status,
    payout: bet.payoutCents === null ? null : fromCents(bet.payoutCents),
    profit: bet.profitCents === null ? null : fromCents(bet.profitCents),
    clientLabel: bet.clientLabel,
    recommendationId: bet.recommendationId,
    notes: bet.notes,
    placedAt: bet.placedAt,
    settledAt: bet.settledAt,
    correctedAt: bet.correctedAt,
    earlierGrades:
      bet.earlierGrades.length === 0
        ? null
        : bet.earlierGrades.map((grade) => ({
            status: grade.status,
            payout: fromCents(grade.payoutCents),
            profit: fromCents(grade.profitCents),
            gradedAt: grade.gradedAt,
            replacedAt: grade.replacedAt,
          })),
  };
}

/** The stakes of the user's unsettled bets, in currency units. */
export async function openExposure(db: Db, userId: string): Promise<number> {
  const open = await db.bet.aggregate({ where: { userId, status: 'open' }, _sum: { stakeCents: true } });
  return fromCents(open._sum.stakeCents ?? 0);
}

export interface LogBetInput {
  userId: string;
  clientLabel: string | undefined;
  now: Date;
  defaultBook: string;
  bet: NewBet;
}

/**
 * Records a bet the user placed elsewhere. Limits never block the record (losing it helps nobody);
 * a stake past one comes back with a warning naming it. The same clientRequestId returns the first bet and its warnings.
 */
export async function recordBet(db: Db, pricing: Pricing, input: LogBetInput) {
  const { userId, bet } = input;
  if (payoutIfWonCents(toCents(bet.stake), bet.americanOdds) > MAX_AMOUNT_CENTS) {
    throw invalidInput([
      {
        path: 'stake',
        message:
          `is too large for these odds: a win would pay back more than ${MAX_AMOUNT_TEXT}, the most any amount may be ` +
          `(at ${bet.americanOdds > 0 ? '+' : ''}${bet.americanOdds} the stake can be at most ${largestStakeFor(bet.americanOdds)})`,
      },
    ]);
  }
  const once = await createOnce(
    bet.clientRequestId,
    (clientRequestId) => db.bet.findUnique({ where: { userId_clientRequestId: { userId, clientRequestId } }, include: WITH_GRADES }),
    () => createBet(db, pricing, input),
  );
  if (once.duplicate) {
    const { earlier } = once;
    // The same id with other arguments is another bet: returning the first would say it was recorded when it was not.
    // No book named is the reference book the first call stored the bet under (a bet logged before that was stored
    // kept none: no book is none).
    const differences = await differingArguments(db, earlier, bet, [
      ['americanOdds', bet.americanOdds, earlier.americanOdds],
      ['stake', bet.stake, fromCents(earlier.stakeCents)],
      ['book', bet.book ?? earlier.referenceBook ?? null, earlier.book],
      ['recommendationId', bet.recommendationId ?? null, earlier.recommendationId],
    ]);
    if (differences.length > 0) throw reusedRequestId({ kind: 'bet', id: earlier.id, at: earlier.placedAt }, differences);
    // A retry is sent when the first answer was lost, so its warnings (a limit passed, an unpriced pick …) come again.
    return { bet: betView(earlier), duplicate: true, warnings: warningsGiven(earlier) };
  }
  return { bet: once.created.bet, duplicate: false, warnings: once.created.warnings };
}

/**
 * Said on a retry when the first call stored no warnings: it stopped between storing the bet and its warnings (a
 * deadline, a database failure), is still running, or logged the bet before warnings were stored.
 */
const WARNINGS_NOT_KEPT =
  "The warnings of this bet's first log_bet call are not on record: check the stake against get_bankroll and the price " +
  'against get_game_odds.';

/** The warnings the bet's first log_bet answer gave, as stored with it. */
function warningsGiven(bet: BetRow): string[] {
  return bet.warnings === null ? [WARNINGS_NOT_KEPT] : (JSON.parse(bet.warnings) as string[]);
}

/**
 * What log_bet warned of the bet's price, as stored with it (priceWarningsOf: the limit warnings left out); nothing
 * for a bet whose warnings were not stored.
 */
function storedPriceWarnings(bet: BetRow) {
  return bet.warnings === null ? [] : priceWarningsOf(JSON.parse(bet.warnings) as string[]);
}

/**
 * A recommendationId must name one of the caller's own picks (another user's or a made-up one is 404, like a missing
 * bet), on the bet's own game: a bet linked to a pick on another game would count as following a pick it does not follow.
 */
async function requireOwnPick(db: Db, userId: string, recommendationId: string, gameId: string): Promise<void> {
  const pick = await db.recommendation.findFirst({ where: { id: recommendationId, userId }, select: { id: true, gameId: true } });
  if (!pick) {
    throw new ToolError('not_found', `No pick with id ${recommendationId} in this account. list_recommendations shows the user's picks.`);
  }
  if (pick.gameId !== gameId) {
    throw invalidInput([
      {
        path: 'recommendationId',
        message:
          `is a pick on the game ${pick.gameId}, not ${gameId}: a bet links only a pick on its own game. Leave ` +
          'recommendationId out, or pass a pick on this game (list_recommendations).',
      },
    ]);
  }
}

async function createBet(db: Db, pricing: Pricing, { userId, bet, now, clientLabel, defaultBook }: LogBetInput) {
  const game = await requireGameRow(db, bet.gameId, bet.sport);
  // Logged after the result is known, a bet could be settled at will: the record only takes bets whose game is still to finish.
  refuseFinalGame(game, 'bet');
  // The pick after the game: it must be on the bet's game, so an unknown or finished game is the error to fix first.
  if (bet.recommendationId !== undefined) await requireOwnPick(db, userId, bet.recommendationId, bet.gameId);
  const { market, ...named } = normalizeSelection(game, bet);
  // Read afresh, not as the odds answers read it (recentPreferences): the bet keeps its price for good, so a
  // reference book the user changed a moment ago prices it.
  const preferences = await userPreferences(db, userId);
  const referenceBook = preferences.referenceBook ?? defaultBook;
  const book = bet.book ?? referenceBook;
  // One read of the market's prices gives the fair probability and the price warnings (the player as the books spell
  // him); in play, only prices confirmed since kick-off (a pre-game price says nothing of an in-play one). In play by
  // the rule list_bets reads the bet's close by (kickedOffBy), so a bet warned in play never gets a closing-line value.
  const since = pricesSince(game, now);
  const inPlay = since !== undefined;
  const priced = await pricing.selection(game, { market, ...named }, { book, referenceBook, since });
  const { quotes: prices, fairProbability, book: pricedAt } = priced;
  const selected = { ...named, player: priced.player };
  const marketSelection = { market, ...selected };
  // One warning per fact: in play; the pick unpriced by every book, else its book's missing price, the quote before the
  // fee, a price past every book's (each of the last three says nothing when no price of the pick is read).
  const priceWarnings = [
    inPlay
      ? inPlayWarning(game, { timeZone: preferences.timeZone, americanOdds: bet.americanOdds, pricedOnlyBefore: priced.onlyBefore })
      : undefined,
    priced.offered === null ? undefined : unpricedPickWarning(priced.offered, marketSelection),
    unpricedBookWarning(
      prices,
      marketSelection,
      book,
      { book: pricedAt, probability: fairProbability, alternate: priced.alternate },
      { named: bet.book !== undefined },
    ),
    quotedPriceWarning(prices, marketSelection, book, bet.americanOdds),
    betterThanBooksWarning(prices, marketSelection, bet.americanOdds),
  ].filter((warning) => warning !== undefined);

  const created = await db.bet.create({
    data: {
      userId,
      sport: game.sport,
      gameId: game.id,
      market,
      ...selected,
      americanOdds: bet.americanOdds,
      stakeCents: toCents(bet.stake),
      // The book it was priced at, named or not, and the reference book beside it: its record and its closing line
      // stay as logged when the user changes reference book later.
      book,
      referenceBook,
      fairProbability,
      clientLabel: storedLabel(clientLabel),
      clientRequestId: bet.clientRequestId ?? null,
      recommendationId: bet.recommendationId ?? null,
      notes: bet.notes ?? null,
      placedAt: now,
    },
  });
  // The limits are read after the bet is stored: of bets logged at once each then sees those stored before it, so
  // the last sees them all, and stakes that together pass the room never all pass without a warning.
  const [bankroll, exposure] = await Promise.all([readBankroll(db, userId, now), openExposure(db, userId)]);
  const warnings = [
    ...withHelpline([...limitWarnings(bet.stake, bankroll), ...balanceWarning(bet.stake, bankroll, exposure)]),
    ...priceWarnings,
  ];
  // Stored, so a retry answers them again: recomputed later, the room, balance and prices would have moved on.
  await db.bet.update({ where: { id: created.id }, data: { warnings: JSON.stringify(warnings) } });
  return { bet: betView({ ...created, earlierGrades: [] }), warnings };
}

/** The helpline once, after the last of the stake's warnings (each would otherwise repeat it). */
function withHelpline(stakeWarnings: string[]): string[] {
  if (stakeWarnings.length === 0) return [];
  return [...stakeWarnings.slice(0, -1), `${stakeWarnings.at(-1)} Problem gambling help: ${HELPLINE}.`];
}

/**
 * Said when the stake is more than the balance holds beside the other open bets' stakes (read with the bet stored, as
 * the limits are): a stake of 50000 on a balance of 500 would take the balance to -49500 when lost, with no limit set
 * to say so. Recorded all the same, as a stake past a limit is.
 */
function balanceWarning(stake: number, bankroll: BankrollView | null, exposure: number): string[] {
  if (!bankroll) return [];
  const stakeCents = toCents(stake);
  const otherOpenCents = toCents(exposure) - stakeCents;
  const freeCents = toCents(bankroll.balance) - otherOpenCents;
  if (stakeCents <= freeCents) return [];
  const held =
    otherOpenCents > 0
      ? `what the balance holds beside the stakes of open bets (${fromCents(freeCents)}: balance ${bankroll.balance}, ` +
        `${fromCents(otherOpenCents)} on open bets)`
      : `the balance (${bankroll.balance})`;
  return [
    `The stake ${stake} is more than ${held}: if ${otherOpenCents > 0 ? 'it and the open bets lose' : 'it loses'}, the balance ` +
      `goes to ${fromCents(freeCents - stakeCents)}. If the balance is out of date, the user sets it on the Bankroll page.`,
  ];
}

/** The limits a new bet's stake passes, from the bankroll read with the bet stored: its room is the room it found. */
function limitWarnings(stake: number, bankroll: BankrollView | null): string[] {
  if (!bankroll) return [];
  // The room as it stood without this bet: its own stake taken back out of the open stakes.
  const roomFound = (limit: number | null, loss: number, open: number) =>
    lossLimitRoom(limit === null ? null : toCents(limit), toCents(loss), toCents(open) - toCents(stake));
  const limits: [string, number | null][] = [
    ['max stake', bankroll.maxStake],
    ['room left under the daily loss limit', roomFound(bankroll.dailyLossLimit, bankroll.lossToday, bankroll.openStakesToday)],
    ['room left under the weekly loss limit', roomFound(bankroll.weeklyLossLimit, bankroll.lossThisWeek, bankroll.openStakesThisWeek)],
  ];
  return limits.flatMap(([limit, room]) => (room !== null && stake > room ? [`The stake ${stake} is over the ${limit} (${room}).`] : []));
}

/**
 * Closing-line value: the bet's price measured against the closing no-vig fair probability of its market, both as
 * list_bets shows them (the probability to six places like every fair probability, the value to four from it), so
 * the shown probability and price give back the shown value. A voided bet has none: it was called off before its
 * game, so its price never met the close (and would move the average for a bet that never was). Nor has a bet logged
 * once its game had started: an in-play price answers the game as it stands, not the close before it (a long shot's
 * price taken at 14 points down would beat the close by far and lift the average for no skill). Both judged by the
 * start as stored now (kickedOffBy, placedInPlay), as log_bet judges a bet in play: a start moved since moves the close
 * with it. Each bet is priced at the books it was logged with (its book, else the reference book of its logging);
 * `referenceBook`, the user's current one, stands in only for bets logged before those were stored.
 *
 * A close carries its age (pricing.closing): one its book quoted more than ODDS_STALE_MINUTES before kick-off is
 * marked stale, and the summary's average leaves it out.
 */
async function closingLineValues(db: Db, pricing: Pricing, bets: BetRow[], now: Date, referenceBook: string) {
  const games = new Map((await loadGames(db, [...new Set(bets.map((b) => b.gameId))])).map((g) => [g.id, g]));
  const started = bets.filter((b) => {
    const game = games.get(b.gameId);
    return b.status !== 'void' && game !== undefined && kickedOffBy(game, now) && !placedInPlay(b, game);
  });
  const closes = await pricing.closing(
    started.map((b) => ({
      gameId: b.gameId,
      startsAt: (games.get(b.gameId) as GameRow).startsAt,
      market: b.market,
      selection: b.selection,
      point: b.point,
      player: b.player,
      book: b.book,
      referenceBook: b.referenceBook,
    })),
    referenceBook,
  );
  const values = new Map<string, ClosingLine>();
  for (const [index, bet] of started.entries()) {
    const close = closes[index]!;
    if (close === null) continue;
    const closingFairProbability = roundTo6(close.fairProbability);
    values.set(bet.id, {
      closingFairProbability,
      closingLineValue: roundFraction(priceExpectedValue(closingFairProbability, bet.americanOdds)),
      closingQuotedAt: close.quotedAt,
      closingQuotedMinutesBeforeStart: close.quotedMinutesBeforeStart,
      closingLineStale: close.stale,
    });
  }
  return values;
}

/** A bet's close as list_bets shows it (closingLineValues). */
interface ClosingLine {
  closingFairProbability: number;
  closingLineValue: number;
  closingQuotedAt: Date;
  closingQuotedMinutesBeforeStart: number;
  closingLineStale: boolean;
}

export interface BetListInput {
  userId: string;
  filter: ListFilter;
  page: ListPage;
  defaultBook: string;
}

export async function listBetRecords(db: Db, pricing: Pricing, input: BetListInput) {
  const { userId, filter } = input;
  const where = {
    userId,
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.sport ? { sport: filter.sport } : {}),
    ...inTimeRange('placedAt', filter),
  };
  const [all, page, bankroll] = await Promise.all([
    // In a fixed order, so the sums below (floating point) come out the same on every call and database.
    db.bet.findMany({ where, orderBy: [{ placedAt: 'asc' }, { id: 'asc' }] }),
    db.bet.findMany({
      where: { ...where, ...afterCursor('placedAt', input.page) },
      orderBy: [{ placedAt: 'desc' }, { id: 'desc' }],
      take: input.page.limit,
      include: WITH_GRADES,
    }),
    db.bankroll.findUnique({ where: { userId }, select: { referenceBook: true, currency: true } }),
  ]);
  const clv = await closingLineValues(db, pricing, all, input.page.now, bankroll?.referenceBook ?? input.defaultBook);
  const settled = all.filter((b) => b.status !== 'open');
  // Every stake the count covers, open bets' too: "staked 0" beside an open bet would read as nothing at risk.
  const staked = all.reduce((sum, b) => sum + b.stakeCents, 0);
  const profit = settled.reduce((sum, b) => sum + (b.profitCents ?? 0), 0);
  // ROI counts only stakes that had action: a void or a push returns the stake and says nothing about skill, nor does
  // the refunded half of a half win or loss.
  const stakedWithAction = settled.reduce((sum, b) => sum + actionStakeCents(b.stakeCents, b.status as SettledResult), 0);
  const { won, lost } = winsAndLosses(all.map((b) => b.status));
  // Only closes quoted near kick-off: a stale one may not be the market's close.
  const clvs = [...clv.values()].filter((v) => !v.closingLineStale).map((v) => v.closingLineValue);
  const priceFlagged = all.filter((bet) => storedPriceWarnings(bet).length > 0).length;
  const { remaining, nextCursor } = pageEnd(all, page, (bet) => bet.placedAt, input.page);
  return {
    currency: bankroll?.currency ?? DEFAULT_CURRENCY,
    bets: page.map((bet) => {
      const value = clv.get(bet.id);
      // What log_bet warned of its price, so a record read later says it too: a typo'd price stays in profit and ROI.
      const price = storedPriceWarnings(bet);
      return {
        ...betView(bet),
        closingFairProbability: value?.closingFairProbability ?? null,
        closingLineValue: value?.closingLineValue ?? null,
        closingQuotedAt: value?.closingQuotedAt ?? null,
        closingQuotedMinutesBeforeStart: value?.closingQuotedMinutesBeforeStart ?? null,
        closingLineStale: value?.closingLineStale ?? null,
        priceFlags: price.length === 0 ? null : price.map((entry) => entry.flag),
        priceWarnings: price.length === 0 ? null : price.map((entry) => entry.warning),
      };
    }),
    remaining,
    nextCursor,
    summary: {
      count: all.length,
      open: all.length - settled.length,
      staked: fromCents(staked),
      profit: fromCents(profit),
      stakedWithAction: fromCents(stakedWithAction),
      roi: stakedWithAction === 0 ? null : roundFraction(profit / stakedWithAction),
      winRate: won + lost === 0 ? null : roundFraction(won / (won + lost)),
      // The mean of the values the bets show but those marked stale, so it is what an agent averaging them gets.
      averageClosingLineValue: clvs.length === 0 ? null : roundFraction(clvs.reduce((a, b) => a + b, 0) / clvs.length),
      betsWithClosingLine: clv.size,
      betsWithStaleClosingLine: clv.size - clvs.length,
      betsWithPriceFlags: priceFlagged,
    },
  };
}
