import type { Db } from '@/lib/db/client';
import { nextDayStart, nextWeekStart, startOfDay, startOfWeek } from '@/lib/time';
import { limitChangeNote, timeZoneChangeNote } from './cooling-off-notes';
import {
  coolingZone,
  limitInForce,
  LIMITS,
  lossLimitRoom,
  storedLimit,
  waitingChange,
  type LimitName,
  type PendingLimit,
} from './loss-limits';
import { placedInPlay } from './markets';
import { fromCents, money } from './money';
import { storedGrades, type StoredGrade } from './regrades';

// A user's bankroll as read: the limits in force, the room left under them, and what still waits out the cooling-off.

/** A user's bankroll with the room left under each loss limit, in currency units. */
export interface BankrollView {
  currency: string;
  balance: number;
  unit: number;
  kellyFraction: number;
  /** The limits in force now: while a raise or removal waits, the stricter one. */
  maxStake: number | null;
  dailyLossLimit: number | null;
  weeklyLossLimit: number | null;
  referenceBook: string | null;
  /** The zone the user chose: times are shown in it, and the loss-limit windows once `previousTimeZone` is over. */
  timeZone: string;
  lossToday: number;
  lossThisWeek: number;
  /**
   * Stakes of bets still open that were placed today / this week, or whose game starts by the period's end (today's
   * games, and games under way or over): at risk in the period, so they use up its room.
   */
  openStakesToday: number;
  openStakesThisWeek: number;
  /** limit − net settled loss in the period (lossToday, lossThisWeek: countedInLimits) − open stakes counted in it, never below 0. */
  dailyLossRoom: number | null;
  weeklyLossRoom: number | null;
  /** Raises and removals waiting out the cooling-off. */
  pendingLimits: PendingLimit[];
  /** After a change of time zone, until `until`, each loss-limit window starts at the earlier of its starts in `zone` and `timeZone`. */
  previousTimeZone: { zone: string; until: Date } | null;
  /** Open bets whose game is final: they use up room until settled. */
  openBetsOfEndedGames: number;
}

/**
 * What a settled bet counts in the loss limits: its loss in full, its gain only once the stored result confirms it,
 * on a bet placed before kick-off, graded as its stored final score or box-score line grades it. Any other gain rests
 * on the user's word and would reopen the day's room at will: a cashout's payout (taken any time before the final), a
 * bet logged in play (its game perhaps decided already, at odds nothing checks) and a grade given by hand that no
 * stored line confirms (yet: once one does, the gain counts in the period it was settled in).
 */
function countedInLimits(bet: { status: string; profitCents: number | null; placedAt: Date }, stored: StoredGrade | undefined): number {
  const profit = bet.profitCents ?? 0;
  if (profit <= 0) return profit;
  const confirmed = stored?.game !== undefined && !placedInPlay(bet, stored.game) && stored.grade === bet.status;
  return confirmed ? profit : 0;
}

/**
 * The bets settled from `since` (the week's start, which is never after the day's) until `until`, read once for both
 * periods (a gain's stored result too), and the net settled loss of the stretch from a start, each bet counted as
 * countedInLimits says: a profitable stretch counts as no loss, never as extra room.
 */
async function settledLosses(db: Db, userId: string, since: Date, until: Date) {
  const settled = await db.bet.findMany({
    // A void or a push (no profit) counts nothing either way: a user's cancelled bets of the week are not read.
    where: { userId, settledAt: { gte: since, lte: until }, profitCents: { not: 0 } },
    select: {
      id: true,
      status: true,
      profitCents: true,
      settledAt: true,
      placedAt: true,
      gameId: true,
      market: true,
      selection: true,
      point: true,
      player: true,
    },
  });
  // Only a gain asks the stored result: a loss counts whatever it says.
  const gains = settled.filter((bet) => (bet.profitCents ?? 0) > 0);
  const stored = await storedGrades(db, gains);
  const counted = settled.map((bet) => ({ settledAt: bet.settledAt!, cents: countedInLimits(bet, stored.get(bet.id)) }));
  return {
    lossSince: (start: Date) => Math.max(0, -counted.filter((bet) => bet.settledAt >= start).reduce((sum, bet) => sum + bet.cents, 0)),
  };
}

/**
 * The user's open bets as the loss limits count them: each is at risk in the period it was placed in (or since: a bet
 * logged at once with the read, by a clock a moment ahead) and in every period its game starts by the end of, until
 * it is settled: a bet logged before midnight on tomorrow's game uses tomorrow's room too, so splitting stakes across
 * midnight doubles nothing, and one whose game is under way or over (its result known) opens no room unsettled.
 */
async function openBets(db: Db, userId: string) {
  const open = await db.bet.findMany({ where: { userId, status: 'open' }, select: { gameId: true, stakeCents: true, placedAt: true } });
  const games = await db.game.findMany({
    where: { id: { in: [...new Set(open.map((bet) => bet.gameId))] } },
    select: { id: true, startsAt: true, status: true },
  });
  const byId = new Map(games.map((game) => [game.id, game]));
  const startsBy = (gameId: string, end: Date) => {
    const game = byId.get(gameId);
    return game !== undefined && (game.status === 'final' || game.startsAt < end);
  };
  return {
    /** The stakes at risk in the period from `since` to `end`. */
    stakesIn: (since: Date, end: Date) =>
      open.filter((bet) => bet.placedAt >= since || startsBy(bet.gameId, end)).reduce((sum, bet) => sum + bet.stakeCents, 0),
    ofEndedGames: open.filter((bet) => byId.get(bet.gameId)?.status === 'final').length,
  };
}

