import { KEYS_NAMED_OTHERWISE } from '@/lib/data/books';
import { QUESTION_IDS, QUESTIONS } from '@/lib/news/questions';
import {
  ARBITRAGE,
  BEST_PRICE,
  CONSENSUS_FIELDS,
  CONSENSUS_RULES,
  DEVIG_METHODS,
  EXCHANGE_COMMISSION,
  FAIR_LINE,
  FUTURES_FIELD,
  LOSS_LIMIT_ROOM,
  MIDDLES,
  MOVEMENT,
  REFERENCE_BOOK,
  STEAM,
  VALUE_SCAN,
} from '@/lib/contract-definitions';
import { HELPLINE, PAST_LIMITS_RULE, STAKE_CAPS_RULE } from '@/lib/responsible-gambling';
import { INJURY_REPORT_LIMITS } from './conditions';
import { PAGE_SIZES } from '@/lib/tools/pages';
import { CURSOR_TTL_MINUTES } from '@/lib/paging';

// Knowledge notes, offered over MCP as resources. Short, and true to what the tools do: an agent reads a note
// to apply a rule correctly, so a note that drifts from the code is worse than none. The URIs are stable.
// The contract's definitions (consensus, value, arbitrage, movement, steam, de-vig methods, loss-limit room) are
// quoted from lib/contract-definitions.ts, which docs/contract.md carries too; the notes add only advice around them.

export interface Note {
  uri: `jev://notes/${string}`;
  name: string;
  title: string;
  description: string;
  text: string;
}

