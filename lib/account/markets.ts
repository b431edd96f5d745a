import { americanToDecimal, gradeProp, gradeSelection, isGameMarket, type Grade } from '@/lib/betting';
import { MAIN_MARKET_OF } from '@/lib/betting/alternates';
import { netPrice } from '@/lib/betting/commission';
import { kickedOffBy } from '@/lib/data/kick-off';
import { GAME_INCLUDE, type GameRow } from '@/lib/data/repositories/schedule';
import { boxScoreKey, boxScoreLines } from '@/lib/data/repositories/stats';
import { bookLabel, regionless } from '@/lib/data/books';
import { SPORT_INFO, type Sport } from '@/lib/data/sports';
import { teamNamed } from '@/lib/data/teams';
import type { Db } from '@/lib/db/client';
import type { StoredOffering, StoredQuote } from '@/lib/data/repositories/odds';
import { closestNames } from '@/lib/data/closest-names';
import { ToolError, invalidInput } from '@/lib/errors';
import { pricesOfSelection, type BookQuote, type MarketSelection } from '@/lib/pricing';
import { andList } from '@/lib/text';
import { formatDateTimeInZone, instant } from '@/lib/time';
import { PRICE_FLAGS, type PriceFlag } from './bet-states';

// What a bet or a pick is on: the game it names, a selection that fits the market, the grade once the game is final,
// and what a bet's logged price is warned of against the books' stored prices (which price it: lib/pricing).

export function loadGames(db: Db, ids: string[]): Promise<GameRow[]> {
  return db.game.findMany({ where: { id: { in: ids } }, include: GAME_INCLUDE });
}

/**
 * How long after kick-off a game still without a final score counts as plausibly postponed or abandoned (JEV stores
 * no such status from its feeds): from then its bets may be voided again. Until then a bet in play is graded by its
 * result, so one about to lose cannot be voided out of the loss limits.
 */
export const VOID_AFTER_KICKOFF_HOURS = 12;

/** Whether the game is over (stored final), its score stored or not: a prop is graded by its player's line then. */
export const isOver = (game: GameRow | undefined): game is GameRow => game?.status === 'final';

/** Whether the game is over with its score stored: only then is a moneyline, spread or total graded. */
export function isFinal(game: GameRow | undefined): game is GameRow & { homeScore: number; awayScore: number } {
  return isOver(game) && game.homeScore !== null && game.awayScore !== null;
}

/** What a bet or pick is on, as stored: a selection of a market, in its game. */
export interface Wager extends MarketSelection {
  gameId: string;
}

/** The stored box-score lines of the players these wagers' props name, in their games that are final (boxScoreKey). */
export function propLines(db: Db, wagers: readonly Wager[], games: ReadonlyMap<string, GameRow>) {
  const gameIds = wagers.filter((w) => w.player !== null && isOver(games.get(w.gameId))).map((w) => w.gameId);
  return boxScoreLines(db, [...new Set(gameIds)]);
}

/**
 * The grade of a wager once its game is final: a moneyline, spread or total from the score, a prop from its player's
 * box-score line in `lines` (propLines). Null before the game is final, and for a prop whose line is not stored or
 * does not tell it: that one stays for the user.
 */
export function gradeAtFinal(game: GameRow | undefined, wager: Wager, lines: ReadonlyMap<string, Record<string, number>>): Grade | null {
  if (!isGameMarket(wager.market)) {
    // A prop needs its player's line, not the score: a game stored final without its score still grades it.
    if (!isOver(game) || wager.player === null) return null;
    const line = lines.get(boxScoreKey(game.id, wager.player));
    return line ? gradeProp(game.sport, wager, line) : null;
  }
  if (!isFinal(game)) return null;
  return gradeSelection(
    { ...wager, market: wager.market },
    {
      homeTeam: game.homeTeam.abbreviation,
      awayTeam: game.awayTeam.abbreviation,
      homeScore: game.homeScore,
      awayScore: game.awayScore,
      threeWay: SPORT_INFO[game.sport as Sport]?.threeWay ?? false,
    },
  );
}

