import { z } from 'zod';
import { pricedMarketSchema } from '@/lib/pricing/priced-market';
import { conciseArbitrageSchema, conciseMarketSchema, conciseMiddleSchema, marketNotesSchema } from './concise-market';
import { gameOddsAlternates } from './alternates';
import { gameOddsFutures } from './futures';
import { fullWindowSchema, windowSchema } from './date-window';
import { conciseGameSchema, fullGameSchema } from './game-fields';
import { fullPageSchemaFields, pageSchemaFields } from './pages';

// The odds tools' output schemas: get_game_odds' and get_player_props' default answers (a page of games or props in
// short, ./concise-market.ts) and their full answers (detail: "full", the markets as pricing answers them).

/** The fair line the answer is on, when the call chose one (fairLine). */
const fairLineSchema = { fairLine: z.string().optional() };
const oddsHeader = {
  sport: z.string(),
  referenceBook: z.string(),
  ...fairLineSchema,
  /** With `date`: its day as list_games echoes its window (./date-window.ts); in full also the instants. */
  window: z.object(windowSchema).optional(),
  priceNote: z.string().optional(),
  note: z.string().optional(),
};
/** A game's own note: under way, only its prices confirmed since kick-off are shown (./game-fields.ts, inPlayNote). */
const inPlaySchema = { priceNote: z.string().optional() };
const fullValueEntry = z.object({
  gameId: z.string(),
  market: z.string(),
  outcome: z.string(),
  point: z.number().nullable(),
  book: z.string(),
  americanOdds: z.int(),
  beforeCommission: z.int().optional(),
  fairProbability: z.number(),
  expectedValue: z.number(),
  consensusBooks: z.int(),
  updatedAgo: z.string(),
});
const conciseValueEntry = fullValueEntry
  .omit({ point: true })
  .extend({ matchup: z.string(), startsAt: z.string(), point: z.number().optional() });

/** The full answer: every game's markets with every field (detail: "full"). */
export const gameOddsFull = z.object({
  ...oddsHeader,
  window: z.object(fullWindowSchema).optional(),
  games: z.array(fullGameSchema.extend({ ...inPlaySchema, markets: z.array(pricedMarketSchema.extend({ market: z.string() })) })),
  value: z.array(fullValueEntry).optional(),
  valueNote: z.string().optional(),
  ...fullPageSchemaFields,
});

/** The default answer: a page of games in short, or with minExpectedValue the value list alone. */
const gameOddsConcise = z.object({
  ...oddsHeader,
  ...marketNotesSchema,
  games: z
    .array(conciseGameSchema.extend({ ...inPlaySchema, markets: z.array(conciseMarketSchema.extend({ market: z.string() })) }))
    .optional(),
  gamesScanned: z.int().optional(),
  value: z.array(conciseValueEntry).optional(),
  valueNote: z.string().optional(),
  ...pageSchemaFields,
});

/** Which market an arbitrage or low-hold entry is about: a game's, or (with `player`) a player's in a game. */
const gameMarket = { gameId: z.string(), matchup: z.string(), startsAt: z.string(), market: z.string() };
const playerMarket = { ...gameMarket, player: z.string(), team: z.string().optional() };

/** arbitrage: true: the arbitrages of the markets asked about alone, best first. */
const arbitrageList = <Market extends typeof gameMarket>(market: Market) => ({
  gamesScanned: z.int(),
  arbitrages: z.array(conciseArbitrageSchema.extend(market)),
  arbitrageNote: z.string().optional(),
  ...pageSchemaFields,
});

/** arbitrage: true with maxHold: the arbitrages, then the markets whose hold is at most maxHold (lowest first). */
const lowHoldList = <Market extends typeof gameMarket>(market: Market) => ({
  gamesScanned: z.int(),
  lowHold: z.array(
    conciseArbitrageSchema.extend({
      ...market,
      /** true: an arbitrage (hold below 0, or a pair of lines no result loses on); false: a low-hold market, no arbitrage. */
      arbitrage: z.boolean(),
      /** The legs' implied probabilities summed, less 1 (4 decimals). */
      hold: z.number(),
    }),
  ),
  arbitrageNote: z.string().optional(),
  lowHoldNote: z.string().optional(),
  ...pageSchemaFields,
});

const gameOddsArbitrage = z.object({ ...oddsHeader, ...arbitrageList(gameMarket) });
const gameOddsLowHold = z.object({ ...oddsHeader, ...lowHoldList(gameMarket) });

/** middles: true: the middles of the games asked about alone, the cheapest miss first. */
const gameOddsMiddles = z.object({
  ...oddsHeader,
  gamesScanned: z.int(),
  middles: z.array(conciseMiddleSchema.extend({ gameId: z.string(), matchup: z.string(), startsAt: z.string(), market: z.string() })),
  middleNote: z.string().optional(),
  ...pageSchemaFields,
});

export const gameOddsOutput = z.union([
  gameOddsConcise,
  gameOddsFull,
  gameOddsArbitrage,
  gameOddsLowHold,
  gameOddsMiddles,
  gameOddsAlternates,
  gameOddsFutures,
]);
export type GameOddsConcise = z.infer<typeof gameOddsConcise>;
export type GameOddsFull = z.infer<typeof gameOddsFull>;

const propsHeader = { referenceBook: z.string(), ...fairLineSchema, note: z.string().optional(), priceNote: z.string().optional() };
export const propsFull = fullGameSchema.extend({
  ...propsHeader,
  props: z.array(pricedMarketSchema.extend({ market: z.string(), player: z.string(), team: z.string().optional() })),
  ...fullPageSchemaFields,
});
const propsConcise = conciseGameSchema.extend({
  ...propsHeader,
  ...marketNotesSchema,
  props: z.array(conciseMarketSchema.extend({ market: z.string(), player: z.string(), team: z.string().optional() })),
  ...pageSchemaFields,
});

/** minExpectedValue: the value list over one game's props, or over the league's coming week without gameId. */
const propsValue = z.object({
  sport: z.string(),
  ...propsHeader,
  gamesScanned: z.int(),
  value: z.array(conciseValueEntry.extend({ player: z.string(), team: z.string().optional() })),
  valueNote: z.string(),
  ...pageSchemaFields,
});

/** arbitrage: true (with maxHold, the low-hold list) over one game's props, or over the league's coming week without gameId. */
const propsArbitrage = z.object({ sport: z.string(), ...propsHeader, ...arbitrageList(playerMarket) });
const propsLowHold = z.object({ sport: z.string(), ...propsHeader, ...lowHoldList(playerMarket) });

export const propsOutput = z.union([propsConcise, propsFull, propsValue, propsArbitrage, propsLowHold]);
