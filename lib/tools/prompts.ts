import { z } from 'zod';
import { PROP_MARKET_NAMES } from '@/lib/betting/prop-grading';
import { SPORT_INFO, SPORTS, type Sport } from '@/lib/data/sports';
import { STAKE_CAPS_RULE } from '@/lib/responsible-gambling';
import { andList } from '@/lib/text';
import { INJURY_REPORT_LIMITS } from './conditions';

// The MCP prompts: each walks an agent through one job in the order the rules (./instructions.ts) demand.
// Prompt arguments are strings on the wire; the schemas say which are needed and what they look like, and a game's
// arguments must agree on its league (its id's league, a prop market it has), so a prompt never walks an agent
// through a job the tools will refuse.

const isSport = (value: string): value is Sport => (SPORTS as readonly string[]).includes(value);
const sport = z
  .string()
  .trim()
  .toLowerCase()
  .refine(isSport, `must be one of ${SPORTS.join(', ')}`)
  .describe('Sport key, as the odds tools name it (for example nfl or nba).');
const gameId = z.string().trim().min(1).max(200).describe('Game id, as get_game_odds returns it.');
const day = z.iso.date().describe('A date as YYYY-MM-DD.');

/** The league a game id names (nba-20261122-bos-nyk: nba), if it names one. */
const leagueOfGameId = (id: string) => {
  const prefix = id.split('-')[0]!.toLowerCase();
  return isSport(prefix) ? prefix : undefined;
};

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
/** The prop market keys a person's name for one is: its key, its name, or its key without the player_ kind. */
const propMarketsNamed = (typed: string) =>
  Object.keys(PROP_MARKET_NAMES).filter((key) =>
    [key, PROP_MARKET_NAMES[key]!, key.replace(/^(player|batter|pitcher)_/, '')].some((name) => words(name) === words(typed)),
  );
/** The league's prop market a person's name for one is, if the league has it. */
const propMarketIn = (league: Sport, typed: string) => propMarketsNamed(typed).find((key) => SPORT_INFO[league].propMarkets.includes(key));
const marketShown = (key: string) => `${key} (${PROP_MARKET_NAMES[key] ?? key})`;

/** Refuses a game id of another league than `sport` (a game's league is its id's), saying which to pass. */
function sameLeague(args: { sport: string; gameId: string }, ctx: z.RefinementCtx) {
  const league = leagueOfGameId(args.gameId);
  if (!isSport(args.sport) || league === undefined || league === args.sport) return;
  ctx.addIssue({
    code: 'custom',
    path: ['gameId'],
    message: `${args.gameId} is a game of the ${SPORT_INFO[league].name}, not of the ${SPORT_INFO[args.sport].name}: pass sport ${league}`,
  });
}

/** Refuses a prop market the game's league does not have, naming the leagues that do and the league's own. */
function leaguePropMarket(args: { sport: string; market?: string }, ctx: z.RefinementCtx) {
  if (!isSport(args.sport) || args.market === undefined || propMarketIn(args.sport, args.market) !== undefined) return;
  const { name, propMarkets } = SPORT_INFO[args.sport];
  const elsewhere = propMarketsNamed(args.market).flatMap((key) => {
    const leagues = SPORTS.filter((other) => SPORT_INFO[other].propMarkets.includes(key)).map((other) => SPORT_INFO[other].name);
    return [`${key} is ${andList(leagues.map((league) => `the ${league}'s`))}`];
  });
  ctx.addIssue({
    code: 'custom',
    path: ['market'],
    message:
      `${args.market} is not a prop market of the ${name}${elsewhere.length > 0 ? ` (${elsewhere.join('; ')})` : ''}: ` +
      `the ${name}'s are ${andList(propMarkets.map(marketShown))}`,
  });
}

const STAKE_RULES = `Before any stake: call get_bankroll and size the stake with calc_kelly_stake. ${STAKE_CAPS_RULE} (See jev://notes/kelly-staking.)`;
const SOURCE_RULES = `Take every price, line, stat and injury from this service's tools; state each price's updatedAgo and pass on any priceNote or note. Anything from your own research is unverified context: label it and keep it apart (see jev://notes/data-sources).`;
const ANSWER_RULES = `Use the tools' default answers, which are concise: ask for detail: "full" only for a field they leave out, and page with cursor only when the question needs the rest (see jev://notes/answers).`;
const CLOSING = `End with your reasoning, the risks and a suggested stake in units (or no stake, and why). This is analysis, not a guarantee. Do not call log_bet or save_recommendation unless the user asks.`;

export interface PromptDefinition<Args extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  argsSchema: Args;
  /** The prompt's one user message. */
  render(args: z.output<Args>): string;
}

