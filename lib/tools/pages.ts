import { z } from 'zod';
import type { ToolRun } from './types';
import { queryFingerprint, pageOf, type PageKey, type SortOrder } from '@/lib/paging';

// Lists that grow with the slate, a page at a time: each list's default page size, the running tool's page with
// a cursor tied to its query, and the paging fields of the answers with their schemas.

/**
 * The default page of each list in a concise answer, chosen so a page stays inside an agent's budget on a
 * 60-game college week at ten books (tests/integration/answer-budgets.test.ts counts the tokens).
 */
/** The arbitrages, the middles and the alternate lines share one page size (get_game_odds' limit says it once). */
const OTHER_LISTS = 20;

export const PAGE_SIZES = {
  /** About 750 Claude tokens a game with its three markets. */
  oddsGames: 8,
  /** A game's history series runs to thousands of tokens. */
  oddsGamesWithHistory: 1,
  /** About 100 tokens an entry: a page inside the value question's 4,000. */
  valueEntries: 25,
  /** The other lists' size, as get_game_odds' limit says it. */
  otherLists: OTHER_LISTS,
  /** About 150 tokens an arbitrage with its legs (and returns per result on quarter lines). */
  arbitrages: OTHER_LISTS,
  /** About 150 tokens a middle with its window, legs and chance. */
  middles: OTHER_LISTS,
  /** About 120 tokens an alternate line with both sides and their ages. */
  alternateLines: OTHER_LISTS,
  /** About 60 tokens a team's future: a league's title market (32 teams at most) in one page. */
  futures: 40,
  /** About 150 tokens a player's market. */
  playerMarkets: 30,
  /** detail: "full": about 1,700 tokens a game at ten books with every book's prices, so a page stays inside 8,000. */
  oddsGamesFull: 4,
  /** detail: "full": about 400 tokens a player's market with every book. */
  playerMarketsFull: 15,
  /** About 50 tokens a game. */
  scheduleGames: 50,
  /** About 25 tokens an injury. */
  injuries: 100,
  /** A bet or pick with its reasoning runs to a few hundred tokens. */
  ledgerRows: 20,
} as const;

/** The arguments that page a list: the rest of a call's arguments decide which list it is. */
export interface PagingArgs {
  limit?: number;
  cursor?: string;
}

/** The query a tool's cursor belongs to: the running tool, the calling user and every argument but `limit`, `cursor` and `detail`. */
export function toolQuery(ctx: Pick<ToolRun, 'tool' | 'user'>, args: PagingArgs & { detail?: string }): string {
  const { limit: _limit, cursor: _cursor, detail: _detail, ...query } = args;
  return queryFingerprint([ctx.tool.name, ctx.user.id, query]);
}

/** One page of the running tool's list for the calling user; its cursor cannot be replayed against another query. */
export function toolPage<Item>(
  ctx: Pick<ToolRun, 'tool' | 'user' | 'now' | 'cursors'>,
  args: PagingArgs & { detail?: string },
  defaultLimit: number,
  items: readonly Item[],
  keyOf: (item: Item) => PageKey,
  order: SortOrder,
) {
  return pageOf(items, keyOf, order, {
    limit: args.limit ?? defaultLimit,
    cursor: args.cursor,
    fingerprint: toolQuery(ctx, args),
    now: ctx.now(),
    signer: ctx.cursors,
  });
}

/** The paging fields of a full answer: like a concise answer's, with nextCursor null on the last page. */
export function fullPageFields(page: { remaining: number; nextCursor?: string }, noun: string) {
  return { remaining: page.remaining, nextCursor: page.nextCursor ?? null, ...pageFields(page, noun) };
}

/** The paging fields of a concise answer: nothing when the list is whole, else how many are left and how to get them. */
export function pageFields(page: { remaining: number; nextCursor?: string }, noun: string) {
  if (page.nextCursor === undefined) return {};
  return {
    remaining: page.remaining,
    nextCursor: page.nextCursor,
    pageNote: `${page.remaining} more ${noun}: call again with the same arguments and cursor set to nextCursor.`,
  };
}

/** The paging fields of concise answers: present only when items remain (pageFields). */
export const pageSchemaFields = {
  remaining: z.int().optional(),
  nextCursor: z.string().optional(),
  pageNote: z.string().optional(),
};

/** The paging fields of full answers, which page only when asked: nextCursor is null on the last page. */
export const fullPageSchemaFields = {
  remaining: z.int().optional(),
  nextCursor: z.string().nullable().optional(),
  pageNote: z.string().optional(),
};
