import { consensus } from '@/lib/betting/consensus';
import { normalCdf } from '@/lib/betting/normal';
import { impliedProbability } from '@/lib/betting/odds';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@/lib/time';
import { SPORT_INFO, type Sport } from '../sports';
import type { InjuryRecord, PriceRecord } from '../store';
import { roster, SAMPLE_SPORTS, upcomingFixtures, type Fixture } from './fixtures';
import { expectation, offeredProps, statusesOf, type InjuryStatus } from './players';
import { american, clamp, logistic, random, roundTo, type Random } from './random';
import { injured } from './records';

// The sample's prices: every book's main markets and props, and the lines that move them.
//
/** The Odds API keys of the books, with each one's usual margin (overround) on a two-way market. */
export const SAMPLE_BOOKS: readonly (readonly [book: string, margin: number])[] = [
  ['draftkings', 0.046],
  ['fanduel', 0.044],
  ['betmgm', 0.049],
  ['williamhill_us', 0.047],
  ['espnbet', 0.048],
  ['fanatics', 0.05],
  ['betrivers', 0.053],
  ['bovada', 0.051],
  ['betonlineag', 0.04],
  ['lowvig', 0.025],
];
const PROP_BOOKS = SAMPLE_BOOKS.slice(0, 6);
/** Props carry about half as much margin again as a book's main markets (-115 on both sides, about 7%). */
const PROP_MARGIN = 1.5;
/** How far a book's view of a prop strays from the market's (a standard deviation, in probability). */
const PROP_BOOK_SPREAD = 0.016;
/** How far at most: a book that strays further is moved back by its traders (unbounded, two books opened arbitrages over 2%). */
const PROP_BOOK_STRAY_MAX = 0.035;

// Calibrated to real markets (docs/data.md, "The sample slate"): each book's hold is its usual margin, books
// differ by a fraction of a point, so an arbitrage or a best price 5% over the consensus is rare. Prices are a
// function of the date and the time: the market moves now and then (a steam move rarely), and each book picks
// the market up when it next re-prices, at a 5-minute mark, so loading at one time and moving at another
// (../ingest/tasks.ts, the sample task) give the same prices for the same moment.

/** Books re-price at these marks. */
const BUCKET_MS = 5 * 60_000;
/** A lagging book re-prices at most this many buckets late. */
const MAX_LAG_BUCKETS = 48;
/** Each book re-draws its small differences of opinion on a game once a day, at its own time of day. */
export const OPINION_MS = DAY_MS;
/** Soft lines and the one arbitrage hold for one window, then others take their place. */
const SOFT_WINDOW_MS = 2 * HOUR_MS;

/** Win probability of the home side from the expected margin (NFL, NBA) or the goal difference (EPL). */
function homeWinProbability(sport: Sport, margin: number): number {
  return logistic(margin / (sport === 'nfl' ? 7.6 : sport === 'nba' ? 6.8 : 1.2));
}

/** Points (goals in the EPL) the expected margin moves by in a steam move. */
const STEAM_SIZE: Record<string, number> = { nfl: 0.7, nba: 1, epl: 0.06 };

export interface MarketMove {
  at: number;
  margin: number;
  total: number;
}

/**
 * The market's moves over the week before kickoff: now and then (a few a day across the slate) the expected
 * margin or total moves by a point or so (a tenth of a goal), and every book follows within minutes: steam.
 */
export function marketMoves(fixture: Fixture): MarketMove[] {
  const kickoff = fixture.game.startsAt.getTime();
  const size = STEAM_SIZE[fixture.sport] ?? 0.7;
  const moves: MarketMove[] = [];
  for (let hour = Math.floor((kickoff - 7 * DAY_MS) / HOUR_MS); hour * HOUR_MS < kickoff; hour++) {
    const rng = random(`move:${fixture.game.id}:${hour}`);
    if (rng.next() >= 0.006) continue;
    const at = hour * HOUR_MS + rng.int(0, 11) * BUCKET_MS;
    const signed = (rng.next() < 0.5 ? -1 : 1) * size;
    moves.push(rng.next() < 0.6 ? { at, margin: signed, total: 0 } : { at, margin: 0, total: signed * 1.5 });
  }
  return moves;
}

