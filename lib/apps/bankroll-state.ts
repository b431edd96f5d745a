import type { Bankroll, Bet, BetList } from './answers';
import { ToolCallError, type Host } from './bridge';
import { firstPlace, loading, type CompactPlace, type Loading } from './frame';
import type { Sort } from '@/lib/present/table';
import type { Update } from './run';

// The bankroll view's state and its calls: the bankroll, the bets (the model's list or the view's own) with their
// paging, and every settled bet the charts need, from the model's arguments and answer.

/** The bets the view asks list_bets for at a time. */
export const BETS_PER_PAGE = 100;
/** The most pages of bets the charts read. */
export const MAX_BET_PAGES = 20;

export interface BankrollState {
  host: Host;
  /** list_bets' filters when the model listed bets: the bets and the profit chart follow them. */
  filters: { status?: string; sport?: string };
  /** Null: the user has set up no bankroll. */
  bankroll: Loading<Bankroll | null>;
  bets: Loading<BetList>;
  settled: Loading<{ bets: Bet[]; complete: boolean }>;
  sort?: Sort;
  /** The arguments the bets were asked with: their cursor continues them. */
  betsArgs: Record<string, unknown>;
  paging: boolean;
  /** Why the last page of bets could not be fetched. */
  pagingFailed?: string;
  /** Where the compact form is (the form drawn inline). */
  compactPlace: CompactPlace;
}

export const failed = (error: unknown) => ({ state: 'failed' as const, message: error instanceof Error ? error.message : String(error) });

/** Every bet, newest first, a page of list_bets at a time (at most MAX_BET_PAGES): the pages' bets in one list. */
async function everyBet(host: Host): Promise<BetList> {
  let list: BetList | undefined;
  for (let page = 0; page < MAX_BET_PAGES && (list === undefined || list.nextCursor !== undefined); page++) {
    const answer = await host.callTool('list_bets', { limit: BETS_PER_PAGE, ...(list?.nextCursor ? { cursor: list.nextCursor } : {}) });
    // The summary covers every bet whatever the page: the first page's stands.
    list = list ? { ...answer, summary: list.summary, bets: [...list.bets, ...answer.bets] } : answer;
  }
  return list!;
}

const settledOf = (list: BetList) => ({
  bets: list.bets.filter((bet) => bet.status !== 'open' && bet.settledAt !== undefined),
  complete: list.nextCursor === undefined,
});

/** The view's first state from the model's call; the calls it still needs update it when they answer. */
export function startBankroll(args: Record<string, unknown>, answer: object, host: Host, update: Update<BankrollState>): BankrollState {
  const listed = 'bets' in answer;
  const filters = listed ? { status: args.status as string | undefined, sport: args.sport as string | undefined } : {};
  const { cursor, ...modelArgs } = args;
  const state: BankrollState = {
    host,
    filters,
    betsArgs: listed ? modelArgs : { limit: BETS_PER_PAGE },
    bankroll: listed ? loading : { state: 'ready', answer: answer as Bankroll },
    bets: listed ? { state: 'ready', answer: answer as BetList } : loading,
    settled: loading,
    paging: false,
    compactPlace: firstPlace('bets'),
  };
  if (listed)
    host.callTool('get_bankroll', {}).then(
      (found) => update((s) => ({ ...s, bankroll: { state: 'ready', answer: found } })),
      // No bankroll is an answer too (not_found): the view says so and charts the profit alone.
      (error: unknown) =>
        update((s) => ({
          ...s,
          bankroll: error instanceof ToolCallError && error.code === 'not_found' ? { state: 'ready', answer: null } : failed(error),
        })),
    );
  // The charts need every settled bet. The model's own list is all of them when it was neither filtered nor
  // paged; else the view reads them once, and drawn for get_bankroll, the same pages are its list of bets.
  const whole = listed && !filters.status && !filters.sport && cursor === undefined && (answer as BetList).nextCursor === undefined;
  if (whole) state.settled = { state: 'ready', answer: settledOf(answer as BetList) };
  else
    everyBet(host).then(
      (list) =>
        update((s) => ({
          ...s,
          settled: { state: 'ready', answer: settledOf(list) },
          ...(listed ? {} : { bets: { state: 'ready', answer: list } }),
        })),
      (error: unknown) => update((s) => ({ ...s, settled: failed(error), ...(listed ? {} : { bets: failed(error) }) })),
    );
  return state;
}
