import { createHash, createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { invalidInput, type Issue } from '@/lib/errors';
import { inYearRange } from '@/lib/time';

// Cursors for every paged answer (tools and console alike). A cursor names the position after a page's last
// item (its sort key) and the query it belongs to (a fingerprint of the arguments and the caller), carries
// when it was issued, and is signed with the server's key: only the server's own cursors are read, and what
// they hold is checked again on the way in (a time must be a date JEV keeps). So a cursor sent with other
// arguments or by another user is refused as foreign, an old one as stale, and anything else (edited, forged,
// signed with another key) as malformed: always 400 invalid_input naming `cursor`, never a 500.

/** How long a cursor is honoured: long enough to page through an answer, short enough not to page old data. */
export const CURSOR_TTL_MINUTES = 60;

/** A position in a list: the sort key of the last item shown, field by field. */
export type PageKey = readonly (string | number)[];
export type SortOrder = readonly ('asc' | 'desc')[];
/**
 * What each field of a sort key must be when a cursor is read: `time` milliseconds since 1970 of a date JEV
 * keeps (a database is asked for rows before it), `text` storable text, `value` either a finite number or text
 * (keys compared in memory, never sent to a database).
 */
export type KeyField = 'time' | 'text' | 'value';

/** Signs cursors: HMAC-SHA256 under a key only the server holds, cut to 128 bits. */
export interface CursorSigner {
  sign(payload: string): Buffer;
}

/** Where a cursor is made and read: the query it belongs to, the time, and the server's signer. */
export interface CursorScope {
  /** queryFingerprint of the list, its caller and the arguments other than cursor and limit. */
  fingerprint: string;
  now: Date;
  signer: CursorSigner;
}

const VERSION = 2;
const MAC_BYTES = 16;
/** Sort keys are short (a time and an id, an expected value and a few names); anything longer is not ours. */
const MAX_KEY_TEXT = 200;

export const NOT_A_CURSOR = 'is not a cursor this service returned: send nextCursor exactly as it came, or call again without cursor';

const refuse = (message: string): never => {
  throw invalidInput([{ path: 'cursor', message } satisfies Issue]);
};

/**
 * The signer of the server whose secret `secret` returns (the session secret, lib/auth/secret.ts), read on
 * first use: the cursor key is derived from it, so a cursor never reveals or stands in for the secret itself.
 */
export function cursorSigner(secret: () => string): CursorSigner {
  // A KeyObject, made once: handed raw bytes, Node 24 builds one on every createHmac (about 8 µs a call here).
  let key: KeyObject | undefined;
  return {
    sign(payload) {
      key ??= createSecretKey(createHmac('sha256', secret()).update('jev cursor key').digest());
      return createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);
    },
  };
}

/** What a cursor belongs to: the list (tool name or page), its caller, and every argument but the paging ones. */
export function queryFingerprint(query: unknown): string {
  return createHash('sha256').update(JSON.stringify(query)).digest('base64url').slice(0, 16);
}

/** `<payload>.<signature>`, both base64url: the payload is [version, fingerprint, issued at (s), sort key]. */
export function encodeCursor(scope: CursorScope, key: PageKey): string {
  const payload = Buffer.from(JSON.stringify([VERSION, scope.fingerprint, Math.floor(scope.now.getTime() / 1000), key])).toString(
    'base64url',
  );
  return `${payload}.${scope.signer.sign(payload).toString('base64url')}`;
}

// Text a database stores: no NUL, and well-formed Unicode (a lone surrogate is neither).
const isText = (part: unknown) =>
  typeof part === 'string' && part.length <= MAX_KEY_TEXT && !part.includes('\u0000') && !/\p{Cs}/u.test(part);
const isNumber = (part: unknown) => typeof part === 'number' && Number.isFinite(part);
const FIELD_CHECKS: Record<KeyField, (part: unknown) => boolean> = {
  time: (part) => Number.isSafeInteger(part) && inYearRange(new Date(part as number)),
  text: isText,
  value: (part) => isNumber(part) || isText(part),
};

/** The payload of a cursor the server signed; undefined for anything else. */
function signedPayload(cursor: string, signer: CursorSigner): unknown {
  const [payload, signature, ...rest] = cursor.split('.');
  if (payload === undefined || signature === undefined || rest.length > 0) return undefined;
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || !/^[A-Za-z0-9_-]+$/.test(signature)) return undefined;
  const given = Buffer.from(signature, 'base64url');
  const expected = signer.sign(payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The position a cursor names, once it is known to be ours, for this query, and fresh, each field of its sort
 * key what `fields` says; else 400 naming `cursor`.
 */
export function decodeCursor(cursor: string, scope: CursorScope, fields: readonly KeyField[]): PageKey {
  const parsed = signedPayload(cursor, scope.signer);
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
  if (!Array.isArray(key) || key.length !== fields.length || !fields.every((field, i) => FIELD_CHECKS[field](key[i]))) {
    return refuse(NOT_A_CURSOR);
  }
  if (owner !== scope.fingerprint) {
    return refuse(
      'belongs to another query (other arguments, another tool or another user): repeat the arguments of the call that returned it, or call again without cursor',
    );
  }
  const ageMinutes = (scope.now.getTime() / 1000 - issuedAt) / 60;
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

export interface PageRequest extends CursorScope {
  limit: number;
  cursor?: string;
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
    const after = decodeCursor(
      request.cursor,
      request,
      order.map((): KeyField => 'value'),
    );
    start = items.findIndex(({ key }) => compareKeys(key, after, order) > 0);
    if (start === -1) start = items.length;
  }
  const shown = items.slice(start, start + request.limit);
  const remaining = items.length - start - shown.length;
  return {
    items: shown.map(({ item }) => item),
    remaining,
    ...(remaining > 0 ? { nextCursor: encodeCursor(request, shown.at(-1)!.key) } : {}),
  };
}