/** The market's expected margin and total at `at`. */
export function marketAt(fixture: Fixture, moves: readonly MarketMove[], at: number): { margin: number; total: number } {
  let { margin, total } = fixture;
  for (const move of moves) {
    if (move.at > at) break;
    margin += move.margin;
    total += move.total;
  }
  return { margin, total };
}

/** When `book` re-prices the game in this 5-minute bucket, if it does. */
function repricedIn(gameId: string, book: string, bucket: number): number | undefined {
  const start = bucket * BUCKET_MS;
  const rng = random(`reprice:${gameId}:${book}:${bucket}`);
  const when = start + rng.int(0, 239) * 1000;
  // One book (betrivers) lags at times: for a few hours on some games it re-prices rarely.
  const lagging = book === 'betrivers' && random(`lag:${gameId}:${Math.floor(start / (6 * HOUR_MS))}`).next() < 0.3;
  return rng.next() < (lagging ? 0.02 : 0.6) ? when : undefined;
}

/** When `book` last re-priced the game at or before `at`: within minutes, or hours late while it lags. */
export function lastRepriced(gameId: string, book: string, at: number): number {
  const bucket = Math.floor(at / BUCKET_MS);
  for (let back = 0; back < MAX_LAG_BUCKETS; back++) {
    const when = repricedIn(gameId, book, bucket - back);
    if (when !== undefined && when <= at) return when;
  }
  return (bucket - MAX_LAG_BUCKETS) * BUCKET_MS;
}

/** When `book` next re-prices the game at or after `at`: what a provider records of a change at `at`. */
export function nextRepriced(gameId: string, book: string, at: number): number {
  const bucket = Math.floor(at / BUCKET_MS);
  for (let ahead = 0; ahead < MAX_LAG_BUCKETS; ahead++) {
    const when = repricedIn(gameId, book, bucket + ahead);
    if (when !== undefined && when >= at) return when;
  }
  return (bucket + MAX_LAG_BUCKETS) * BUCKET_MS;
}

function twoWay(book: string, margin: number, pFirst: number, first: [string, number | null], second: [string, number | null]) {
  const overround = 1 + margin;
  return [
    { book, outcome: first[0], point: first[1], americanOdds: american(pFirst * overround) },
    { book, outcome: second[0], point: second[1], americanOdds: american((1 - pFirst) * overround) },
  ];
}

type Quote = Omit<PriceRecord, 'gameId' | 'market' | 'player' | 'updatedAt'>;

/** Three-way (soccer) markets carry more margin than two-way ones at the same book. */
const THREE_WAY_MARGIN = 1.4;

/** A book's margin on a market: its two-way margin, more on a three-way market. */
function marketMargin(quotes: readonly Quote[], margin: number): number {
  return quotes.length === 3 ? margin * THREE_WAY_MARGIN : margin;
}

/**
 * One book's h2h, spreads and totals for a game on the market `state`, given how far it leans from the market
 * (a few tenths of a point, its opinion) and whether it hangs another line.
 */