/** Why a pick on a game under way or over is refused, and what to do. */
export const PICKS_BEFORE_KICKOFF =
  'JEV saves picks before kick-off, so their record counts only picks made before the game began. Save picks on games ' +
  'still to start (list_games).';

/**
 * A bet or a pick is recorded only while its game is still to finish: once the result is known, one could be recorded
 * already won. 422 limit on a final game, saying what can be done instead.
 */
export function refuseFinalGame(game: GameRow, record: 'bet' | 'pick'): void {
  if (game.status !== 'final') return;
  throw new ToolError(
    'limit',
    record === 'bet'
      ? `The game ${game.id} is already final, so no bet on it can be logged: JEV records bets before their game ends. ` +
          'If the user placed this bet before the end and wants the balance to show it, they can set the balance on the Bankroll page.'
      : `The game ${game.id} is already final, so no pick on it can be saved: ${PICKS_BEFORE_KICKOFF}`,
  );
}

/** A selection as the caller names it (a team's name or abbreviation, any case), before normalizeSelection. */
export interface NamedSelection {
  market: string;
  selection: string;
  point?: number | null;
  player?: string | null;
}

/** A player prop: any player_ market, or one of the league's own prop keys (MLB's batter_hits, pitcher_strikeouts). */
const isPropMarket = (sport: Sport, market: string) =>
  market.startsWith('player_') || (SPORT_INFO[sport]?.propMarkets.includes(market) ?? false);

/**
 * The selection in the form prices and grading use (a team abbreviation, 'draw', 'over', 'under', 'yes',
 * 'no'), in its market (an alternate line's is the main market it is a point of: alternate_spreads' KC -7.5 is the
 * spread KC -7.5, graded and closed as one), or a 400 saying what this market takes.
 */
export function normalizeSelection(game: GameRow, typed: NamedSelection): MarketSelection {
  const market = MAIN_MARKET_OF[typed.market] ?? typed.market;
  return { market, ...normalizedIn(game, { ...typed, market }) };
}

function normalizedIn(game: GameRow, named: NamedSelection): { selection: string; point: number | null; player: string | null } {
  const wanted = named.selection.trim().toLowerCase();
  const teams = [game.homeTeam, game.awayTeam];
  // Abbreviation or full name, else any name the alias table gives the team (a pro team's nickname, "Lions";
  // college teams keep teamNamed's stricter rule).
  const aliased = teamNamed(game.sport as Sport, named.selection);
  const team =
    teams.find((t) => t.abbreviation.toLowerCase() === wanted || t.name.toLowerCase() === wanted) ??
    teams.find((t) => aliased !== undefined && t.abbreviation === aliased.abbreviation);
  const teamChoices = teams.map((t) => t.abbreviation).join(' or ');
  const point = named.point ?? null;
  const hasDraw = SPORT_INFO[game.sport as Sport]?.threeWay ?? false;
  const fail = (path: string, message: string): never => {
    throw invalidInput([{ path, message }]);
  };

  if (isPropMarket(game.sport as Sport, named.market)) {
    if (!named.player) fail('player', `is required for the player-prop market ${named.market}`);
    if (!['over', 'under', 'yes', 'no'].includes(wanted)) fail('selection', `must be over, under, yes or no for ${named.market}`);
    if ((wanted === 'over' || wanted === 'under') && point === null) fail('point', 'is required for an over/under prop');
    return { selection: wanted, point, player: named.player as string };
  }
  if (named.player) fail('player', `only player-prop markets take a player, not ${named.market}`);
  switch (named.market) {
    case 'h2h':
      if (wanted === 'draw' && hasDraw) return { selection: 'draw', point: null, player: null };
      if (!team) fail('selection', `must be ${teamChoices}${hasDraw ? ' or draw' : ''} for h2h`);
      if (point !== null) fail('point', 'h2h (moneyline) takes no point');
      return { selection: (team as GameRow['homeTeam']).abbreviation, point: null, player: null };
    case 'spreads':
      if (!team) fail('selection', `must be ${teamChoices} for spreads`);
      if (point === null) fail('point', 'is required for spreads (the line, e.g. -3.5)');
      return { selection: (team as GameRow['homeTeam']).abbreviation, point, player: null };
    case 'totals':
      if (wanted !== 'over' && wanted !== 'under') fail('selection', 'must be over or under for totals');
      if (point === null) fail('point', 'is required for totals (the total, e.g. 47.5)');
      return { selection: wanted, point, player: null };
    default:
      return fail(
        'market',
        `must be h2h, spreads, totals or a player-prop market such as ${SPORT_INFO[game.sport as Sport]?.propMarkets[0] ?? 'player_pass_yds'}`,
      );
  }
}

