import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ToolError } from '@/lib/errors';
import { CURSOR_TTL_MINUTES, decodeCursor, encodeCursor, pageOf, queryFingerprint } from '@/lib/paging';

// Cursors name a position (a sort key), the query they belong to and when they were issued: anything else is
// a 400 naming `cursor`, and paging by them neither skips nor repeats an item.

const NOW = new Date('2026-11-25T12:00:00Z');
const query = queryFingerprint(['get_game_odds', 'user-1', { sport: 'nfl' }]);

function refusal(action: () => unknown): ToolError {
  try {
    action();
  } catch (error) {
    if (error instanceof ToolError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('cursors', () => {
  it('read back the position they were made with', () => {
    const cursor = encodeCursor(query, [1764072000000, 'nfl-20261125-lar-no'], NOW);
    expect(decodeCursor(cursor, query, NOW, 2)).toEqual([1764072000000, 'nfl-20261125-lar-no']);
  });

  it('refuse malformed, foreign and stale cursors with 400 invalid_input naming cursor', () => {
    const good = encodeCursor(query, [1, 'a'], NOW);
    const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const malformed = [
      'garbage!',
      '',
      base64({ v: 1 }),
      base64([1, query, 0]),
      base64([2, query, Math.floor(NOW.getTime() / 1000), [1, 'a']]),
      base64([1, query, Math.floor(NOW.getTime() / 1000), [1, 'a\u0000']]),
      base64([1, query, Math.floor(NOW.getTime() / 1000), [1, '\ud800']]),
      base64([1, query, Math.floor(NOW.getTime() / 1000), [{}, 'a']]),
      base64([1, query, Math.floor(NOW.getTime() / 1000), [1]]),
      Buffer.from('\u0000|x').toString('base64url'),
    ];
    for (const cursor of malformed) {
      const error = refusal(() => decodeCursor(cursor, query, NOW, 2));
      expect(error.code, cursor).toBe('invalid_input');
      expect(error.issues[0]!.path).toBe('cursor');
      expect(error.message).toMatch(/^cursor: is not a cursor this service returned/);
    }
    const foreign = refusal(() => decodeCursor(good, queryFingerprint(['get_game_odds', 'user-2', { sport: 'nfl' }]), NOW, 2));
    expect(foreign.message).toMatch(/^cursor: belongs to another query/);
    const later = new Date(NOW.getTime() + (CURSOR_TTL_MINUTES + 1) * 60_000);
    expect(refusal(() => decodeCursor(good, query, later, 2)).message).toMatch(/^cursor: has expired/);
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
            const page = pageOf(items, key, ['desc', 'asc'], { limit, cursor, fingerprint: query, now: NOW });
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
    const first = pageOf(items, (item) => [item.n], ['asc'], { limit: 2, fingerprint: query, now: NOW });
    const without = items.filter((item) => item.n !== 2);
    const second = pageOf(without, (item) => [item.n], ['asc'], { limit: 2, cursor: first.nextCursor, fingerprint: query, now: NOW });
    expect(second.items.map((item) => item.n)).toEqual([3, 4]);
  });
});