/** Keeps each prompt's render arguments tied to its own schema. */
function definePrompt<Args extends z.ZodObject>(prompt: PromptDefinition<Args>): PromptDefinition<Args> {
  return prompt;
}

const analyseGame = definePrompt({
  name: 'analyse_game',
  title: 'Analyse one game',
  description: 'Walks through pricing one game: odds and the no-vig consensus, injuries, value and a stake within the limits.',
  argsSchema: z.object({ sport, gameId }).superRefine(sameLeague),
  render: ({ sport, gameId }) =>
    [
      `Analyse ${sport} game ${gameId} for betting value.`,
      `1. Call get_game_odds with the gameId. ${ANSWER_RULES} For each market compare the reference book's price with the no-vig consensus (fairProbability, expectedValue). Mind consensusBooks: 1 is only the reference book's own no-vig line, 0 means no fair price (see jev://notes/no-vig-consensus).`,
      `2. Call get_injury_report. If an injury matters, say that the report is ${INJURY_REPORT_LIMITS}.`,
      `3. For a side you like, give your probability and check it with calc_ev. ${SOURCE_RULES}`,
      `4. ${STAKE_RULES}`,
      `5. ${CLOSING}`,
    ].join('\n'),
});

const findPropValue = definePrompt({
  name: 'find_prop_value',
  title: "Find value in a game's player props",
  description: "Walks through a game's player props against the no-vig consensus, with injuries and staking rules.",
  argsSchema: z
    .object({
      sport,
      gameId,
      player: z.string().trim().min(1).max(120).optional().describe('Only this player (optional).'),
      market: z
        .string()
        .trim()
        .min(1)
        .max(120)
        .optional()
        .describe("Only this prop market of the game's league, by key or name, for example passing yards (optional)."),
    })
    .superRefine(sameLeague)
    .superRefine(leaguePropMarket),
  render: ({ sport, gameId, player, market }) => {
    const key = market === undefined ? undefined : propMarketIn(sport, market);
    return [
      `Find value in the player props of ${sport} game ${gameId}${player ? ` for ${player}` : ''}${key ? ` in the ${marketShown(key)} market` : ''}.`,
      `1. Call get_player_props for the game (it can take up to a minute), ${key ? `with markets ["${key}"]${player ? ' and player' : ''}` : 'with player or markets when you are after one of them'}. ${ANSWER_RULES} Compare each prop's reference price with its fairProbability and expectedValue. Skip props with consensusBooks 0 (one-sided, no fair price) and treat consensusBooks 1 as weak.`,
      `2. Call get_injury_report for both teams; it is ${INJURY_REPORT_LIMITS}, so say so when an injury matters.`,
      `3. Props of one game are correlated: do not combine them into a parlay with a suggested stake (see jev://notes/parlay-correlation).`,
      `4. ${SOURCE_RULES}`,
      `5. ${STAKE_RULES}`,
      `6. ${CLOSING}`,
    ].join('\n');
  },
});

const reviewBets = definePrompt({
  name: 'review_bets',
  title: "Review the user's bets over a period",
  description: "Reviews the user's settled bets between two dates against their bankroll and loss limits.",
  argsSchema: z.object({ from: day, to: day }),
  render: ({ from, to }) =>
    [
      `Review my bets from ${from} to ${to}.`,
      `1. Call get_bankroll for the balance, unit and the room left under the daily and weekly loss limits.`,
      `2. List my bets and picks for the period with list_bets and list_recommendations (from and to; never from memory). Their summary covers the whole period: page with cursor only to see more bets than the first page shows. ${ANSWER_RULES}`,
      `3. Report the number of bets, amount staked, profit or loss in money and units, and how the prices compared with the no-vig consensus at the time where that is recorded (fairProbabilityAtPlacement, closingLineValue). The record holds single bets only: log_bet records no parlays, so say that any parlay I placed is not in it.`,
      `4. Point out patterns that break the rules: stakes above calc_kelly_stake or the max stake, limits reached, bets flagged for their price (priceFlags), chasing losses.`,
      `5. If I am at or past a loss limit, say so plainly and suggest no further bets in that window; if the pattern looks like problem gambling, mention the helpline (see jev://notes/responsible-gambling).`,
      `Do not call settle_bet or log_bet unless I ask.`,
    ].join('\n'),
});

export const PROMPTS: readonly PromptDefinition[] = [analyseGame, findPropValue, reviewBets];