/**
 * The words each price warning holds and no other warning does: the warnings below are built with them, and a stored
 * warning is read back as its flag by them (priceWarningsOf), those of bets logged before flags were read included.
 */
const PRICE_WARNING_WORDS: Record<PriceFlag, string> = {
  in_play: 'so it is recorded as an in-play bet',
  unpriced_pick: 'No book JEV reads has a stored price of',
  unpriced_book: 'Books with one:',
  before_fee: 'price as quoted, before its fee',
  above_books: 'pays more than any book JEV has a price from',
};

/** The price warnings among a bet's stored log_bet warnings, in their order, each with its flag; the others left out. */
export function priceWarningsOf(warnings: readonly string[]): { flag: PriceFlag; warning: string }[] {
  return warnings.flatMap((warning) => {
    const flag = PRICE_FLAGS.find((candidate) => warning.includes(PRICE_WARNING_WORDS[candidate]));
    return flag === undefined ? [] : [{ flag, warning }];
  });
}

/** What a pick is on, as the warnings name it: "KC -3.5 (spreads)", "Patrick Mahomes over 249.5 (player_pass_yds)". */
function pickText(selected: MarketSelection): string {
  return `${selected.player === null ? '' : `${selected.player} `}${selected.selection}${selected.point === null ? '' : ` ${selected.point}`} (${selected.market})`;
}

/**
 * Said when the bet's book has no stored price of the selection while other books have one: a mistyped book (William
 * Hill, the UK book, for Caesars' williamhill_us) would otherwise pass unseen. Names the books with a price, look-alike
 * keys first, and where the fair probability came from instead: the consensus at `fair.book`, or with `fair.alternate`
 * that of the books quoting both sides of the alternate line at its point, whatever book the bet names. Nothing when
 * no book prices the selection. With no book named (`named: false`) `book` is the reference book the bet is priced at,
 * and the warning says so.
 */
export function unpricedBookWarning(
  rows: readonly BookQuote[],
  selected: MarketSelection,
  book: string,
  fair: { book: string; probability: number | null; alternate?: boolean },
  { named = true }: { named?: boolean } = {},
): string | undefined {
  const priced = [...new Set(pricesOfSelection(rows, selected).map((row) => row.book))].sort();
  if (priced.length === 0 || priced.includes(book)) return undefined;
  const alike = priced.filter((key) => regionless(key) === regionless(book));
  const shown = [...alike, ...priced.filter((key) => !alike.includes(key))];
  const more = shown.length > 5 ? ` and ${shown.length - 5} more` : '';
  const what = pickText(selected);
  if (fair.alternate) {
    const fairFrom =
      fair.probability !== null
        ? 'the fair probability is the consensus of the books quoting both sides of that alternate line'
        : 'no book quotes both sides of that alternate line, so the bet has no fair probability';
    const which = named ? bookLabel(book) : `No book was named, so the bet is at ${bookLabel(book)}, the reference book, which`;
    return `${which} has no stored price of ${what}; ${fairFrom}. ${PRICE_WARNING_WORDS.unpriced_book} ${shown.slice(0, 5).map(bookLabel).join(', ')}${more}. ${VOID_AND_RELOG_AT_BOOK}`;
  }
  const fairFrom =
    fair.probability !== null
      ? `the fair probability is the consensus at ${fair.book}, the reference book`
      : fair.book === book
        ? 'so the bet has no fair probability'
        : `nor has ${fair.book}, the reference book, so the bet has no fair probability`;
  // With no book named the bet is priced at the reference book (`book`), so it has no fair probability either.
  const lead = named
    ? `${bookLabel(book)} has no stored price of ${what}; ${fairFrom}.`
    : `No book was named, so the bet is priced at ${bookLabel(book)}, the reference book, which has no stored price of ${what}: the bet has no fair probability.`;
  return `${lead} ${PRICE_WARNING_WORDS.unpriced_book} ${shown.slice(0, 5).map(bookLabel).join(', ')}${more}. ${VOID_AND_RELOG_AT_BOOK}`;
}

