import type { RecordedPrice } from '@/lib/betting/movement';
import type { PriceReads } from '@/lib/data/repositories';

// The recorded price changes (line movement) pricing reads: of game markets (player '') or, with `props`, of the
// player props. PriceHistory is append-only (ingestion adds a row per change; only clearing a game's data
// deletes, and it deletes the game too), so its largest id is a version: each call asks for it (one primary-key
// lookup) and reads the rows (one indexed query) only when it changed since the same question was last asked.

/** Distinct history questions remembered (games × markets × props). */
const HISTORY_MEMO_ENTRIES = 200;

/** One market's recorded price changes, keyed by historyKey, each list in time order. */
export type MarketHistory = ReadonlyMap<string, readonly RecordedPrice[]>;

export const historyKey = (row: { gameId: string; market: string; player: string }) => `${row.gameId}|${row.market}|${row.player}`;

/** The history questions asked so far with the answer and the version it was read at, oldest first. */
export type HistoryMemo = Map<string, { version: number; history: MarketHistory }>;

export async function marketHistory(
  reads: PriceReads,
  memo: HistoryMemo,
  gameIds: readonly string[],
  markets: readonly string[] | undefined,
  { props = false } = {},
): Promise<MarketHistory> {
  const version = await reads.historyVersion();
  const key = JSON.stringify([gameIds, markets ?? null, props]);
  const known = memo.get(key);
  if (known && known.version === version) return known.history;
  const rows = await reads.recordedPrices(gameIds, markets, { props, upTo: version });
  const history = new Map<string, RecordedPrice[]>();
  for (const row of rows) {
    const recorded = {
      book: row.book,
      outcome: row.outcome,
      point: row.point,
      americanOdds: row.americanOdds,
      at: row.observedAt.getTime(),
    };
    const group = history.get(historyKey(row));
    if (group) group.push(recorded);
    else history.set(historyKey(row), [recorded]);
  }
  memo.delete(key);
  if (memo.size >= HISTORY_MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
  memo.set(key, { version, history });
  return history;
}