function gameMarkets(
  fixture: Fixture,
  state: { margin: number; total: number },
  book: string,
  margin: number,
  opinion: Random,
  oddLine: number,
): Record<string, Quote[]> {
  const { sport, home, away } = fixture;
  const expected = state.margin + opinion.normal(sport === 'epl' ? 0.025 : 0.15);
  const step = sport === 'epl' ? 0.25 : 0.5;
  const shift = oddLine * (sport === 'nfl' ? 1 : step);
  const spread = roundTo(-state.margin, step) + shift || (sport === 'epl' ? -0.25 : -0.5); // no pick'em spreads
  const totalLine = (sport === 'epl' ? 2.5 : roundTo(state.total, 0.5)) + shift;
  const noise = () => opinion.normal(0.002);
  const coverHome = clamp(0.5 + (expected + spread) / (sport === 'epl' ? 4 : sport === 'nfl' ? 28 : 24) + noise(), 0.4, 0.6);
  const over = clamp(0.5 + (state.total - totalLine) / (sport === 'epl' ? 2.5 : sport === 'nfl' ? 20 : 30) + noise(), 0.4, 0.6);
  const pHome = clamp(homeWinProbability(sport, expected) + noise(), 0.05, 0.94); // priced within whole American odds
  let h2h: Quote[];
  if (SPORT_INFO[sport].threeWay) {
    const draw = clamp(0.27 - Math.abs(expected) * 0.06, 0.15, 0.3);
    const overround = 1 + margin * THREE_WAY_MARGIN;
    h2h = [
      { book, outcome: home.abbreviation, point: null, americanOdds: american(pHome * (1 - draw) * overround) },
      { book, outcome: 'draw', point: null, americanOdds: american(draw * overround) },
      { book, outcome: away.abbreviation, point: null, americanOdds: american((1 - pHome) * (1 - draw) * overround) },
    ];
  } else {
    h2h = twoWay(book, margin, pHome, [home.abbreviation, null], [away.abbreviation, null]);
  }
  return {
    h2h,
    spreads: twoWay(book, margin, coverHome, [home.abbreviation, spread], [away.abbreviation, -spread]),
    totals: twoWay(book, margin, over, ['over', totalLine], ['under', totalLine]),
  };
}

/**
 * A game's books at one moment: who prices it, who hangs another line. The same for the game at any time. Two games
 * in five have a book at another line, and a slate's last game always does, so every league's coming games show one
 * at any moment (the last game is coming while any is), as a market's board does.
 */
export function gameBooks(fixture: Fixture, everyBook: boolean) {
  const rng = random(`books:${fixture.game.id}`);
  // 8 to 10 books, the reference (the first) always among them.
  const missing = new Set(rng.shuffle(SAMPLE_BOOKS.slice(1).map(([book]) => book)).slice(0, everyBook ? 0 : rng.int(0, 2)));
  const books = SAMPLE_BOOKS.filter(([book]) => !missing.has(book));
  const oddBook = rng.next() < 0.4 || fixture.lastOfSlate ? rng.int(1, books.length - 1) : -1;
  const oddShift = rng.next() < 0.5 ? -1 : 1;
  return books.map(([book, margin], index) => ({ book, margin, oddLine: index === oddBook ? oddShift : 0 }));
}

interface BookQuotes {
  book: string;
  margin: number;
  updatedAt: Date;
  markets: Record<string, Quote[]>;
}

/** When in the day (ms) `book` re-draws its opinion on a game. */
export const opinionOffset = (gameId: string, book: string) => Math.floor(random(`opinion:${gameId}:${book}`).next() * OPINION_MS);

/** Every book's game markets for a fixture at `at`, each as the book last priced it. */
export function quotesAt(fixture: Fixture, moves: readonly MarketMove[], books: ReturnType<typeof gameBooks>, at: number): BookQuotes[] {
  return books.map(({ book, margin, oddLine }) => {
    const repriced = lastRepriced(fixture.game.id, book, at);
    const epoch = Math.floor((repriced - opinionOffset(fixture.game.id, book)) / OPINION_MS);
    const lean = random(`lean:${fixture.game.id}:${book}`).normal(1);
    const opinion = random(`opinion:${fixture.game.id}:${book}:${epoch}`);
    const state = marketAt(fixture, moves, repriced);
    const leaning = { margin: state.margin + lean * (fixture.sport === 'epl' ? 0.015 : 0.1), total: state.total };
    return { book, margin, updatedAt: new Date(repriced), markets: gameMarkets(fixture, leaning, book, margin, opinion, oddLine) };
  });
}

const impliedSum = (quotes: readonly { americanOdds: number }[]) => quotes.reduce((sum, q) => sum + impliedProbability(q.americanOdds), 0);

/**
 * The best price of each outcome of a market (at the reference line) among the books but `except`, and the
 * consensus of those books, both by the project's own rules (lib/betting).
 */
