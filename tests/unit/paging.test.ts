import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ToolError } from '@/lib/errors';
import { CURSOR_TTL_MINUTES, cursorSigner, decodeCursor, encodeCursor, NOT_A_CURSOR, pageOf, queryFingerprint } from '@/lib/paging';

// Cursors name a position (a sort key), the query they belong to and when they were issued, signed with the
// server's key: anything else is a 400 naming `cursor`, and paging by them neither skips nor repeats an item.

const NOW = new Date('2026-11-25T12:00:00Z');
const query = queryFingerprint(['get_game_odds', 'user-1', { sport: 'nfl' }]);
const signer = cursorSigner(() => 'the server secret of these tests, 32+ characters');
const scope = { fingerprint: query, now: NOW, signer };

function refusal(action: () => unknown): ToolError {
  try {
    action();
  } catch (error) {
    if (error instanceof ToolError) return error;
    throw error;
  }
  throw new Error('not refused');
}

/** A cursor with this payload, signed with `by` (the server's signer unless another is given). */
function signed(payload: unknown, by = signer): string {
  const text = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${text}.${by.sign(text).toString('base64url')}`;
}

const issued = Math.floor(NOW.getTime() / 1000);

function expectNotACursor(cursor: string, fields: Parameters<typeof decodeCursor>[2] = ['value', 'value']) {
  const error = refusal(() => decodeCursor(cursor, scope, fields));
  expect(error.code, cursor).toBe('invalid_input');
  expect(error.issues, cursor).toEqual([{ path: 'cursor', message: NOT_A_CURSOR }]);
}

describe('cursors', () => {
  it('read back the position they were made with', () => {
    const cursor = encodeCursor(scope, [1764072000000, 'nfl-20261125-lar-no']);
    expect(decodeCursor(cursor, scope, ['time', 'text'])).toEqual([1764072000000, 'nfl-20261125-lar-no']);
    expect(decodeCursor(cursor, scope, ['value', 'value'])).toEqual([1764072000000, 'nfl-20261125-lar-no']);
  });

  it('refuse malformed, foreign and stale cursors with 400 invalid_input naming cursor', () => {
    const good = encodeCursor(scope, [1, 'a']);
    const malformed = [
      'garbage!',
      '',
      '.',
      `${good}.x`,
      signed({ v: 1 }),
      signed([2, query, 0]),
      signed([1, query, issued, [1, 'a']]),
      signed([2, query, issued, [1, 'a\u0000']]),
      signed([2, query, issued, [1, '\ud800']]),
      signed([2, query, issued, [{}, 'a']]),
      signed([2, query, issued, [1]]),
      signed([2, query, issued, [Number.MAX_VALUE * 10, 'a']]),
      Buffer.from('\u0000|x').toString('base64url'),
    ];
    for (const cursor of malformed) expectNotACursor(cursor);
    const foreign = refusal(() =>
      decodeCursor(good, { ...scope, fingerprint: queryFingerprint(['get_game_odds', 'user-2', { sport: 'nfl' }]) }, ['value', 'value']),
    );
    expect(foreign.message).toMatch(/^cursor: belongs to another query/);
    const later = new Date(NOW.getTime() + (CURSOR_TTL_MINUTES + 1) * 60_000);
    expect(refusal(() => decodeCursor(good, { ...scope, now: later }, ['value', 'value'])).message).toMatch(/^cursor: has expired/);
  });

  it('read only what the server signed: an edited, unsigned or otherwise signed cursor is not a cursor', () => {
    const good = encodeCursor(scope, [1764072000000, 'b1']);
    const [payload = '', signature = ''] = good.split('.');
    const edited = Buffer.from(JSON.stringify([2, query, issued, [1764072000001, 'b1']])).toString('base64url');
    const otherServer = cursorSigner(() => 'another server secret, also 32+ characters long');
    for (const cursor of [
      payload,
      `${edited}.${signature}`,
      `${payload}.${signature.slice(0, -2)}`,
      `${payload}.${signature}AA`,
      `${payload}.${Buffer.alloc(16).toString('base64url')}`,
      signed([2, query, issued, [1764072000000, 'b1']], otherServer),
      encodeCursor({ ...scope, signer: otherServer }, [1764072000000, 'b1']),
    ]) {
      expectNotACursor(cursor, ['time', 'text']);
    }
  });

  it('refuse a time key JEV never keeps, even signed by the server: the database is never asked for it', () => {
    const times = [
      -8.64e15,
      8.64e15,
      1e300,
      Date.UTC(10000, 0, 1),
      Date.UTC(1899, 11, 31, 23, 59, 59, 999),
      0.5,
      Number.MAX_SAFE_INTEGER + 2,
    ];
    for (const at of times) expectNotACursor(encodeCursor(scope, [at, 'b1']), ['time', 'text']);
    for (const at of [Date.UTC(1900, 0, 1), Date.UTC(9999, 11, 31, 23, 59, 59, 999), NOW.getTime()]) {
      expect(decodeCursor(encodeCursor(scope, [at, 'b1']), scope, ['time', 'text'])).toEqual([at, 'b1']);
    }
    // A text where a time belongs, and a number where text belongs.
    expectNotACursor(encodeCursor(scope, ['2026-11-25', 'b1']), ['time', 'text']);
    expectNotACursor(encodeCursor(scope, [NOW.getTime(), 7]), ['time', 'text']);
  });

  it("any cursor but the server's own, whatever it holds, is refused as not a cursor, never thrown past", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.base64String(),
          fc.jsonValue().map((value) =>
            signed(
              value,
              cursorSigner(() => 'x'),
            ),
          ),
        ),
        (cursor) => {
          expectNotACursor(cursor, ['time', 'text']);
        },
      ),
    );
  });

  it('page a list without skipping or repeating, whatever is added or removed between pages', () => {
    const key = (item: { at: number; id: string }) => [item.at, item.id];
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ at: fc.integer({ min: 0, max: 20 }), id: fc.string({ minLength: 1, maxLength: 3 }) }), {
          selector: (item) => `${item.at}|${item.id}`,
          maxLength: 40,
        }),
        fc.integer({ min: 1, max: 7 }),
        (items, limit) => {
          const seen: string[] = [];
          let cursor: string | undefined;
          let pages = 0;
          do {
            const page = pageOf(items, key, ['desc', 'asc'], { ...scope, limit, cursor });
            seen.push(...page.items.map((item) => `${item.at}|${item.id}`));
            expect(page.remaining).toBe(items.length - seen.length);
            cursor = page.nextCursor;
            pages++;
          } while (cursor !== undefined);
          expect(seen.sort()).toEqual(items.map((item) => `${item.at}|${item.id}`).sort());
          expect(pages).toBe(Math.max(1, Math.ceil(items.length / limit)));
        },
      ),
    );
  });

  it('continue after the last item shown even when it is gone from the list', () => {
    const items = [1, 2, 3, 4, 5].map((n) => ({ n }));
    const first = pageOf(items, (item) => [item.n], ['asc'], { ...scope, limit: 2 });
    const without = items.filter((item) => item.n !== 2);
    const second = pageOf(without, (item) => [item.n], ['asc'], { ...scope, limit: 2, cursor: first.nextCursor });
    expect(second.items.map((item) => item.n)).toEqual([3, 4]);
  });
});
