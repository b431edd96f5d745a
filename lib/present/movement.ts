import { impliedProbability } from '@/lib/betting/odds';
import type { PricedMarket } from '@/lib/pricing/priced-market';
import { formatShortDateTime, marketName, outcomeName, percent, priceAt } from './format';

// One market's line movement as the chart draws it (MovementChart.tsx: a game's page in the console and the game
// view in MCP Apps hosts), from get_game_odds' `history` series: per outcome the reference book's price, drawn as
// its implied probability so it shares the axis, and the consensus fair probability after each recorded change.

export interface MovementLine {
  name: string;
  /** A price line and its outcome's fair line share a colour; the fair one is dashed. */
  colour: number;
  dashed: boolean;
  values: (number | null)[];
  /** Each point as the table and the tooltips write it. */
  texts: string[];
}

export interface Movement {
  title: string;
  /** Each recorded change's time, in the user's zone. */
  labels: string[];
  lines: MovementLine[];
  /** What the chart shows and how the market moved, in words. */
  description: string;
}

/**
 * What a market's movement is drawn from: its name and get_game_odds' `history`, and its outcomes, whose
 * `beforeCommission` says the reference book is an exchange, its prices net of its fee.
 */
export type MovementMarket = Pick<PricedMarket, 'history'> & { market: string; outcomes?: readonly { beforeCommission?: number }[] };

/** The movement of one market, or null when nothing was recorded. */
export function marketMovement(market: MovementMarket, referenceBook: string, timeZone: string): Movement | null {
  const series = market.history?.series ?? [];
  const outcomes = market.history?.outcomes ?? [];
  if (series.length === 0) return null;
  const names = outcomes.map((outcome) => outcomeName(outcome, null));
  const labels = series.map((point) => formatShortDateTime(new Date(point.at), timeZone));
  const lines = names.flatMap((name, i): MovementLine[] => [
    {
      name: `${name} ${referenceBook}`,
      colour: i,
      dashed: false,
      values: series.map((point) => (point.americanOdds[i] === undefined ? null : impliedProbability(point.americanOdds[i]))),
      texts: series.map((point) => priceAt(point.americanOdds[i], point.points[i])),
    },
    {
      name: `${name} fair`,
      colour: i,
      dashed: true,
      values: series.map((point) => point.fairProbability?.[i] ?? null),
      texts: series.map((point) => percent(point.fairProbability?.[i])),
    },
  ]);
  const net = market.outcomes?.some((outcome) => outcome.beforeCommission !== undefined) ?? false;
  const first = series[0]!;
  const last = series.at(-1)!;
  const moves = names
    .map(
      (name, i) =>
        `${name}: ${priceAt(first.americanOdds[i], first.points[i])} to ${priceAt(last.americanOdds[i], last.points[i])}, ` +
        `fair ${percent(first.fairProbability?.[i])} to ${percent(last.fairProbability?.[i])}`,
    )
    .join('; ');
  return {
    title: `${marketName(market.market)}: line movement`,
    labels,
    lines,
    description:
      `${referenceBook}'s price${net ? ' net of its fee' : ''} (solid, as its implied probability) and the consensus fair probability (dashed) at ${series.length} ` +
      `recorded change${series.length === 1 ? '' : 's'}, ${labels[0]} to ${labels.at(-1)}. ${moves}.`,
  };
}