function marketView(all: readonly BookQuotes[], market: string, except: string) {
  const reference = all[0]!.markets[market]!;
  const others = all.filter((quotes) => quotes.book !== except);
  const fair = consensus(
    { book: all[0]!.book, outcomes: reference },
    others.map((quotes) => ({ book: quotes.book, outcomes: quotes.markets[market]! })),
  );
  const best = reference.map((wanted) => {
    let top = -Infinity;
    for (const quotes of others) {
      const quote = quotes.markets[market]!.find((q) => q.outcome === wanted.outcome && q.point === wanted.point);
      if (quote && quote.americanOdds > top) top = quote.americanOdds;
    }
    return top;
  });
  return { reference, fair: fair.outcomes.map((o) => o.fairProbability ?? 0), best };
}

/**
 * Sets a book's prices on a market to `implied` for one outcome, keeping its hold: the other outcomes share the
 * rest in proportion. Returns false (changing nothing) if the book is at another line.
 */
function repriceOutcome(quotes: BookQuotes, market: string, outcome: string, implied: number, reference: readonly Quote[]): boolean {
  const own = quotes.markets[market]!;
  if (!reference.every((wanted) => own.some((q) => q.outcome === wanted.outcome && q.point === wanted.point))) return false;
  const hold = 1 + marketMargin(own, quotes.margin);
  const rest = own.filter((q) => q.outcome !== outcome);
  const restImplied = impliedSum(rest);
  quotes.markets[market] = own.map((q) =>
    q.outcome === outcome
      ? { ...q, americanOdds: american(implied) }
      : { ...q, americanOdds: american((impliedProbability(q.americanOdds) / restImplied) * (hold - implied)) },
  );
  return true;
}

/** The implied chances of the best prices on every outcome but `index` (an outcome no other book prices: 1), summed. */
function othersBestImplied(best: readonly number[], index: number): number {
  return best.reduce((sum, odds, i) => (i === index ? sum : sum + (Number.isFinite(odds) ? impliedProbability(odds) : 1)), 0);
}

/** How many soft lines each league shows in a window: what the value question finds. */
const SOFT_LINES: Record<string, number> = { nfl: 3, nba: 2, epl: 2 };

type PricedFixture = { fixture: Fixture; moves: MarketMove[]; books: ReturnType<typeof gameBooks> };

/**
 * Soft lines and one small arbitrage, as markets show them: for a window of two hours, a few books each hang a
 * price 3 to 4.2% better than the consensus of the others on one outcome (an underdog where it can, never an
 * arbitrage), and in the NFL one book is long on a favourite so that its price and the best on the other side
 * make an arbitrage of 0.3 to 1%. Worked out from the prices at the start of the window, so they hold still
 * through it; while a league has a game to come, one of them has a soft line (the last game of a Sunday night too,
 * beside the arbitrage).
 */
function softLines(league: readonly PricedFixture[], at: number, current: Map<string, BookQuotes[]>) {
  const windowStart = Math.floor(at / SOFT_WINDOW_MS) * SOFT_WINDOW_MS;
  const sport = league[0]?.fixture.sport;
  if (!sport) return;
  const rng = random(`soft:${sport}:${windowStart / SOFT_WINDOW_MS}`);
  // Each coming game's books now, and at the window's start worked out once, when first asked.
  const coming = rng
    .shuffle(league)
    .filter(({ fixture }) => fixture.game.startsAt.getTime() > at)
    .flatMap((game): WindowGame[] => {
      const live = current.get(game.fixture.game.id);
      let start: ReturnType<typeof booksAt> | undefined;
      return live ? [{ id: game.fixture.game.id, live, atStart: () => (start ??= booksAt(game, windowStart)) }] : [];
    });
  const softBooks = new Map<string, string>();
  for (const game of coming) {
    if (softBooks.size === (SOFT_LINES[sport] ?? 0)) break;
    const book = softLine(game, at, rng);
    if (book) softBooks.set(game.id, book);
  }
  // On a strong favourite's game if there is one; else, so that a lone Monday night game has it too, on any game's.
  if (sport === 'nfl')
    for (const leastFavourite of [0.6, 0.5]) if (coming.some((game) => arbitrage(game, rng, softBooks.get(game.id), leastFavourite))) break;
}

