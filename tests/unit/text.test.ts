import { describe, expect, it } from 'vitest';
import { andList, choiceList, cleanLabel, storedLabel } from '@/lib/text';

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
    ['Hangul fillers', 'a\u115fb\u1160c\u3164d\uffa0e', 'abcde'],
    ['the blank Braille pattern', 'a\u2800b', 'ab'],
    ['the combining grapheme joiner and Mongolian selectors', 'a\u034fb\u180bc', 'abc'],
    ['private-use and unassigned code points', 'a\ue000b\u{f0000}c\u{10fffd}d\u0378e', 'abcde'],
    ['variation selectors after nothing they could select', 'a\ufe0fb \ufe0f\ufe0ec', 'ab c'],
    ['combining marks with nothing to combine with', '\u0301a \u0300\u0301b', 'a b'],
    ['combining marks past four on one character', 'Z\u0300\u0301\u0302\u0303\u0304\u0305\u0306!', 'Z\u0300\u0301\u0302\u0303!'],
  ])('drops %s', (_, text, clean) => expect(cleanLabel(text, 100)).toBe(clean));

  it.each(['\u3164', '\u115f\u1160', '\u2800\u2800', '\u034f', '\ufe0f', '\ue000', '\u0301\u0302', ' \u3164 \u2800 ', '\u200b\u{e0041}'])(
    'leaves nothing of a name that renders blank: %j',
    (text) => expect(cleanLabel(text, 100)).toBe(''),
  );

  it('cuts on whole code points: an emoji across the cut is never halved', () => {
    const name = `${'a'.repeat(199)}\u{1f3c8}tail`;
    expect(cleanLabel(name, 200)).toBe(`${'a'.repeat(199)}\u{1f3c8}`);
    expect(cleanLabel(name, 199)).toBe('a'.repeat(199));
    expect(cleanLabel(name, 200)).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('keeps what people read: accents, scripts, emoji with variation selectors', () => {
    expect(cleanLabel('Café Ωmega 東京 ❤️', 100)).toBe('Café Ωmega 東京 ❤️');
    expect(cleanLabel('क्षि Tiếng Việt 1\ufe0f\u20e3 한국', 100)).toBe('क्षि Tiếng Việt 1\ufe0f\u20e3 한국');
  });
});

describe('storedLabel', () => {
  it('is null when nothing visible is left, cut at 200 code points otherwise', () => {
    expect(storedLabel(undefined)).toBeNull();
    expect(storedLabel('\u200b\u202e ')).toBeNull();
    expect([...(storedLabel('x'.repeat(8000)) ?? '')]).toHaveLength(200);
  });
});

describe('choiceList and andList', () => {
  it('join the last two with the word and the rest with commas', () => {
    expect(choiceList(['a', 'b', 'c'])).toBe('a, b or c');
    expect(andList(['a', 'b', 'c'])).toBe('a, b and c');
    expect(andList(['a', 'b'])).toBe('a and b');
    expect(andList(['a'])).toBe('a');
    expect(andList([])).toBe('');
  });
});
