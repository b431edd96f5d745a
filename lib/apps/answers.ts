import type { WithInstants } from '@/lib/tools/answer-fields';
import type { BankrollAnswer } from '@/lib/tools/bankroll';
import type { BetListConcise } from '@/lib/tools/bets';
import type { InjuryReportConcise, WeatherConcise } from '@/lib/tools/conditions';
import type { gameOddsFutures } from '@/lib/tools/futures';
import type { BetRecord } from '@/lib/tools/ledger-fields';
import type { GameOddsConcise, GameOddsFull } from '@/lib/tools/odds-schemas';
import type { z } from 'zod';

// The tool answers the views draw, typed by the tools' own output schemas as they arrive over MCP: JSON, so an
// instant is an ISO string here (lib/tools/answer-fields.ts, WithInstants).

/** A record as a concise list gives it: its fields that would be null left out (lib/tools/answer-fields.ts, withoutNulls). */
type WithoutNulls<T> = { [K in keyof T as null extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as null extends T[K] ? K : never]?: Exclude<T[K], null>;
};

export type OddsAnswer = WithInstants<GameOddsConcise>;
export type SlateGame = NonNullable<OddsAnswer['games']>[number];
export type SlateMarket = SlateGame['markets'][number];
export type SlateOutcome = SlateMarket['outcomes'][number];
export type ValueEntry = NonNullable<OddsAnswer['value']>[number];

/** get_game_odds with futures: true: a league's title futures, a page of teams at a time. */
export type FuturesAnswer = WithInstants<z.infer<typeof gameOddsFutures>>;
export type FuturesMarket = FuturesAnswer['futures'][number];
export type FutureTeam = FuturesMarket['teams'][number];

export type GameAnswer = WithInstants<GameOddsFull>;
export type FullGame = GameAnswer['games'][number];
export type FullMarket = FullGame['markets'][number];

export type Injuries = WithInstants<InjuryReportConcise>;
export type Weather = WithInstants<WeatherConcise>;

export type Bankroll = WithInstants<BankrollAnswer>;
/** A listed bet: its record without the null fields, and the closing-line fields list_bets adds. */
export type Bet = WithoutNulls<WithInstants<BetRecord>> & Omit<WithInstants<BetListConcise>['bets'][number], keyof BetRecord>;
export type BetList = Omit<WithInstants<BetListConcise>, 'bets'> & { bets: Bet[] };

/**
 * What get_game_odds answers arguments of the type `Args`, by the form they ask for: a league's title futures to
 * `futures: true`, every field to `detail: "full"`, and a concise page (a slate, or the value list) to arguments that
 * ask for neither, as a view's calls are unless they say so. Arguments whose type leaves the form open get any of the three.
 */
export type GameOddsAnswerTo<Args> = Args extends { futures: true }
  ? FuturesAnswer
  : Args extends { detail: 'full' }
    ? GameAnswer
    : Args extends { [name: string]: unknown; futures?: false; detail?: 'concise' }
      ? OddsAnswer
      : OddsAnswer | GameAnswer | FuturesAnswer;

/** What each tool a view calls answers the arguments `Args` (get_game_odds by the form they ask for). */
export interface ViewAnswers<Args> {
  get_game_odds: GameOddsAnswerTo<Args>;
  get_injury_report: Injuries;
  get_weather: Weather;
  get_bankroll: Bankroll;
  list_bets: BetList;
}

/**
 * The note fields a view shows, in the order the answer gives them. The others speak to the agent only
 * (tests/unit/apps/notes.test.ts lists them and fails on a note field in neither list).
 */
export const SHOWN_NOTE_FIELDS = [
  'priceNote',
  'note',
  'valueNote',
  'arbitrageNote',
  'lowHoldNote',
  'middleNote',
  'oneSidedNote',
  'futuresNote',
] as const;

/** The notes of a slate's games, each naming its game: a game under way says its prices are those since kick-off. */
export function gamesNotes(slate: { games?: readonly { matchup: string; priceNote?: string }[] } | undefined): string[] {
  return (slate?.games ?? []).flatMap((game) => (game.priceNote ? [`${game.matchup}: ${game.priceNote}`] : []));
}

/** The notes an answer carries for the user. */
export function notesOf(answer: object | undefined): string[] {
  if (!answer) return [];
  return SHOWN_NOTE_FIELDS.map((field) => (answer as Record<string, unknown>)[field]).filter(
    (note): note is string => typeof note === 'string',
  );
}