/** A coming game's books now (`live`, repriced in place) and at the window's start. */
interface WindowGame {
  id: string;
  live: BookQuotes[];
  atStart: () => ReturnType<typeof booksAt>;
}

/** A game's books at the window's start, and those that had re-priced lately: not the reference, not lagging. */
function booksAt({ fixture, moves, books }: PricedFixture, windowStart: number) {
  const then = quotesAt(fixture, moves, books, windowStart);
  return { then, candidates: then.slice(1).filter((q) => q.updatedAt.getTime() > windowStart - HOUR_MS) };
}

/**
 * A soft line on one game: the first book (in random order) that can hang one, on the underdog or else another
 * outcome, 3 to 4.2% better than the others' consensus, or as near as it can go without an arbitrage with the
 * others' best prices now (a margin for rounding), if that still leaves 3%. Returns the book, if any.
 */
function softLine({ live, atStart }: WindowGame, at: number, rng: Random): string | undefined {
  const { then, candidates } = atStart();
  for (const book of rng.shuffle(candidates)) {
    const quotes = live.find((q) => q.book === book.book);
    // A book that has not re-priced for half an hour is lagging now: its soft line would soon be stale.
    if (!quotes || quotes.updatedAt.getTime() <= at - 30 * MINUTE_MS) continue;
    const view = marketView(then, 'h2h', book.book);
    const now = marketView(live, 'h2h', book.book);
    const byChance = view.fair.map((_, index) => index).sort((a, b) => view.fair[a]! - view.fair[b]!);
    for (const index of byChance) {
      const fair = view.fair[index]!;
      const implied = Math.max(fair / (1 + rng.between(0.03, 0.042)), 1.004 - othersBestImplied(now.best, index));
      if (fair / implied - 1 < 0.03) continue;
      if (repriceOutcome(quotes, 'h2h', view.reference[index]!.outcome, implied, view.reference)) return book.book;
    }
  }
  return undefined;
}

/**
 * The NFL's arbitrage on one game, if its favourite's fair chance is at least `leastFavourite`: a book other than the
 * game's soft line goes long on it, so that its price and the best on the other side sum to 1 / (1 + the
 * arbitrage's return), unless that would take it more than 4.5% past the consensus. Where the others' best
 * prices have moved since the window opened (a lagging book catching up), the long book goes as far as it takes,
 * so the window keeps its arbitrage.
 */
function arbitrage({ live, atStart }: WindowGame, rng: Random, softBook: string | undefined, leastFavourite: number): boolean {
  const { then, candidates } = atStart();
  const eligible = candidates.filter((q) => q.book !== softBook);
  if (eligible.length === 0) return false;
  const book = rng.pick(eligible);
  const view = marketView(then, 'h2h', book.book);
  const favourite = view.fair.indexOf(Math.max(...view.fair));
  if (view.fair[favourite]! < leastFavourite) return false;
  const impliedSum = 1 / (1 + rng.between(0.003, 0.01));
  const now = impliedSum - othersBestImplied(marketView(live, 'h2h', book.book).best, favourite);
  // A soft line on the game has moved its best prices since the window opened: the arbitrage is worked out from now's.
  const target = softBook ? now : Math.min(impliedSum - othersBestImplied(view.best, favourite), now);
  if (view.fair[favourite]! / target - 1 >= 0.045) return false;
  const quotes = live.find((q) => q.book === book.book);
  return quotes !== undefined && repriceOutcome(quotes, 'h2h', view.reference[favourite]!.outcome, target, view.reference);
}

/** The props each featured game carries per team: the market, and the first player at the position its line is on. */
const PROP_LINES: Record<string, { market: string; position: string }[]> = {
  nfl: [
    { market: 'player_pass_yds', position: 'QB' },
    { market: 'player_rush_yds', position: 'RB' },
    { market: 'player_reception_yds', position: 'WR' },
  ],
  nba: [
    { market: 'player_points', position: 'G' },
    { market: 'player_points', position: 'F' },
    { market: 'player_rebounds', position: 'C' },
    { market: 'player_assists', position: 'G' },
  ],
};

