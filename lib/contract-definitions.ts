import { ARBITRAGE_RISKS } from '@/lib/betting/arbitrage';
import { EXCHANGE_FEES } from '@/lib/betting/commission';
import { VALUE_MIN_BOOKS } from '@/lib/betting/consensus';
import { KEY_NUMBERS, MIN_FINALS_FOR_CHANCE } from '@/lib/betting/middles';
import { STEAM_MIN_BOOKS, STEAM_WINDOW_MS } from '@/lib/betting/movement';
import { SHARP_BOOK_WEIGHTS } from '@/lib/betting/sharp-books';
import { HISTORY_POINTS } from '@/lib/pricing/line-history';
import { FAIR_CHANGE_WINDOW_MS } from '@/lib/pricing/priced-market';

// The contract's definitions, written once: the no-vig consensus, value, arbitrage, movement and steam, the de-vig
// methods and the loss-limit room. docs/contract.md carries each in a generated block (lib/docs/generate.ts fills the
// blocks marked <!-- generated: name --> and `npm run lint` fails when one differs), and the MCP knowledge notes
// (lib/tools/notes.ts) and the prompts quote them, so what an agent reads is what an integrator reads. Each is
// Markdown, true to the code named beside it; the figures come from that code.
// Imports only constants; nothing in lib/betting or lib/data may import this module (lib/tools and lib/mcp do).

const minutes = (ms: number) => ms / 60_000;
const hours = (ms: number) => ms / 3_600_000;

/** Which book anchors a market (lib/pricing/priced-market.ts, lib/tools/preferences.ts). */
export const REFERENCE_BOOK =
  "Each market is priced against a **reference book**: the call's `book`, else the reference book stored with the user's " +
  "bankroll, else the service's default book (`DEFAULT_REFERENCE_BOOK`).";

/** The three rules of the consensus (lib/betting/consensus.ts). */
export const CONSENSUS_RULES = `1. A book joins only if it prices exactly the reference book's outcomes at the reference book's lines. A different line
   is a different bet and is left out.
2. Each joining book's margin is removed with the multiplicative method (each implied probability divided by their sum),
   from the prices a bettor gets there: an exchange's or prediction market's net of its fee. An exchange joins like any
   book, by rule 1.
3. The fair probabilities are averaged across the joining books, outcome by outcome.`;

/** The consensus fields of get_game_odds and get_player_props, and what consensusBooks 0 and 1 mean. */
export const CONSENSUS_FIELDS = `Per outcome: \`fairProbability\` (6 decimal places), \`fairAmericanOdds\` (a whole number, the shown probability's) and \`expectedValue\`, the
reference book's price measured against the fair probability per unit staked (p × decimal odds − 1; 6 decimal places
with \`detail: "full"\`, 4 in the default answer), worked out from the fair probability as shown, so the shown
probability and price give it back (\`calc_ev\` fed them answers it as its \`expectedValuePercent\`; its \`expectedValue\` is
money on the stake). Per market: \`consensusBooks\`, the number of books used, the
reference book included.
- \`consensusBooks\` **1**: only the reference book's own no-vig line, a weak fair price.
- \`consensusBooks\` **0**: no consensus, so no fair price and no edge; the three outcome fields are left out (null with
  \`detail: "full"\`). This happens on one-sided markets (for example an anytime-touchdown market that lists only the
  yes side), where there is no margin to remove, and on a market the reference book does not price.`;