const earliest = (instants: Date[]) => new Date(Math.min(...instants.map((at) => at.getTime())));
const latest = (instants: Date[]) => new Date(Math.max(...instants.map((at) => at.getTime())));
const amountOf = (cents: number | null) => (cents === null ? null : fromCents(cents));

export async function readBankroll(db: Db, userId: string, now: Date): Promise<BankrollView | null> {
  const bankroll = await db.bankroll.findUnique({ where: { userId } });
  if (!bankroll) return null;
  const previousTimeZone = coolingZone(bankroll, now);
  const zones = previousTimeZone ? [bankroll.timeZone, previousTimeZone.zone] : [bankroll.timeZone];
  const dayStart = earliest(zones.map((zone) => startOfDay(now, zone)));
  const weekStart = earliest(zones.map((zone) => startOfWeek(now, zone)));
  // The periods end at the latest of their ends in the zones: more games fall in them, never fewer.
  const dayEnd = latest(zones.map((zone) => nextDayStart(now, zone)));
  const weekEnd = latest(zones.map((zone) => nextWeekStart(now, zone)));
  const [settled, open] = await Promise.all([settledLosses(db, userId, weekStart, now), openBets(db, userId)]);
  const [lossToday, lossThisWeek] = [settled.lossSince(dayStart), settled.lossSince(weekStart)];
  const [openToday, openThisWeek] = [open.stakesIn(dayStart, dayEnd), open.stakesIn(weekStart, weekEnd)];
  const inForce = Object.fromEntries(LIMITS.map((limit) => [limit.name, limitInForce(storedLimit(bankroll, limit), now)])) as Record<
    LimitName,
    number | null
  >;
  const pendingLimits = LIMITS.flatMap((limit) => {
    const waiting = waitingChange(storedLimit(bankroll, limit), now);
    return waiting ? [{ limit: limit.name, to: amountOf(waiting.cents), from: waiting.from }] : [];
  });
  return {
    currency: bankroll.currency,
    balance: fromCents(bankroll.balanceCents),
    unit: fromCents(bankroll.unitCents),
    kellyFraction: bankroll.kellyFraction,
    maxStake: amountOf(inForce.maxStake),
    dailyLossLimit: amountOf(inForce.dailyLossLimit),
    weeklyLossLimit: amountOf(inForce.weeklyLossLimit),
    referenceBook: bankroll.referenceBook,
    timeZone: bankroll.timeZone,
    lossToday: fromCents(lossToday),
    lossThisWeek: fromCents(lossThisWeek),
    openStakesToday: fromCents(openToday),
    openStakesThisWeek: fromCents(openThisWeek),
    dailyLossRoom: lossLimitRoom(inForce.dailyLossLimit, lossToday, openToday),
    weeklyLossRoom: lossLimitRoom(inForce.weeklyLossLimit, lossThisWeek, openThisWeek),
    pendingLimits,
    previousTimeZone,
    openBetsOfEndedGames: open.ofEndedGames,
  };
}

/**
 * The changes still cooling off, in words (./cooling-off-notes.ts), the same on the Bankroll page, from
 * `jev bankroll set`, in get_bankroll's note and in the MCP Apps bankroll view.
 */
export function coolingOffNotes(view: BankrollView): string[] {
  const amount = (value: number | null) => money(value, view.currency);
  const limits = view.pendingLimits.map(({ limit, to, from }) => {
    const { words } = LIMITS.find((known) => known.name === limit)!;
    const change = to === null ? `Removing the ${words}` : `Raising the ${words} to ${amount(to)}`;
    return limitChangeNote(change, from, view.timeZone, amount(view[limit]));
  });
  const zone = view.previousTimeZone;
  return zone === null ? limits : [...limits, timeZoneChangeNote(zone.until, view.timeZone, zone.zone)];
}

/** Open bets whose game is final, in words for get_bankroll's note (none or one sentence). */
export function endedGamesNotes(view: BankrollView): string[] {
  const count = view.openBetsOfEndedGames;
  if (count === 0) return [];
  const bets = count === 1 ? "1 open bet's game is" : `${count} open bets' games are`;
  return [
    `${bets} final: until settled each uses up room under the loss limits of today and this week; settle_bet with result auto grades it.`,
  ];
}

/**
 * What the user asked for, for the Bankroll page's fields: a waiting raise or removal rather than the stricter limit
 * in force, so saving the form again keeps it waiting as it was.
 */
export function askedLimits(view: BankrollView): Record<LimitName, number | null> {
  const asked = (limit: LimitName) => {
    const waiting = view.pendingLimits.find((pending) => pending.limit === limit);
    return waiting ? waiting.to : view[limit];
  };
  return { maxStake: asked('maxStake'), dailyLossLimit: asked('dailyLossLimit'), weeklyLossLimit: asked('weeklyLossLimit') };
}