/**
 * A game's props at `at`, on its injury report (`statuses`, by name): none on a player out or doubtful, a lowered
 * line on one questionable. Each line is the half point nearest the player's expected median (players.ts: the model
 * his box scores are drawn from; a little under his average where big nights lift it), and the market's chance of
 * the over is the model's, so results land over about half the time.
 */
function props(fixture: Fixture, statuses: ReadonlyMap<string, InjuryStatus>, rng: Random, at: Date): PriceRecord[] {
  const rows: PriceRecord[] = [];
  for (const team of [fixture.home, fixture.away]) {
    const players = roster(team).filter((p) => offeredProps(statuses.get(p.name)));
    for (const spec of PROP_LINES[fixture.sport] ?? []) {
      const player = players.find((p) => p.position === spec.position);
      const expected = player && expectation(fixture, team, player, spec.market, statuses);
      if (!player || !expected) continue;
      const line = Math.floor(expected.median) + 0.5;
      // The market's view of the over, and each book's own a little off it: books that priced props on their own
      // would leave an arbitrage in a third of the markets, where real ones leave one now and then.
      const opinion = clamp(normalCdf((expected.median - line) / expected.sd) + rng.normal(0.03), 0.35, 0.65);
      for (const [index, [book, margin]] of PROP_BOOKS.entries()) {
        const point = index === 4 && rng.next() < 0.5 ? line + 1 : line; // one book hangs another number now and then
        const stray = clamp(rng.normal(PROP_BOOK_SPREAD), -PROP_BOOK_STRAY_MAX, PROP_BOOK_STRAY_MAX);
        // A book a point higher prices the over as the model does at its point.
        const shift = normalCdf((expected.median - point) / expected.sd) - normalCdf((expected.median - line) / expected.sd);
        const over = clamp(opinion + shift + stray, 0.3, 0.7);
        const quotes = twoWay(book, margin * PROP_MARGIN, over, ['over', point], ['under', point]);
        rows.push(...quotes.map((q) => ({ ...q, gameId: fixture.game.id, market: spec.market, player: player.name, updatedAt: at })));
      }
    }
    if (fixture.sport === 'nfl') {
      // Anytime touchdown: books list only "yes", so there is no margin to remove and no consensus.
      for (const player of players.filter((p) => ['RB', 'WR', 'TE'].includes(p.position))) {
        const chance = expectation(fixture, team, player, 'player_anytime_td', statuses)!.mean;
        for (const [book, margin] of PROP_BOOKS) {
          const americanOdds = american(chance * (1 + margin * 2) + rng.normal(0.01));
          rows.push({
            gameId: fixture.game.id,
            market: 'player_anytime_td',
            player: player.name,
            book,
            outcome: 'yes',
            point: null,
            americanOdds,
            updatedAt: at,
          });
        }
      }
    }
  }
  return rows;
}

/**
 * A steam move on the first NFL game's moneyline: every book but betrivers (the one that lags) priced the home
 * side 2.5 points of probability longer 40 minutes before its current price, so each moved towards the home side
 * within minutes of the others, the market's latest steam. Returns those earlier prices (the current ones are the move). Uses no random
 * numbers, so the rest of the slate is the same with or without it.
 */
export function steamMove(upcoming: readonly Fixture[], current: readonly PriceRecord[]): PriceRecord[] {
  const fixture = upcoming.find((f) => f.sport === 'nfl');
  if (!fixture) return [];
  const rows = current.filter((row) => row.gameId === fixture.game.id && row.market === 'h2h' && row.book !== 'betrivers');
  return rows.map((row) => ({
    ...row,
    americanOdds: american(impliedProbability(row.americanOdds) + (row.outcome === fixture.home.abbreviation ? -0.025 : 0.025)),
    updatedAt: new Date(row.updatedAt.getTime() - 40 * 60_000),
  }));
}