/** The sharp consensus's weights as a Markdown list, heaviest first: "- 3: `pinnacle`", "- 2: `betonlineag`, …". */
// Without Map.groupBy (lib/collections.ts, groupBy, says why), here as the server starts.
const sharpBooks = [...SHARP_BOOK_WEIGHTS];
const sharpWeights = [...new Set(sharpBooks.map(([, weight]) => weight))]
  .sort((a, b) => b - a)
  .map(
    (weight) =>
      `  - ${weight}: ${sharpBooks
        .filter(([, w]) => w === weight)
        .map(([book]) => `\`${book}\``)
        .join(', ')}`,
  )
  .join('\n');

/** The fair line on request (lib/betting/fair-line.ts, lib/betting/sharp-books.ts). */
export const FAIR_LINE = `\`fairLine\` (\`get_game_odds\`, \`get_player_props\`) prices against another fair line. Without it the answer is the
consensus above and has no \`fairLine\` field; with it the answer names its line (\`fairLine\`: "power", "sharp",
"sharp+power"), and every fair number in it is on that line: \`fairProbability\`, \`fairAmericanOdds\`, \`expectedValue\`,
\`best.expectedValue\`, the value list (\`minExpectedValue\`, \`valueNote\`), \`fairProbabilityChange\` (both ends) and the
\`history\` series. The closing-line value of bets and picks stays on the default consensus.
- A \`calc_no_vig_odds\` method (the default's is \`multiplicative\`) replaces rule 2 for every joining book. A book whose
  market the method refuses does not join; when it refuses the reference book's, the market has no consensus
  (\`consensusBooks\` 0) and \`priceNote\` says why.
- \`worst_case\`: rule 2 takes per book and outcome the lowest fair probability of the methods that price the book's
  market (\`calc_no_vig_odds\`' \`worstCase\`). Their average is at most the consensus of any method that prices every
  joining book, so a price that is value on this line is value under each of them; the lows are bounds and sum to
  less than 1.
- \`sharp\`: rule 3 is a weighted average, every book weighing 1 but these:
${sharpWeights}

  the market makers, which open lines and move on informed money, and the exchanges and prediction markets, where
  bettors price against each other for a commission rather than a margin. Without any of them it is the plain
  average. \`sharp+power\` (any method or \`worst_case\`) weights that method's fair probabilities. \`consensusBooks\`
  counts books, not weights.

An unknown name, two methods, or \`fairLine\` with \`arbitrage: true\` (which prices nothing against a fair line) is
400 \`invalid_input\`.`;

/** CONSENSUS_FIELDS on one-sided markets in a few words, for a tool description (tools/list has a token budget). */
export const ONE_SIDED_BRIEF = 'one-sided markets (anytime touchdown) have consensusBooks 0 and no fair price';

/**
 * Which teams a futures market's consensus prices, and which books make it (lib/betting/futures.ts). Plain text: the
 * futures answer's `futuresNote` quotes it as well as the knowledge notes.
 */
export const FUTURES_FIELD =
  'The field is the teams at least half the books price: a team outside the field has no fair price and is left out of ' +
  "each book's de-vig (a team one stale board still lists after the other books took it off, say). A book joins the " +
  'consensus only if it prices the whole field: a book missing teams is left out of it, as it would spread its margin ' +
  'over fewer teams and overstate their chances, while its prices still count for the best price. No book pricing the ' +
  'whole field means no consensus (consensusBooks 0, no fair probabilities).';

/** FUTURES_FIELD in a few words, for the futures answer's note (every futures answer carries it). */
export const FUTURES_FIELD_BRIEF =
  'the field is the teams at least half the books price; a book missing teams is left out of the consensus, and a team outside the field has no fair price';

/** The best price and its expected value (lib/pricing/reference-pricing.ts, lib/betting/arbitrage.ts). */
export const BEST_PRICE = `\`best\` (per outcome): the highest price on the same bet (the reference book's line) at any book, with that book,
the price's age and its \`expectedValue\` against \`fairProbability\` measured the same way (there only when
\`fairProbability\` is). The default answer gives \`best\` only when another book beats the reference price. At an exchange
or prediction market the price is what a bettor gets, net of its fee, and \`beforeCommission\` is the price as quoted.
When books tie at the best price, the reference book is named if it is one of them, else the first by book key.`;

const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

/** Exchanges' and prediction markets' fees, from the one table (lib/betting/commission.ts). */
export const EXCHANGE_COMMISSION = `Exchanges and prediction markets are books like any other, each at its fee. Their back prices are priced net of it
(the stored price stays as quoted); their lay prices (\`h2h_lay\`) are not stored. A share of the winnings nets decimal
odds d to 1 + (d − 1)(1 − rate); a fee of rate × p × (1 − p) per contract bought at p = 1/d nets them to
1 / (p + rate × p × (1 − p)). Rates of a standard account, as each venue publishes them:

| Book | Fee | Rate |
|---|---|---|
${Object.entries(EXCHANGE_FEES)
  .map(
    ([book, fee]) =>
      `| \`${book}\` | ${fee.model === 'winnings' ? 'share of net winnings' : 'per contract, rate × p × (1 − p)'} | ${percent(fee.rate)} |`,
  )
  .join('\n')}

