import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bankrollSettingsSchema } from '@/lib/account/bankroll-settings';
import { DEFAULT_CURRENCY, floorToCents, typedCents } from '@/lib/account/money';

// Amounts typed by people (the Bankroll and Bets pages, `jev bankroll set`): one parser, exact to the cent,
// so a typed amount is never rounded on its way to the book.

describe('typedCents', () => {
  it.each([
    ['250', 25_000],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.07', 7],
    ['.5', 50],
    [' 3 ', 300],
    ['0', 0],
  ])('reads %s as %i cents', (text, cents) => expect(typedCents(text)).toBe(cents));

  it.each(['0x3E8', '0b11', '0o17', '1e3', '1.004', '0.004', '-5', '+5', 'Infinity', 'NaN', '', '1,000', '1.', '1 000', '١٢'])(
    'refuses %s',
    (text) => expect(typedCents(text)).toBeUndefined(),
  );
});

describe('the Bankroll form', () => {
  const form = (fields: Record<string, string>) => bankrollSettingsSchema.safeParse({ balance: '1000', unit: '10', ...fields });
  const messages = (fields: Record<string, string>) => {
    const result = form(fields);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  };

  it('refuses hexadecimal, binary and sub-cent amounts, with a message for each field', () => {
    expect(messages({ balance: '0x3E8' }).balance).toMatch(/Enter an amount such as 250/);
    expect(messages({ unit: '0b11' }).unit).toMatch(/Enter an amount such as 250/);
    expect(messages({ unit: '0.004' }).unit).toMatch(/Enter an amount such as 250/);
    expect(messages({ unit: '0' }).unit).toBe('Enter an amount of at least 0.01.');
    expect(messages({ maxStake: '0.004' }).maxStake).toMatch(/Enter an amount such as 250/);
    expect(messages({ kellyFraction: '0x1' }).kellyFraction).toBe('Enter a fraction such as 0.25.');
  });

  it('saves a balance of 0, keeping the unit', () => {
    const result = form({ balance: '0', unit: '25' });
    expect(result.success && result.data).toMatchObject({ balance: 0, unit: 25 });
    expect(messages({ balance: '100', unit: '250' }).unit).toBe('A unit cannot be more than the balance.');
  });

  it('keeps the cents exactly', () => {
    const result = form({ balance: '1234567.89', unit: '0.01', dailyLossLimit: '0.07' });
    expect(result.success && result.data).toMatchObject({ balance: 1234567.89, unit: 0.01, dailyLossLimit: 0.07 });
  });
});

describe('DEFAULT_CURRENCY', () => {
  it("is the schema's default for a bankroll's currency", () => {
    const schema = readFileSync('prisma/schema.prisma', 'utf8');
    expect(/^\s*currency\s+String\s+@default\("(\w+)"\)/m.exec(schema)?.[1]).toBe(DEFAULT_CURRENCY);
  });
});

describe('floorToCents', () => {
  it('rounds down to the cent, but not a whole amount that floating point puts a hair below itself (before: 1999999.99)', () => {
    const fullKelly = (1 * 0.6 - 0.4) / 1; // 0.19999999999999996
    expect(floorToCents(10_000_000 * fullKelly)).toBe(2_000_000);
    expect(floorToCents(1000 * fullKelly * 0.25)).toBe(50);
    expect(floorToCents(0.29 * 100)).toBe(29); // 28.999999999999996
    expect(floorToCents(12.349)).toBe(12.34);
    expect(floorToCents(1_999_999.989)).toBe(1_999_999.98);
    expect(floorToCents(-0.001)).toBe(-0.01);
  });
});
