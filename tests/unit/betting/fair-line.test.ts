import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { consensus, type BookMarket } from '@/lib/betting/consensus';
import { compareDevig, devigBy } from '@/lib/betting/devig-methods';
import { DEFAULT_FAIR_LINE, fairLineName, parseFairLine, type FairLine } from '@/lib/betting/fair-line';
import { americanToDecimal, impliedProbability } from '@/lib/betting/odds';
import { SHARP_BOOK_WEIGHTS, sharpWeight } from '@/lib/betting/sharp-books';
import { validAmericanOdds } from './support';

// The fair line on request (fairLine): another method per book, the worst case per book, and the sharp consensus's
// weights, each checked against the numbers worked out here from the de-vig methods and the weight table.

const twoWay = (book: string, home: number, away: number): BookMarket => ({
  book,
  outcomes: [
    { outcome: 'KC', point: -3.5, americanOdds: home },
    { outcome: 'BUF', point: 3.5, americanOdds: away },
  ],
});
const threeWay = (book: string, home: number, draw: number, away: number): BookMarket => ({
  book,
  outcomes: [
    { outcome: 'ARS', point: null, americanOdds: home },
    { outcome: 'draw', point: null, americanOdds: draw },
    { outcome: 'CHE', point: null, americanOdds: away },
  ],
});
const implied = (market: BookMarket) => market.outcomes.map((quote) => impliedProbability(quote.americanOdds));
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
const line = (text: string) => parseFairLine(text) as FairLine;

const reference = twoWay('draftkings', -110, -110);
const others = [twoWay('pinnacle', -125, 105), twoWay('fanduel', -105, -115), twoWay('lowvig', -120, 100)];

describe('parseFairLine and fairLineName', () => {
  it('reads a method, worst_case, sharp and sharp with a method, in any case and order, and names them one way', () => {
    expect(parseFairLine('power')).toEqual({ method: 'power', sharp: false });
    expect(parseFairLine('worst_case')).toEqual({ method: 'worst_case', sharp: false });
    expect(parseFairLine('Sharp')).toEqual({ method: 'multiplicative', sharp: true });
    expect(parseFairLine(' shin + SHARP ')).toEqual({ method: 'shin', sharp: true });
    expect(fairLineName(line('power+sharp'))).toBe('sharp+power');
    expect(fairLineName(line('sharp+multiplicative'))).toBe('sharp');
    expect(fairLineName(line('multiplicative'))).toBe('multiplicative');
  });

  it('refuses an unknown name, two methods and sharp twice, saying what a fair line is', () => {
    expect(parseFairLine('pinnacle')).toEqual({
      problem: expect.stringMatching(
        /^"pinnacle" is no fair line: use a calc_no_vig_odds method \(multiplicative, additive, .*blend\), worst_case, or sharp/,
      ),
    });
    expect(parseFairLine('power+shin')).toEqual({ problem: 'names 2 methods (power, shin): a fair line has one, alone or with sharp' });
    expect(parseFairLine('sharp+sharp')).toEqual({ problem: 'names sharp twice' });
    expect(parseFairLine('sharp+')).toEqual({ problem: expect.stringMatching(/^"" is no fair line/) });
  });
});