Every price of an exchange an answer shows is net of its fee, the price a bettor gets there, with \`beforeCommission\`
beside it, the price as quoted (absent for a sportsbook): the best price, an arbitrage's and a middle's legs, and the
exchange as the reference book (the \`book\` argument or the user's preference). Then each outcome's \`americanOdds\`
is net, \`impliedProbability\` and \`expectedValue\` are of the net price as the fee leaves it, before it is rounded to
the whole American price shown (so either can differ from one worked out from \`americanOdds\` in its last places),
its \`opening\` is net (with its own
\`beforeCommission\`), and its \`history\` series' \`americanOdds\` are net (no quoted series beside them). BetOpenly
publishes no fee schedule; its prices are used as quoted. A bet at an exchange is logged (\`log_bet\`) at its net price,
the \`americanOdds\` JEV shows (not \`beforeCommission\`): the ledger settles every bet at the price it was logged at,
and its closing-line value measures that price against the closing consensus, itself of net prices. \`log_bet\` warns
when the price logged is the exchange's quote for the bet now, before its fee (and logs it as given).`;

/** The games and prices the lists of bets to make scan (lib/data/kick-off.ts). */
const OFFERED = `scheduled or under way, a game under way by its prices confirmed since kick-off alone: a final, canceled or
postponed game of a date is left out, its last prices being no offer, and so is a price from before kick-off on a game
under way`;

/** A game under way as the odds answers show it (lib/data/kick-off.ts, asOffered and statusAt; lib/tools/game-fields.ts, inPlayNote and statusNote). */
export const IN_PLAY_PRICES = `A game under way (kicked off by its start as stored now, whatever its status says, the rule \`log_bet\` and
\`settle_bet\` judge by; and neither final nor called off) is priced by its prices confirmed since kick-off alone
wherever it is shown: \`get_game_odds\` (concise, \`detail: "full"\`, its alternate lines) and \`get_player_props\`,
as the lists of bets to make scan it. A price from before kick-off is no offer on a game under way, so it is left
out, and the game says so in its own \`priceNote\` ("In play: priced only by prices confirmed since kick-off; …"). With
no price confirmed since, it shows no market and its \`priceNote\` says so ("In play: no price confirmed since kick-off;
…"). A final game in a date's answer keeps its last prices, its close, with \`status\` "final". Its \`status\` is read by the
same rule (\`statusAt\`): \`in_progress\` once kicked off, \`scheduled\` before, whatever the feed last stored, so a game
called in progress whose start then moved later shows \`scheduled\` with every pre-game price, and its \`priceNote\` says
why ("Not yet kicked off: called in progress, then its start moved later.").`;

/** The value scan of get_game_odds (lib/tools/value-list.ts). */
export const VALUE_SCAN = `\`get_game_odds\` with \`minExpectedValue\` (a fraction: 0.02 = 2%) answers with the value list alone: every outcome of
the games asked about that are still offered (${OFFERED}; \`gamesScanned\` counts them) whose best price has an
\`expectedValue\` of at least \`minExpectedValue\`, in a market whose
\`consensusBooks\` is at least \`minBooks\` (default ${VALUE_MIN_BOOKS}), best first, each with its game, market, line, book,
price, \`fairProbability\`, \`expectedValue\`, \`consensusBooks\` and age. Best prices older than the stale age
(\`ODDS_STALE_MINUTES\`) are left out and counted in \`valueNote\`. \`get_player_props\` with \`minExpectedValue\` answers the same
list over one game's props, or without \`gameId\` over the props stored for the league's coming week (each entry also
naming the \`player\` and their \`team\`); naming a \`gameId\` fetches that game's props afresh.`;

