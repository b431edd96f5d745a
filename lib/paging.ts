import { createHash } from 'node:crypto';
import { invalidInput, type Issue } from '@/lib/errors';

// Cursors for every paged answer (tools and console alike). A cursor names the position after a page's last
// item (its sort key) and the query it belongs to (a fingerprint of the arguments and the caller), and carries
// when it was issued. So a cursor sent with other arguments or by another user is refused as foreign, an old
// one as stale, and anything else as malformed: always 400 invalid_input naming `cursor`, never a 500.

/** How long a cursor is honoured: long enough to page through an answer, short enough not to page old data. */
export const CURSOR_TTL_MINUTES = 60;

/** A position in a list: the sort key of the last item shown, field by field. */
export type PageKey = readonly (string | number)[];
export type SortOrder = readonly ('asc' | 'desc')[];

const VERSION = 1;
/** Sort keys are short (a time and an id, an expected value and a few names); anything longer is not ours. */
const MAX_KEY_TEXT = 200;

export const NOT_A_CURSOR = 'is not a cursor this service returned: send nextCursor exactly as it came, or call again without cursor';

const refuse = (message: string): never => {
  throw invalidInput([{ path: 'cursor', message } satisfies Issue]);
};

/** What a cursor belongs to: the list (tool name or page), its caller, and every argument but the paging ones. */
export function queryFingerprint(query: unknown): string {
  return createHash('sha256').update(JSON.stringify(query)).digest('base64url').slice(0, 16);
}

export function encodeCursor(fingerprint: string, key: PageKey, now: Date): string {
  return Buffer.from(JSON.stringify([VERSION, fingerprint, Math.floor(now.getTime() / 1000), key])).toString('base64url');
}

const isKeyPart = (part: unknown) =>
  (typeof part === 'number' && Number.isFinite(part)) ||
  // Text a database stores: no NUL, and well-formed Unicode (a lone surrogate is neither).
  (typeof part === 'string' && part.length <= MAX_KEY_TEXT && !part.includes('\u0000') && !/\p{Cs}/u.test(part));

/** The position a cursor names, once it is known to be ours, for this query, and fresh; else 400 naming `cursor`. */
export function decodeCursor(cursor: string, fingerprint: string, now: Date, keyLength: number): PageKey {
  let parsed: unknown;
  try {
    parsed = /^[A-Za-z0-9_-]+$/.test(cursor) ? JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) : undefined;
  } catch {
    parsed = undefined;
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 4 ||
    parsed[0] !== VERSION ||
    typeof parsed[1] !== 'string' ||
    !Number.isInteger(parsed[2])
  ) {
    return refuse(NOT_A_CURSOR);
  }
  const [, owner, issuedAt, key] = parsed as [number, string, number, unknown];
  if (!Array.isArray(key) || key.length !== keyLength || !key.every(isKeyPart)) {
    return refuse(NOT_A_CURSOR);
  }
  if (owner !== fingerprint) {
    return refuse(
      'belongs to another query (other arguments, another tool or another user): repeat the arguments of the call that returned it, or call again without cursor',
    );
  }
  const ageMinutes = (now.getTime() / 1000 - issuedAt) / 60;
  if (ageMinutes > CURSOR_TTL_MINUTES || ageMinutes < -5) {
    return refuse(`has expired (a cursor lasts ${CURSOR_TTL_MINUTES} minutes): call again without cursor for the current first page`);
  }
  return key as PageKey;
}

/** -1, 0 or 1: how two sort keys compare in a list's order. */
export function compareKeys(a: PageKey, b: PageKey, order: SortOrder): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    const ascending = typeof x === 'number' && typeof y === 'number' ? x - y : String(x) < String(y) ? -1 : 1;
    return Math.sign(order[i] === 'desc' ? -ascending : ascending);
  }
  return 0;
}

export interface PageRequest {
  limit: number;
  cursor?: string;
  /** queryFingerprint of the list, its caller and the arguments other than cursor and limit. */
  fingerprint: string;
  now: Date;
}

export interface Page<Item> {
  items: Item[];
  /** Items after this page. */
  remaining: number;
  /** Present when items remain: the cursor that asks for the next page. */
  nextCursor?: string;
}

/**
 * One page of a list in `order`: the items after the cursor's position, at most `limit` of them. Positions are
 * sort keys, not offsets, so an item added or removed between two calls shifts nothing. The list is sorted
 * here, by the same comparison the cursor is read with (a database's collation may order text otherwise).
 */
export function pageOf<Item>(list: readonly Item[], keyOf: (item: Item) => PageKey, order: SortOrder, request: PageRequest): Page<Item> {
  const items = list.map((item) => ({ item, key: keyOf(item) })).sort((a, b) => compareKeys(a.key, b.key, order));
  let start = 0;
  if (request.cursor !== undefined) {
    const after = decodeCursor(request.cursor, request.fingerprint, request.now, order.length);
    start = items.findIndex(({ key }) => compareKeys(key, after, order) > 0);
    if (start === -1) start = items.length;
  }
  const shown = items.slice(start, start + request.limit);
  const remaining = items.length - start - shown.length;
  return {
    items: shown.map(({ item }) => item),
    remaining,
    ...(remaining > 0 ? { nextCursor: encodeCursor(request.fingerprint, shown.at(-1)!.key, request.now) } : {}),
  };
}