const VOID_AND_RELOG_AT_BOOK =
  'If the bet was at one of them, settle it void (settle_bet, before kick-off) and log it again with that book.';

/** An American price with its sign: +110, -105. */
const signed = (american: number) => `${american > 0 ? '+' : ''}${american}`;

/**
 * Said when a bet at an exchange is logged at the price the exchange quotes for it now, not the price net of its fee
 * JEV shows: the ledger settles at the price logged, so a quote logged as it stands credits the fee as winnings.
 */
export function quotedPriceWarning(
  rows: readonly BookQuote[],
  selected: MarketSelection,
  book: string,
  logged: number,
): string | undefined {
  const { beforeCommission } = netPrice(book, logged);
  if (beforeCommission === undefined) return undefined;
  const quote = pricesOfSelection(rows, selected).find((row) => row.book === book);
  if (quote?.americanOdds !== logged) return undefined;
  const net = signed(netPrice(book, logged).americanOdds);
  return (
    `${signed(logged)} is ${book}'s ${PRICE_WARNING_WORDS.before_fee}; net of it the bet pays ${net}, the price JEV shows and ` +
    `the one to log: the ledger settles at the price logged. If the user's bet pays net of the fee, settle this one void ` +
    `(settle_bet, before kick-off) and log it again at ${net}.`
  );
}

/**
 * Said when the logged price pays more than every stored book's latest price of the selection (as quoted, an
 * exchange's before its fee): likely a typo or a price no longer offered, and the ledger and closing-line value use
 * the price logged. Nothing when no book prices the selection.
 */
export function betterThanBooksWarning(rows: readonly StoredQuote[], selected: MarketSelection, logged: number): string | undefined {
  const best = pricesOfSelection(rows, selected).reduce<StoredQuote | undefined>(
    (top, row) => (top === undefined || americanToDecimal(row.americanOdds) > americanToDecimal(top.americanOdds) ? row : top),
    undefined,
  );
  if (best === undefined || americanToDecimal(logged) <= americanToDecimal(best.americanOdds)) return undefined;
  return (
    `${signed(logged)} ${PRICE_WARNING_WORDS.above_books} for this pick (the best: ${signed(best.americanOdds)} at ` +
    `${best.book}, confirmed ${instant(best.updatedAt)}). The bet is recorded at ${signed(logged)}; if that is a typo or a ` +
    `price no longer offered, the ledger and closing-line value are wrong: settle it void (settle_bet, before kick-off) ` +
    `and log it again at the price taken.`
  );
}

/** The first `count` of `values` and how many more: "a, b and c", "a, b, c and 4 more". */
function someOf(values: readonly string[], count: number): string {
  return values.length > count ? `${values.slice(0, count).join(', ')} and ${values.length - count} more` : andList(values);
}

/**
 * Said when no stored book price is of the pick at all (its market, its player, its outcome at its line): JEV can
 * neither check the price logged nor give the bet a fair probability, and a typo (a line of 100.5, a misspelt player,
 * a made-up market key) would pass unseen. Says what the game's books do price, closest to the pick first, so the
 * typo can be found. `offered` is what they price (pricing's selection); the other price warnings say nothing then.
 */