/** Arbitrage across books (lib/betting/arbitrage.ts, lib/pricing/across-books.ts). */
export const ARBITRAGE = `\`arbitrage\` (per market) is there when one price per outcome, each at its best book, returns more than it stakes
on some result and less on none. Without lines (h2h) that is the best price of every outcome, implying less than 1
in total. With lines (spreads, totals, over/under props) every line any book hangs is checked, pairing each side's
best price at each of its lines with the other side's, so a leg may sit off the reference line. Stakes are in
proportion to the legs' implied probabilities: \`impliedSum\` (their total), \`legs\` (\`outcome\`, \`point\` where the market
has lines, \`book\`, \`americanOdds\` (at an exchange net of its fee, with \`beforeCommission\`), \`stakeShare\` rounded to
millionths and summing to exactly 1, \`updatedAgo\`) and
\`returnFraction\`: the return on the whole stake whatever the result, 1 / \`impliedSum\` − 1 when every result returns
the same. A whole line can push (the stake back) and a quarter line (±0.25, ±0.75) is half the stake on each
neighbouring line, so a half win or a half refund; where the legs' lines make results return differently,
\`returns\` lists each range of results (\`result\`: "CHE by 1 or more", "draw", "total 2"), in order of the first leg's
side's margin or of the total, with its \`returnFraction\`, and
\`returnFraction\` is the worst of them. Of a market's pairs the one with the best worst case is shown. It is never
risk-free: ${ARBITRAGE_RISKS}. The answer says so once (\`arbitrageNote\`; with \`detail: "full"\`, a \`note\` per
arbitrage). \`get_game_odds\` with \`arbitrage: true\` answers with the arbitrages alone, over the games the call covers
(the league's coming week, a date, a team or one game) that are still offered (${OFFERED}), best \`returnFraction\` first, each
with its game (\`gameId\`, \`matchup\`, \`startsAt\`) and \`market\`, paged; \`gamesScanned\` says how many games were
looked at. The low-hold and middle lists scan the same games.

Low-hold markets: a market's hold is the implied probabilities of one bet on every side summed, less 1, at the best
prices (an exchange's net of its fee): below 0 an arbitrage, else what the books keep. \`arbitrage: true\` with
\`maxHold\` (a fraction: 0.02 = 2%, from 0 to 1) answers with \`lowHold\` instead of \`arbitrages\`: one entry per market whose
hold is at most \`maxHold\`, the arbitrages first as the arbitrage list ranks them, then the low-hold markets, lowest
hold first (paged as the arbitrages). Each entry has the arbitrage list's fields plus \`arbitrage\` (true for an
arbitrage, false for a low-hold market) and \`hold\` (4 decimals). A low-hold market is both sides at one line (the
same handicap on either side, or one total; without lines every outcome's best price): two lines that both win on
some results are a middle (\`middles: true\`), never a low-hold market, and other pairs of lines count only as
arbitrages. Its \`returnFraction\` is negative: what staking every side in proportion costs (the worst result's, with
\`returns\` where a whole line's push or a quarter line makes results differ). It is no arbitrage: it is where one side
is bet at the fairest price, or a hedge costs least; \`lowHoldNote\` says so once. \`maxHold\` is refused without
\`arbitrage: true\` and with \`middles\`. \`get_player_props\` takes \`arbitrage: true\` and \`maxHold\` alike over player
props (a prop's over and under at one line make its hold), with the same refusals: over one game's props, or without
\`gameId\` over the props stored for the league's coming week; like the lists of game markets it scans only the games
still offered (\`gamesScanned\` counts them). Each entry also names the \`player\` and their \`team\` (where known).`;

/** Middles across books (lib/betting/middles.ts, lib/pricing/across-books.ts, lib/pricing/index.ts). */
export const MIDDLES = `\`middle\` (per spreads and totals market of \`get_game_odds\`) is there when two books' opposite sides at different lines
both win on some results: over 44.5 at one book and under 46.5 at another both win on a total of 45 or 46; home -2.5
and away +3.5 both win on a home margin of 3. Every line any book hangs is paired as for \`arbitrage\`, with whole
lines pushing and quarter lines settled in halves; \`window\` says the results that win both legs (each in full or in
half), in words ("KC by 3", "total 45 to 46"). The legs are staked in proportion to their implied probabilities, so a
miss costs the same whichever leg wins alone: \`worstReturnFraction\` is the return on the whole stake on the worst
result (negative: what the middle costs), \`windowReturnFraction\` the return inside the window, \`legs\` as for
\`arbitrage\`. \`keyNumbers\` lists the sport's key numbers inside the window: ${Object.keys(KEY_NUMBERS)
  .map((sport) => sport.toUpperCase())
  .join(
    ' and ',
  )} spreads ${KEY_NUMBERS.nfl!.handicap.join(' and ')} (either side's margin), totals ${KEY_NUMBERS.nfl!.total.join(', ')}: the margins
and sums of the most common NFL final scores (the NFL's count since 1920, reported by NBC Sports Philadelphia in
January 2023) and the totals commonly named as key. \`chance\` is the share of the sport's stored finals (\`finals\`
with \`detail: "full"\`) whose result landed in the window, or null, unknown, with fewer than ${MIN_FINALS_FOR_CHANCE}
stored. Of a market's middles the one costing least on a miss is shown (then the widest window); with \`detail: "full"\`,
\`impliedSum\` and \`returns\` (every range of results with its return) too. \`get_game_odds\` with \`middles: true\`
answers with the middles alone over the games the call covers, the cheapest miss first, each with its game and
\`market\`, paged; \`middleNote\` says once what \`chance\` rests on. A middle carries an arbitrage's risks too.`;