/**
 * Every book's h2h, spreads and totals of these fixtures at `at`; with `soft`, the soft lines and the arbitrage of
 * the moment (picked among all the fixtures given, so give the same ones for the same moment).
 */
export function gamePrices(fixtures: readonly Fixture[], at: number, { everyBook = false, soft = false } = {}): PriceRecord[] {
  const priced = fixtures.map((fixture) => ({ fixture, moves: marketMoves(fixture), books: gameBooks(fixture, everyBook) }));
  const current = new Map(priced.map(({ fixture, moves, books }) => [fixture.game.id, quotesAt(fixture, moves, books, at)]));
  if (soft)
    for (const sport of SAMPLE_SPORTS)
      softLines(
        priced.filter((p) => p.fixture.sport === sport),
        at,
        current,
      );
  return [...current].flatMap(([gameId, books]) =>
    books.flatMap(({ book, updatedAt, markets }) =>
      Object.entries(markets).flatMap(([market, quotes]) =>
        quotes.map((quote) => ({ ...quote, book, gameId, market, player: '', updatedAt })),
      ),
    ),
  );
}

/** Each fixture's closing prices: the market a few minutes before its kickoff. */
export function closingPrices(fixtures: readonly Fixture[], everyBook = false): PriceRecord[] {
  return fixtures.flatMap((fixture) =>
    gamePrices([fixture], fixture.game.startsAt.getTime() - random(`close:${fixture.game.id}`).int(1, 20) * 60_000, { everyBook }),
  );
}

/**
 * The games of a slate that carry props, by their place in its shape: one or two of each kickoff window, as books
 * feature them, so a game still to come has props at any time of the week (the night). NFL: Thursday, two early
 * Sunday games, the late national game, Sunday and Monday night; NBA: 19:00, 20:00, 21:30 and 22:30 ET.
 */
const PROP_GAMES: Record<string, readonly number[]> = { nfl: [0, 1, 2, 12, 14, 15], nba: [0, 4, 7, 9] };
/** The games that carry alternate lines: those with props, and the EPL's Saturday first and Sunday last. */
export const ALTERNATE_GAMES: Record<string, readonly number[]> = { ...PROP_GAMES, epl: [0, 9] };

/** The fixtures of `slate` (one or more leagues' whole slates, in kickoff order) at these places in their league's. */
export function featured(slate: readonly Fixture[], places: Record<string, readonly number[]>): Fixture[] {
  return SAMPLE_SPORTS.flatMap((sport) => {
    const league = slate.filter((f) => f.sport === sport);
    return (places[sport] ?? []).flatMap((place) => league[place] ?? []);
  });
}

const propFixtures = (slate: readonly Fixture[]) => featured(slate, PROP_GAMES);

/** The props of the featured games of `upcoming`, on the injury report `injuries` (of their leagues). */
export function propPrices(upcoming: readonly Fixture[], injuries: readonly InjuryRecord[], at: number): PriceRecord[] {
  const statuses = new Map(SAMPLE_SPORTS.map((sport) => [sport as string, statusesOf(injuries.filter((i) => i.sport === sport))]));
  return propFixtures(upcoming).flatMap((fixture) =>
    props(fixture, statuses.get(fixture.sport)!, random(`props:${fixture.game.id}`), new Date(lastRepriced(fixture.game.id, 'props', at))),
  );
}

/**
 * The sample's current prices at `at` for the games of `date`'s slate (of one sport, if given) that have not
 * started: what the sample task (../ingest/tasks.ts) writes as the market moves. The same moment gives the same
 * prices.
 */
export function samplePricesAt(date: string, at: Date, sport?: Sport): PriceRecord[] {
  const upcoming = upcomingFixtures(date).filter((f) => sport === undefined || f.sport === sport);
  const rows = [...gamePrices(upcoming, at.getTime(), { soft: true }), ...propPrices(upcoming, injured(date, at), at.getTime())];
  const started = new Set(upcoming.filter((f) => f.game.startsAt <= at).map((f) => f.game.id));
  return rows.filter((row) => !started.has(row.gameId));
}