export function unpricedPickWarning(offered: readonly StoredOffering[], selected: MarketSelection): string {
  const player = selected.player ?? '';
  const inMarket = offered.filter((row) => row.market === selected.market);
  const ofPlayer = inMarket.filter((row) => row.player === player);
  const atOutcome = ofPlayer.filter((row) => row.outcome.toLowerCase() === selected.selection.toLowerCase());
  const unique = <Value>(values: Value[]) => [...new Set(values)];
  let found: string;
  let check: string;
  if (offered.length === 0) {
    found = 'no book price of this game is stored yet';
    check = 'the market, the line or the player';
  } else if (inMarket.length === 0) {
    found = `no book prices ${selected.market} in this game (its markets: ${someOf(unique(offered.map((row) => row.market)), 8)})`;
    check = 'the market key';
  } else if (ofPlayer.length === 0 && selected.player !== null) {
    const players = unique(inMarket.map((row) => row.player)).map((name) => ({ name, spellings: [name] }));
    found = `no book prices ${selected.market} for ${selected.player} in this game (closest players with it: ${andList(closestNames(selected.player, players))})`;
    check = "the player's name";
  } else if (atOutcome.length > 0) {
    const distance = (point: number | null) => (point === null || selected.point === null ? 0 : Math.abs(point - selected.point));
    const nearest = unique(atOutcome.map((row) => row.point))
      .sort((a, b) => distance(a) - distance(b))
      .slice(0, 5)
      .sort((a, b) => (a ?? 0) - (b ?? 0));
    found = `books price ${pickText({ ...selected, point: null })} here at ${andList(nearest.map(String))} only`;
    check = 'the line';
  } else {
    const outcomes = unique(ofPlayer.map((row) => (row.point === null ? row.outcome : `${row.outcome} ${row.point}`)));
    found = `books price ${selected.player === null ? '' : `${selected.player}'s `}${selected.market} here as ${someOf(outcomes, 6)}`;
    check = 'the selection';
  }
  return (
    `${PRICE_WARNING_WORDS.unpriced_pick} ${pickText(selected)}: ${found}. So JEV cannot check the price logged or give ` +
    `the bet a fair probability, nor a closing-line value unless a book prices it before kick-off. If ${check} is a typo, ` +
    `settle the bet void (settle_bet, before kick-off) and log it again as placed; if not, it stands as logged.`
  );
}

/**
 * Whether a bet was logged in play, as its record tells afterwards: at or after its game's kick-off, the start as stored
 * now (kickedOffBy, the rule log_bet warned it by). Its price answers the game as it stood (no close measures it), and
 * its result may have been known when it was logged.
 */
export const placedInPlay = (bet: { placedAt: Date }, game: { status: string; startsAt: Date }) => kickedOffBy(game, bet.placedAt);

/**
 * Said when a bet is logged on a game that has kicked off (kickedOffBy): an in-play bet is legitimate, but its price
 * must be the in-play one the book took, not a pre-game price from the odds tools; its closing-line value would
 * measure it against a close from before the game (list_bets gives it none), and with no price confirmed since
 * kick-off (`pricedOnlyBefore`) it has no fair probability either.
 */
export function inPlayWarning(
  game: GameRow,
  { timeZone, americanOdds, pricedOnlyBefore }: { timeZone: string; americanOdds: number; pricedOnlyBefore: boolean },
): string {
  return (
    `The game ${game.id} kicked off at ${formatDateTimeInZone(game.startsAt, timeZone)}, before this bet was logged, ` +
    `${PRICE_WARNING_WORDS.in_play}: its price must be the in-play one the book took, not a pre-game one. It has no ` +
    `closing-line value (the close is the last price before kick-off)` +
    (pricedOnlyBefore ? ", nor a fair probability: JEV's prices of it are all from before kick-off" : '') +
    `. Check ${signed(americanOdds)} with the user: a bet in play is not voided (only once its game has gone ` +
    `${VOID_AFTER_KICKOFF_HOURS} hours without a final), so a wrong price is settled as logged, whatever the other ` +
    'warnings advise (the balance can then be set on the Bankroll page).'
  );
}