/** Opening prices, the 24-hour change and the history series (lib/pricing/line-history.ts, lib/pricing/priced-market.ts). */
export const MOVEMENT = `- \`opening\` (per outcome, with \`detail: "full"\`): the reference book's first recorded price and line for the
  outcome, with when (\`at\`, \`ago\`); at an exchange net of its fee, like its price now.
- \`fairProbabilityChange\` (per outcome): \`fairProbability\` now minus the consensus ${hours(FAIR_CHANGE_WINDOW_MS)} hours ago, worked out by the
  same rules from every book's last recorded prices then; left out (null with \`detail: "full"\`) when the reference
  book was not at today's line then, or nothing was recorded by then.
- \`history: true\` adds per market \`history\`: the reference book's lines (\`points\`) and prices (\`americanOdds\`,
  at an exchange net of its fee) and the consensus (\`fairProbability\`) after each recorded change that altered any
  of them (the latest ${HISTORY_POINTS}).`;

/** Steam (lib/betting/movement.ts). */
export const STEAM = `A book **moves towards** an outcome when it records, at the same line, a price for it with a higher implied
probability than its previous one; when it moves that outcome's line to a harder number (an over line up; a spread,
under or other line down); or, in a two-outcome market, when it does the opposite to the other outcome. **Steam** is
at least ${STEAM_MIN_BOOKS} different books moving towards the same outcome within ${minutes(STEAM_WINDOW_MS)} minutes. \`steam\` (per market) reports the
most recent such window: its outcome, its books, its first and last moves (\`from\`, \`to\`) and how long ago the last
was (\`movedAgo\`); the default answer gives the number of books, not their names. Steam is a move under way, so it
is reported only while its last move is at most the stale age (\`ODDS_STALE_MINUTES\`) old, as a price is fresh; after
that the market has none (null with \`detail: "full"\`): the move is history, which \`fairProbabilityChange\` and the
\`history\` series keep.`;

/** The de-vig methods of calc_no_vig_odds (lib/betting/devig*.ts). */
export const DEVIG_METHODS = `The margin (overround) is the sum of one market's implied probabilities minus 1 (at -110 / -110, about 0.0476).
\`calc_no_vig_odds\` removes it by one of ten methods; p is an outcome's implied probability, and the fair
probabilities always sum to exactly 1 and keep the order of the prices.
- \`multiplicative\` (default): each p divided by their sum. The only method without a favourite–long-shot bias.
- \`additive\`: the margin shared equally, p − (sum − 1) / n.
- \`power\`: each p raised to the one exponent that makes them sum to 1.
- \`shin\` (Shin 1993): assumes a share z of the money comes from insiders and solves the one z in (0, 1) for which
  (√(z² + 4(1 − z) p² / sum) − z) / (2(1 − z)) sum to 1 (answered as \`shinZ\`). With two outcomes it equals additive.
- \`odds_ratio\` (Cheung 2015): each p's odds p / (1 − p) divided by one ratio, the same as one shift of every log-odds.
- \`probit\`: each p moved down by one shift on the normal quantile scale, Φ(Φ⁻¹(p) − s).
- \`goto\` (Goto's goto_conversion): each p moved down by one multiple of its standard error √(1 − p).
- \`balanced_books\` (Fingleton & Waldron 1999): insiders hold z = (sum − 1) / (n − 1) and the book balances its
  worst case: (p − z) / (1 − z).
- \`jensen_shannon\` (C. D. Long): every fair probability the same Jensen–Shannon distance below its p, each outcome
  taken as a yes/no bet.
- \`blend\`: the mean of multiplicative, power, shin and odds_ratio, four methods that price every market and
  explain the bias four ways (none, an exponent, insiders, an odds ratio), so no one model decides the price.

Every method but multiplicative takes relatively more from long shots than from favourites (the favourite–long-shot
bias). additive, goto and balanced_books subtract a share of the margin, and jensen_shannon a distance, that a long
shot's p may not cover: with three or more outcomes such a method can refuse a market (422 \`limit\`, naming the
outcome) rather than answer a probability at or below 0. The other six price every market.

Other names for the same methods: the R package implied's basic, wpo, or, bb and jsd are multiplicative, additive,
odds_ratio, balanced_books and jensen_shannon; margin weights proportional to the odds (wpo, penaltyblog's
differential_margin_weighting) is additive exactly, since 1 / (n·O / (n − M·O)) = 1/O − M/n; penaltyblog's
logarithmic is odds_ratio, and Buchdahl's logarithmic is power.

A market whose implied probabilities already sum to 1 or less gets the multiplicative result under every method.
\`compare: true\` adds \`byMethod\` (each method's fair probabilities, or null with a line in \`notes\` for a method that
refuses the market) and per outcome \`fairProbabilityRange\` (\`min\`, \`max\` over the methods) and \`worstCase\`:
the backer's worst case, the lowest fair probability over the methods and its fair American odds. Only a price longer
than that is value under every method. The worst cases are taken outcome by outcome, so they do not sum to 1
(\`worstCaseSum\`, below 1 whenever the methods disagree): never quote them as one market's probabilities.
\`fairDecimalOdds\` is 1 / \`fairProbability\`; \`fairAmericanOdds\` is rounded to a whole number. The fair probabilities
(and \`byMethod\`, ranges, worst cases and their sum) keep every digit, so they sum to exactly 1.`;

