import { describe, expect, it } from 'vitest';
import { cleanLabel, storedLabel } from '@/lib/text';

// The one sanitiser for the labels and names JEV stores from someone else's say-so and shows back to people
// (client names, client labels, token and user names): it drops what changes what a reader sees, keeps the rest.

describe('cleanLabel', () => {
  it.each([
    ['bidi override', 'Helper \u202e', 'Helper'],
    ['isolates and marks', '\u2066evil\u2069 \u200fname\u200e', 'evil name'],
    ['zero-width characters and the BOM', 'a\u200bb\u200cc\u200dd\u2060e\ufeff', 'abcde'],
    ['NUL, C0 and C1 controls, DEL', 'a\u0000b\u0007c\u0085d\u007fe', 'abcde'],
    ['tag characters (invisible text)', 'ok\u{e0041}\u{e0042}', 'ok'],
    ['lone surrogates', 'x\ud800y\udc00z', 'xyz'],
    ['tabs, newlines and separators as one space', ' a\t\tb\r\nc\u2028d  ', 'a b c d'],
  ])('drops %s', (_, text, clean) => expect(cleanLabel(text, 100)).toBe(clean));

  it('cuts on whole code points: an emoji across the cut is never halved', () => {
    const name = `${'a'.repeat(199)}\u{1f3c8}tail`;
    expect(cleanLabel(name, 200)).toBe(`${'a'.repeat(199)}\u{1f3c8}`);
    expect(cleanLabel(name, 199)).toBe('a'.repeat(199));
    expect(cleanLabel(name, 200)).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('keeps what people read: accents, scripts, emoji with variation selectors', () => {
    expect(cleanLabel('Café Ωmega 東京 ❤️', 100)).toBe('Café Ωmega 東京 ❤️');
  });
});

describe('storedLabel', () => {
  it('is null when nothing visible is left, cut at 200 code points otherwise', () => {
    expect(storedLabel(undefined)).toBeNull();
    expect(storedLabel('\u200b\u202e ')).toBeNull();
    expect([...(storedLabel('x'.repeat(8000)) ?? '')]).toHaveLength(200);
  });
});