describe('the consensus on a fair line', () => {
  it('the default line is the consensus exactly as without one', () => {
    expect(consensus(reference, others, DEFAULT_FAIR_LINE)).toEqual(consensus(reference, others));
    expect(consensus(reference, others, line('multiplicative'))).toEqual(consensus(reference, others));
  });

  it('another method is applied to each joining book and the books averaged', () => {
    for (const method of ['power', 'probit', 'blend'] as const) {
      const result = consensus(reference, others, line(method));
      const each = [reference, ...others].map((book) => devigBy(implied(book), method));
      const fairKc = (each[0]![0]! + each[1]![0]! + each[2]![0]! + each[3]![0]!) / 4;
      expect(result.consensusBooks).toBe(4);
      expect(result.outcomes[0]!.fairProbability).toBeCloseTo(fairKc, 6);
      // From the fair probability as shown (six places), so the shown numbers give it back.
      expect(result.outcomes[0]!.expectedValue).toBeCloseTo(result.outcomes[0]!.fairProbability! * americanToDecimal(-110) - 1, 6);
    }
  });

  it('worst_case averages each book’s lowest fair probability over the methods: bounds that sum to less than 1', () => {
    const books = [threeWay('draftkings', 150, 240, 190), threeWay('fanduel', 145, 250, 185)];
    const result = consensus(books[0]!, books.slice(1), line('worst_case'));
    const lows = books.map((book) => compareDevig(implied(book)).ranges.map((range) => range.min));
    lows.forEach((low, i) => low.forEach((p, j) => expect(p).toBeLessThanOrEqual(devigBy(implied(books[i]!), 'multiplicative')[j]!)));
    expect(result.outcomes.map((o) => o.fairProbability)).toEqual([0, 1, 2].map((j) => round6((lows[0]![j]! + lows[1]![j]!) / 2)));
    expect(result.outcomes.reduce((sum, o) => sum + o.fairProbability!, 0)).toBeLessThan(1);
  });

  it('sharp weights the table’s books (Pinnacle 3, LowVig 2) and counts every other book once', () => {
    expect([sharpWeight('pinnacle'), sharpWeight('lowvig'), sharpWeight('draftkings'), sharpWeight('constructor')]).toEqual([3, 2, 1, 1]);
    const result = consensus(reference, others, line('sharp'));
    const fair = [reference, ...others].map((book) => devigBy(implied(book), 'multiplicative')[0]!);
    const fairKc = (fair[0]! * 1 + fair[1]! * 3 + fair[2]! * 1 + fair[3]! * 2) / 7;
    expect(result.consensusBooks).toBe(4);
    expect(result.outcomes[0]!.fairProbability).toBe(round6(fairKc));
    // Pinnacle and LowVig make KC the favourite: weighting them moves the line towards KC.
    expect(result.outcomes[0]!.fairProbability!).toBeGreaterThan(consensus(reference, others).outcomes[0]!.fairProbability!);
  });

  it('sharp with a method weights that method’s fair probabilities', () => {
    const result = consensus(reference, others, line('sharp+power'));
    const fair = [reference, ...others].map((book) => devigBy(implied(book), 'power')[1]!);
    expect(result.outcomes[1]!.fairProbability).toBe(round6((fair[0]! + fair[1]! * 3 + fair[2]! + fair[3]! * 2) / 7));
  });

  it('sharp over books the table does not name is the plain consensus', () => {
    const plain = [twoWay('fanduel', -105, -115), twoWay('betmgm', -120, 100)];
    expect(consensus(reference, plain, line('sharp'))).toEqual(consensus(reference, plain));
  });

  it('a book whose market the method refuses does not join; the reference book’s refused leaves no consensus, saying why', () => {
    const longShot = threeWay('fanduel', -2000, 900, 10000); // additive would take more than the long shot's 0.0099
    const fine = threeWay('draftkings', -400, 400, 900);
    const joined = consensus(fine, [longShot, threeWay('betmgm', -380, 380, 950)], line('additive'));
    expect(joined.consensusBooks).toBe(2);
    expect(joined.refused).toBeUndefined();
    const refused = consensus(longShot, [fine], line('additive'));
    expect(refused.consensusBooks).toBe(0);
    expect(refused.outcomes.every((o) => o.fairProbability === null)).toBe(true);
    expect(refused.refused).toMatch(/^The additive method cannot price this market: the outcome at position 3/);
  });

  it('property: on any line and weights, the result does not depend on the order of the books', () => {
    const names = [...SHARP_BOOK_WEIGHTS.keys(), 'fanduel', 'betmgm', 'bovada'];
    const book = fc.record({ home: validAmericanOdds, away: validAmericanOdds, name: fc.constantFrom(...names) });
    fc.assert(
      fc.property(
        book,
        fc.uniqueArray(book, { selector: (b) => b.name, maxLength: 8 }),
        fc.constantFrom('sharp', 'sharp+shin', 'worst_case'),
        (ref, rest, text) => {
          const books = rest.filter((b) => b.name !== 'ref').map((b) => twoWay(b.name, b.home, b.away));
          const first = consensus(twoWay('ref', ref.home, ref.away), books, line(text));
          expect(consensus(twoWay('ref', ref.home, ref.away), [...books].reverse(), line(text))).toEqual(first);
        },
      ),
    );
  });
});