export const NOTES: readonly Note[] = [
  {
    uri: 'jev://notes/answers',
    name: 'answers',
    title: 'Concise answers, full detail and paging',
    description: 'What the default answers hold, how to ask for every field, and how to page through long lists.',
    text: `# Concise answers, full detail and paging

Every answer is made to be read by an agent: by default it holds what you need to decide and to quote, once.
Numbers are rounded to what they mean (an expected value to 4 decimals; \`fairProbability\` keeps 6), an
instant is ISO 8601 in UTC to the second, an age is words (\`updatedAgo\`: "9 minutes ago"), and a field that
would be null is left out. A note that holds for every market is said once per answer.

## detail
\`detail: "full"\` answers with every field: ISO times beside ages, implied probabilities, openings, venues,
nulls spelled out. Integrations and charts use it; an agent rarely needs it. It is not paged unless you pass
\`limit\` or \`cursor\`, so a full slate can run to tens of thousands of tokens (in Claude Code, raise
\`MAX_MCP_OUTPUT_TOKENS\` to take it).

## Paging
Lists that grow with the slate come a page at a time: games in get_game_odds (${PAGE_SIZES.oddsGames}, or
${PAGE_SIZES.oddsGamesWithHistory} with \`history: true\`) and list_games (${PAGE_SIZES.scheduleGames}), value entries
(${PAGE_SIZES.valueEntries}), futures' teams (${PAGE_SIZES.futures}), player markets (${PAGE_SIZES.playerMarkets}), results (${PAGE_SIZES.scheduleGames}), injuries (${PAGE_SIZES.injuries}), bets and
picks (${PAGE_SIZES.ledgerRows}). \`limit\` sets another page size. When more remain the answer says how many
(\`remaining\`), gives \`nextCursor\` and a \`pageNote\`: call again with the same arguments and \`cursor\` set to it.
Page only when the question needs the rest. A cursor belongs to its arguments and its user and lasts
${CURSOR_TTL_MINUTES} minutes; any other is refused with 400 \`invalid_input\` naming \`cursor\`.

## Books
Answers name a sportsbook by its key, which every \`book\` argument takes too (a name such as "DraftKings" works
there as well). Tell the user the book's name: ${KEYS_NAMED_OTHERWISE}; the other keys read as their names.

## get_game_odds and get_player_props, concise
- A game: \`gameId\`, \`startsAt\`, \`matchup\` ("Los Angeles Rams (LAR) at New Orleans Saints (NO)": outcomes
  use the abbreviations), \`status\` and \`score\` once it is not scheduled. Under way, only prices confirmed since
  kick-off price it (none: no market), and its own \`priceNote\` says so: pass it on.
- A market: \`consensusBooks\`, \`books\` (books pricing it at any line), \`updatedAgo\` (the reference book's
  oldest price in it), \`outcomes\`, and \`arbitrage\` (\`returnFraction\`, the worst case; legs with line,
  \`stakeShare\` and age; \`returns\` per result where a whole or quarter line makes them differ), \`middle\`
  (spreads, totals: \`window\`, \`keyNumbers\`, \`chance\`, \`worstReturnFraction\` on a miss, legs), \`steam\`
  (the outcome, how many books moved, how long ago; only while the last move is at most the stale age old: an older
  move is history, not steam) and \`priceNote\` when there are any.
- An outcome: the reference \`americanOdds\` and \`point\`, \`fairProbability\`, \`fairAmericanOdds\`,
  \`expectedValue\`, \`best\` (book, price, its expectedValue and age) only when another book beats the reference
  price, and \`fairProbabilityChange\` when there is history (now minus 24 hours ago: 0.02 is up 2 percentage points).
- With \`minExpectedValue\` the answer is the value list alone: each entry names its game (\`gameId\`,
  \`matchup\`, \`startsAt\`), market, outcome, line, book, price, \`fairProbability\`, \`expectedValue\`,
  \`consensusBooks\` and age, best first; \`gamesScanned\` says how many games were looked at. Props' value
  entries add \`player\` and \`team\`; without \`gameId\` they cover the league's coming week as stored.
- With \`arbitrage: true\` the answer is the arbitrage list alone: each entry names its game and market, with
  \`returnFraction\`, \`legs\` and \`returns\` as in a market, best first; \`gamesScanned\` as above. Say the
  worst case, not the best result, when \`returns\` is there. With \`maxHold\` too (0.02 = 2%) the list is
  \`lowHold\`: the arbitrages, then the markets whose best prices' \`hold\` (implied sum − 1, both sides at one
  line) is at most \`maxHold\`, lowest first; \`arbitrage: false\` marks a low-hold market, which loses its
  \`returnFraction\` if every side is bet: the fairest price for one side or a cheap hedge, never an arbitrage.
  get_player_props lists props alike (one game, or the league's week without \`gameId\`), adding \`player\` and \`team\`.
- With \`middles: true\` the answer is the middle list alone, each entry with its game and market, the cheapest
  miss first. Say what a miss costs beside the window; a null \`chance\` is unknown, not zero.
- With \`gameId\` and \`alternates: true\` the answer is the game's alternate spreads and totals alone, a line an
  entry (\`market\`, \`consensusBooks\`, \`outcomes\`): per side the best \`americanOdds\` and its \`book\`, the
  \`point\`, and \`fairProbability\` and \`expectedValue\` only where a book quotes both sides at that line
  (\`consensusBooks\` 0 otherwise; \`alternatesNote\` says so). The lines are fetched for that game on request.
- With \`futures: true\` the answer is the league's futures alone: per market (\`champion\`: the title)
  \`consensusBooks\`, \`books\`, \`field\` (how many teams the field holds) and \`teams\` by fair probability, each with
  the reference \`americanOdds\`, \`fairProbability\`, \`fairAmericanOdds\` and \`best\` (book, price, its expectedValue
  and age, always there). ${FUTURES_FIELD}
- \`arbitrageNote\`, \`lowHoldNote\`, \`middleNote\` and \`oneSidedNote\` say once what holds for every arbitrage,
  low-hold market, middle and one-sided market.
`,
  },
  {
    uri: 'jev://notes/no-vig-consensus',
    name: 'no-vig-consensus',
    title: 'De-vig and the no-vig consensus',
    description: 'How calc_no_vig_odds removes the margin and how odds tools build the consensus fair price.',
    text: `# De-vig and the no-vig consensus

## calc_no_vig_odds
Send every outcome of ONE market (2 to 20 American prices).

${DEVIG_METHODS}

A wide \`fairProbabilityRange\` means the fair price depends on the method: claim an edge only if it survives the
whole range, that is if the price is longer than \`worstCase.fairAmericanOdds\`. Which method to quote: multiplicative is the
convention; where long shots matter (a favourite against a field, props, futures) prefer \`blend\` or say the range.

## The consensus in get_game_odds and get_player_props
${REFERENCE_BOOK} The consensus:

${CONSENSUS_RULES}

${CONSENSUS_FIELDS}

${FAIR_LINE}

Never claim an edge from a market without a fair price.

## Value at every book, arbitrage, middles and where the market moved
${BEST_PRICE}

${EXCHANGE_COMMISSION}

${VALUE_SCAN} A consensus of one book is no evidence.

${ARBITRAGE} Pass on that note.

${MIDDLES}

${MOVEMENT}

${STEAM} Steam says where the money went, not that the new price is right.
`,
  },
  {
    uri: 'jev://notes/expected-value',
    name: 'expected-value',
    title: 'Implied probability, edge and expected value',
    description: 'What calc_implied_probability and calc_ev return and how to read an edge.',
    text: `# Implied probability, edge and expected value

- American odds are whole numbers, +100 or more or -100 or less; nothing between -99 and +99 exists.
- Decimal odds: +150 → 2.5, -110 → 1.909…; the implied probability is 1 / decimal odds, vig included.
- Probabilities are fractions between 0 and 1 (0.55, never 55).

\`calc_ev\` takes your win probability and a price and returns the \`edge\` (your probability minus the
implied one) and the expected value for the stake, in stake units and as a fraction of the stake.
Positive expected value means the price pays more than your probability is worth.

An edge is only as good as the probability behind it. Prefer the no-vig consensus as the starting point,
say where your own estimate departs from it and why, and never present expected value as a promised profit.
Use the tools for every number: never compute odds, probabilities or expected value by hand.
`,
  },
  {
    uri: 'jev://notes/kelly-staking',
    name: 'kelly-staking',
    title: 'Kelly staking and the bankroll rules',
    description: 'How calc_kelly_stake sizes a stake and which caps every suggested stake must respect.',
    text: `# Kelly staking and the bankroll rules

Full Kelly stakes the fraction f* = (b·p − q) / b of the bankroll, where b = decimal odds − 1, p is the win
probability and q = 1 − p. With no positive edge f* is 0 or less and nothing is staked (\`reason\` says so).
Full Kelly is very volatile and assumes the probability is exact, so a fraction of it is used:
the user's stored Kelly fraction, else 0.25 (quarter Kelly).

## Rules for every suggested stake
1. Call \`get_bankroll\` first. If no bankroll is set up, ask the user to set one up.
2. Size the stake with \`calc_kelly_stake\`, never by hand.
3. ${STAKE_CAPS_RULE}
   Quote \`cappedStake\` and \`cappedStakeUnits\`, not the uncapped \`stake\` and \`stakeUnits\`: with a Kelly stake
   of 2.4 units and a max stake of 1 unit, the suggestion is 1 unit. Only without a stored bankroll (you passed
   \`bankroll\`) are there no caps to apply, and then the tool returns \`stake\` and \`stakeUnits\` alone.
4. When the room under a loss limit is 0, suggest no stake (\`calc_kelly_stake\` then caps the stake at 0).
5. ${PAST_LIMITS_RULE} (See jev://notes/responsible-gambling.)

## The room under the loss limits
${LOSS_LIMIT_ROOM}
`,
  },
  {
    uri: 'jev://notes/parlay-correlation',
    name: 'parlay-correlation',
    title: 'Parlays and correlated legs',
    description: 'Why same-game legs break the parlay maths and what to do about it.',
    text: `# Parlays and correlated legs

\`calc_parlay\` multiplies the legs' decimal odds into one price. When every leg carries your probability it
also multiplies those into \`combinedProbability\` and gives the expected value; otherwise both are null.

Multiplying probabilities assumes the legs are independent. Legs from one game are not: a quarterback's
passing yards and his team's total points rise and fall together. For such legs the combined probability
is unreliable, and so is any edge or Kelly stake built on it.

Pass \`gameId\` on every leg: legs that share a game are listed in \`correlationWarnings\`.
For a parlay with two legs from one game, suggest **no stake**: say that the legs are correlated, that the
combined probability is unreliable, and leave the stake to the user.

Parlays also stack the bookmaker's margin once per leg, so even uncorrelated parlays need a real edge on
every leg to be worth it.
`,
  },
  {
    uri: 'jev://notes/injury-reports',
    name: 'injury-reports',
    title: 'Injury report timing',
    description: 'How fresh get_injury_report is and what it does not cover.',
    text: `# Injury report timing

\`get_injury_report\` is ${INJURY_REPORT_LIMITS}: a player ruled
out in the hours before the game may still be listed as questionable, or not listed at all.

Whenever an injury matters to a pick:
- Say that the report is ${INJURY_REPORT_LIMITS}.
- Tell the user to check the final inactives before the game, and treat the pick as conditional on them.
- Injury news from your own research is unverified context (see jev://notes/data-sources): mention it,
  label it, and never let it override the service's injury data.
`,
  },
  {
    uri: 'jev://notes/data-sources',
    name: 'data-sources',
    title: 'Data sources and unverified context',
    description: 'Which facts must come from the tools, and how to label everything else.',
    text: `# Data sources and unverified context

## Only from this service's tools
Odds, lines, player props, schedules, results, stats, injuries, weather and all betting maths (implied
probability, no-vig odds, expected value, Kelly stakes, parlays). Never take a price, line or stat from
anywhere else, and never compute the maths by hand.

State the age of every price you use (its \`updatedAgo\`), and pass on any \`priceNote\` or \`note\` a tool returns.

## Game ids, dates and team names
A game id is \`<sport>-<yyyymmdd>-<away>-<home>\` (\`nfl-20261123-gb-det\`). Its date is the league's local date:
US Eastern for the US leagues, UK time for the EPL. Monday night's 20:15 Eastern kickoff (01:15 UTC on Tuesday)
is dated Monday; \`startsAt\` is the exact instant in UTC. Ids stored before this rule were migrated, bets and
picks included. \`list_games\` and \`get_game_results\` echo \`from\` and \`to\` as you gave them or as defaulted
(YYYY-MM-DD in the user's time zone, \`timeZone\`; \`to\` inclusive), and \`get_game_odds\` its \`date\` so in
\`window\`; with \`detail: "full"\` also the window as instants in \`startsFrom\` and \`startsBefore\` (the start
of the day after \`to\`).
A team may be named by abbreviation (\`DET\`), full name (Detroit Lions) or, for NFL, NBA, MLB and NHL teams,
its nickname alone (Lions), in every \`team\` argument and in a bet's or pick's \`selection\`. College teams
take their full name, abbreviation or school name, never a nickname alone (many schools are the Tigers).

Where the tools' data comes from: prices and scores from The Odds API (several books per market; the
consensus is built from them), injuries from the leagues' injury reports as ESPN publishes them (about twice a
day), kickoff weather from Open-Meteo by venue, team stats from stored results and closing lines. Without a
provider key the service runs on a generated **sample slate**: the tools then say so in \`priceNote\` or
\`note\`, and you must tell the user that the figures are sample data, not real prices.

## Unverified context
You may research news and context yourself, from reputable sports news outlets only. Social media is never
a source. Anything found this way:
- is labelled **unverified context**,
- is kept apart from the service's data in your answer,
- never overrides odds, stats, injuries or weather from the tools.

\`jev_classify\` answers questions about text you supply together with the URL it came from. Its answers are
unverified context too, and it is never asked about odds. Its questions, by id:
${QUESTION_IDS.map((id) => `- \`${id}\`: ${QUESTIONS[id].question}`).join('\n')}
`,
  },
  {
    uri: 'jev://notes/responsible-gambling',
    name: 'responsible-gambling',
    title: 'Responsible gambling',
    description: 'Limits, declining bets past them, and where to send someone who needs help.',
    text: `# Responsible gambling

- JEV gives analysis, not guarantees. It takes no bets and holds no money.
- Betting is for adults of legal age, where it is legal.
- Respect the user's max stake and daily and weekly loss limits from \`get_bankroll\`, every time.
- If the user asks to bet past their limits, decline. Do not help them around a limit.
- Signs that someone needs help include chasing losses, raising stakes to win money back, betting money
  meant for bills, and hiding betting from others. When you see them, say so kindly.
- Problem-gambling helpline: ${HELPLINE}. Calls are free and confidential.
`,
  },
];
