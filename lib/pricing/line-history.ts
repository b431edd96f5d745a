import { consensusAt, steam as findSteam, type RecordedPrice, type Steam } from '@/lib/betting/movement';
import { netPrice } from '@/lib/betting/commission';
import type { FairLine } from '@/lib/betting/fair-line';
import { instant } from '@/lib/time';
import type { HistoryPoint, MarketCore, OutcomeCore, SteamMemo } from './core-types';

// A market's line history at the reference book, from its recorded price changes (read by ./history.ts): the
// opening price, steam and the history series a core is made with (./reference-pricing.ts), and the consensus as it
// stood at an earlier time, which the priced market asks for on every call (./priced-market.ts).

/**
 * At most this many points in a market's `history` series (the most recent): a page of history (one game, three
 * two-way markets at the cap) then fits the 8,000-token answer budget. 60 did not: 8,382 Claude tokens on the bench
 * slate of 2027-03-14, whose first NFL game has a longer recorded history than most days' (answer-budgets.test.ts).
 */
export const HISTORY_POINTS = 48;

/** The latest steam move in `history` (see SteamMemo), kept in `steamMemo` when given. */
export function steamOf(history: readonly RecordedPrice[], outcomes: readonly string[], steamMemo: SteamMemo | undefined): Steam | null {
  if (!steamMemo) return findSteam(history, outcomes);
  let memo = steamMemo.get(history);
  if (!memo) steamMemo.set(history, (memo = new Map<string, Steam | null>()));
  const key = outcomes.join('\u0000');
  let found = memo.get(key);
  if (found === undefined) memo.set(key, (found = findSteam(history, outcomes)));
  return found;
}

/** The reference book's first recorded price of `outcome`; null when it has none. */
export function openingOf(history: readonly RecordedPrice[], referenceBook: string, outcome: string): OutcomeCore['opening'] {
  const first = history.find((row) => row.book === referenceBook && row.outcome === outcome);
  if (!first) return null;
  const at = new Date(first.at);
  const { net: _net, ...price } = netPrice(referenceBook, first.americanOdds);
  return { ...price, point: first.point, at, atIso: instant(at) };
}

/**
 * The consensus fair probabilities at `at`, on the core's fair line, when the reference book's line then was its line now, else null.
 * They depend only on how many recorded changes had happened by `at` (the history is in time order), so each
 * answer is kept by that count and a call at a later time pays again only once the count has moved.
 */
export function fairProbabilitiesAt(core: MarketCore, at: number): (number | null)[] | null {
  const history = core.history;
  if (!history) return null;
  const low = recordedBy(history, at);
  const known = core.fairByChangesRecorded.get(low);
  if (known !== undefined) return known;
  const prefix = history.slice(0, low);
  const outcomes = core.outcomes.map((outcome) => outcome.outcome);
  const then = consensusAt(prefix, at, core.referenceBook, outcomes, core.fairLine);
  const sameLine = (then?.outcomes.length ?? 0) > 0 && thenLineMatches(prefix, core);
  const found = sameLine ? core.outcomes.map((_, index) => then?.outcomes[index]?.fairProbability ?? null) : null;
  core.fairByChangesRecorded.set(low, found);
  return found;
}

/** How many recorded changes had happened by `at` (the history is in time order). */
function recordedBy(history: readonly RecordedPrice[], at: number): number {
  let low = 0;
  for (let high = history.length; low < high;) {
    const middle = (low + high) >> 1;
    if (history[middle]!.at <= at) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first recorded change after `at`, when fairProbabilitiesAt may answer differently for a later time; Infinity if none. */
export function nextRecordedAfter(core: MarketCore, at: number): number {
  const history = core.history;
  return history ? (history[recordedBy(history, at)]?.at ?? Infinity) : Infinity;
}

/** Whether the reference book's last recorded line in `prefix` is the line it quotes now, outcome by outcome. */
function thenLineMatches(prefix: readonly RecordedPrice[], core: MarketCore): boolean {
  const point = new Map<string, number | null>();
  for (const row of prefix) if (row.book === core.referenceBook) point.set(row.outcome, row.point);
  return core.outcomes.every((quote) => point.has(quote.outcome) && point.get(quote.outcome) === quote.point);
}

/**
 * The reference book's price (net of an exchange's fee, as its price now) and the consensus (on `line`) after each
 * recorded change, from the reference book's first price.
 */
export function seriesOf(history: readonly RecordedPrice[], outcomes: readonly string[], referenceBook: string, line: FairLine) {
  const times = [...new Set(history.map((row) => row.at))].sort((a, b) => a - b);
  const series: HistoryPoint[] = [];
  const current = new Map<string, RecordedPrice>();
  let next = 0;
  for (const at of times) {
    for (; next < history.length && history[next]!.at <= at; next++) {
      const row = history[next]!;
      if (row.book === referenceBook) current.set(row.outcome, row);
    }
    const quotes = outcomes.map((outcome) => current.get(outcome));
    if (quotes.some((quote) => quote === undefined)) continue;
    const then = consensusAt(history, at, referenceBook, outcomes, line);
    const fairProbability = then && then.consensusBooks > 0 ? then.outcomes.map((o) => o.fairProbability) : null;
    const point: HistoryPoint = {
      at: instant(new Date(at)),
      points: quotes.map((quote) => quote!.point),
      americanOdds: quotes.map((quote) => netPrice(referenceBook, quote!.americanOdds).americanOdds),
      fairProbability,
    };
    const previous = series.at(-1);
    // Only points where the reference price or the consensus changed.
    if (
      previous &&
      JSON.stringify([previous.points, previous.americanOdds, previous.fairProbability]) ===
        JSON.stringify([point.points, point.americanOdds, point.fairProbability])
    )
      continue;
    series.push(point);
  }
  return { outcomes: [...outcomes], series: series.slice(-HISTORY_POINTS) };
}