/** The room under the loss limits (lib/account/loss-limits.ts). */
export const LOSS_LIMIT_ROOM = `The room under a loss limit (\`dailyLossRoom\`, \`weeklyLossRoom\`) is the limit less the net settled loss in the
period (the user's day, or week from Monday, in their time zone) less the stakes of bets still open that were placed
in the period or whose game starts by its end (\`openStakesToday\`, \`openStakesThisWeek\`), and never below 0: an open
bet is money already at risk. A bet logged before midnight on tomorrow's game uses tomorrow's room too, so stakes split
across midnight pass no limit twice; an open bet whose game is under way or final counts in every period until it is
settled, whenever it was placed, so leaving a lost bet unsettled opens no room (\`get_bankroll\`'s \`note\` counts
such bets). Only a gain the stored result confirms offsets losses: on a bet placed before kick-off and graded as its
stored final score or box-score line grades it. A cashout (its payout is the user's word), a bet logged in play (its
result may have been known) and a win graded by hand that no stored line confirms (yet) count only their losses.
With a daily limit of 100 and 150 staked on open bets today the room is 0. \`get_bankroll\`, \`calc_kelly_stake\`'s caps,
\`log_bet\`'s warnings and the Bankroll page use the same room.

A protective limit cannot be lifted at once. A lower max stake or loss limit, or one where there was none, applies
at once; a higher one or a removal waits 24 hours, and until then the stricter limit is the one in \`maxStake\`,
\`dailyLossLimit\`, \`weeklyLossLimit\` and the rooms (\`get_bankroll\`'s \`note\` says what is waiting and when it
applies). Saving again never brings a raise forward: the same raise or a smaller one keeps its time, a larger one or
a removal waits from when it was asked, and a lower limit applies at once and drops the waiting raise (two saves at
once count as one after the other, so neither undoes the other's lower limit). For 24 hours
after a change of time zone, and at least until the week in progress in the old zone ends, each loss-limit day and
week starts at the earlier of its starts in the old and the new zone (and ends at the later of its ends), so a change
cannot open room; times are shown in the new zone at once. The currency changes only while no max stake or loss limit
is in force: a limit keeps its number, so the change would move what it allows at once (remove the limits, which
waits 24 hours, then change the currency and set them again in it).`;

/**
 * The blocks of docs/contract.md, by the name in their marker. Each must appear there exactly once (scripts/docs.ts
 * fills them; lib/docs/blocks.ts).
 */
export const DEFINITIONS: Readonly<Record<string, string>> = {
  'reference-book': REFERENCE_BOOK,
  'consensus-rules': CONSENSUS_RULES,
  'consensus-fields': CONSENSUS_FIELDS,
  'fair-line': FAIR_LINE,
  'futures-field': FUTURES_FIELD,
  'best-price': BEST_PRICE,
  'exchange-commission': EXCHANGE_COMMISSION,
  'in-play-prices': IN_PLAY_PRICES,
  'value-scan': VALUE_SCAN,
  arbitrage: ARBITRAGE,
  middles: MIDDLES,
  movement: MOVEMENT,
  steam: STEAM,
  'devig-methods': DEVIG_METHODS,
  'loss-limit-room': LOSS_LIMIT_ROOM,
};
