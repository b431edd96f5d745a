import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidAmericanOdds, MAX_AMERICAN_ODDS, MIN_AMERICAN_ODDS } from '@/lib/betting';
import { AMERICAN_ODDS_MESSAGE, americanOdds } from '@/lib/tools/inputs';
import { TOOL_RECORDS } from '@/lib/tools/registry';

// The americanOdds argument of every tool takes its bounds from lib/betting/odds.ts, so what a tool accepts and
// what the odds math calls a valid price are the same set; its messages still read as before.

const around = (n: number) => fc.integer({ min: n - 3, max: n + 3 });

describe('the americanOdds argument', () => {
  it('accepts exactly the prices isValidAmericanOdds accepts', () => {
    const prices = fc.oneof(
      fc.integer({ min: 2 * MIN_AMERICAN_ODDS, max: 2 * MAX_AMERICAN_ODDS }),
      around(MIN_AMERICAN_ODDS),
      around(MAX_AMERICAN_ODDS),
      around(-100),
      around(100),
      fc.double({ min: -200, max: 200, noNaN: true }),
    );
    fc.assert(fc.property(prices, (price) => americanOdds.safeParse(price).success === isValidAmericanOdds(price)));
  });

  it('says which bound a price is past, and that nothing lies between -100 and +100', () => {
    const message = (price: number) => americanOdds.safeParse(price).error?.issues[0]?.message;
    expect(message(MIN_AMERICAN_ODDS - 1)).toBe('must be -100000 or more');
    expect(message(MAX_AMERICAN_ODDS + 1)).toBe('must be 1000000 or less');
    expect(message(99)).toBe('American odds must be +100 or more, or -100 or less');
    expect(AMERICAN_ODDS_MESSAGE).toBe('American odds must be +100 or more, or -100 or less');
  });

  it('publishes the rule as two ranges a strict-mode converter can read: -100 or less, or +100 or more (no `not`)', () => {
    expect(americanOdds.meta()).toMatchObject({ anyOf: [{ maximum: -100 }, { minimum: 100 }] });
    const published = JSON.stringify(TOOL_RECORDS.map((record) => record.inputSchema));
    expect(published).not.toContain('"not"');
  });
});
