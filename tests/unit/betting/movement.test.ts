import { describe, expect, it } from 'vitest';
import { consensus } from '@/lib/betting/consensus';
import { consensusAt, marketsAt, moves, steam, type RecordedPrice } from '@/lib/betting/movement';

const MIN = 60_000;
const h2h = (book: string, at: number, kc: number | null, buf: number | null): RecordedPrice[] => [
  ...(kc === null ? [] : [{ book, outcome: 'KC', point: null, americanOdds: kc, at: at * MIN }]),
  ...(buf === null ? [] : [{ book, outcome: 'BUF', point: null, americanOdds: buf, at: at * MIN }]),
];
const opening = ['a', 'b', 'c', 'd'].flatMap((book) => h2h(book, 0, -150, 130));
const byTime = (rows: RecordedPrice[]) => [...rows].sort((x, y) => x.at - y.at);
const OUTCOMES = ['KC', 'BUF'];

describe('moves', () => {
  it('a shorter price moves towards its outcome; a longer one, in a two-way market, towards the other', () => {
    const rows = byTime([...opening, ...h2h('a', 100, -160, null), ...h2h('c', 125, null, 140)]);
    expect(moves(rows, OUTCOMES)).toEqual([
      { book: 'a', outcome: 'KC', at: 100 * MIN },
      { book: 'c', outcome: 'KC', at: 125 * MIN },
    ]);
  });

  it('a harder line moves towards the outcome: a spread down, an over up (and the under with it)', () => {
    const spreads: RecordedPrice[] = [
      { book: 'a', outcome: 'KC', point: -3, americanOdds: -110, at: 0 },
      { book: 'a', outcome: 'KC', point: -3.5, americanOdds: -110, at: MIN },
    ];
    expect(moves(spreads, OUTCOMES)).toEqual([{ book: 'a', outcome: 'KC', at: MIN }]);
    const totals: RecordedPrice[] = [
      { book: 'a', outcome: 'over', point: 44.5, americanOdds: -110, at: 0 },
      { book: 'a', outcome: 'under', point: 44.5, americanOdds: -110, at: 0 },
      { book: 'a', outcome: 'over', point: 45.5, americanOdds: -110, at: MIN },
      { book: 'a', outcome: 'under', point: 45.5, americanOdds: -110, at: MIN },
    ];
    expect(moves(totals, ['over', 'under']).map((m) => m.outcome)).toEqual(['over', 'over']);
  });
});

describe('steam', () => {
  it('three books moving towards one outcome within 30 minutes is steam, with the books and the first and last move', () => {
    // a shortens KC at 100, b shortens KC and lengthens BUF at 110, c lengthens BUF at 125; d alone later.
    const rows = byTime([
      ...opening,
      ...h2h('a', 100, -160, null),
      ...h2h('b', 110, -165, 135),
      ...h2h('c', 125, null, 140),
      ...h2h('d', 200, -170, null),
    ]);
    expect(steam(rows, OUTCOMES)).toEqual({ outcome: 'KC', books: ['a', 'b', 'c'], from: 100 * MIN, to: 125 * MIN });
  });

  it('is null when the third book moves more than 30 minutes after the first, or moves the other way', () => {
    const late = byTime([...opening, ...h2h('a', 100, -160, null), ...h2h('b', 110, -165, null), ...h2h('c', 131, -165, null)]);
    expect(steam(late, OUTCOMES)).toBeNull();
    const split = byTime([...opening, ...h2h('a', 100, -160, null), ...h2h('b', 110, -165, null), ...h2h('c', 120, -140, null)]);
    expect(steam(split, OUTCOMES)).toBeNull();
    expect(steam(opening, OUTCOMES)).toBeNull();
  });

  it('reports the most recent steam when there were two', () => {
    const rows = byTime([
      ...opening,
      ...['a', 'b', 'c'].flatMap((book, i) => h2h(book, 100 + i, -160, null)),
      ...['b', 'c', 'd'].flatMap((book, i) => h2h(book, 300 + i * 10, null, 110)), // BUF shortens at three books
    ]);
    expect(steam(rows, OUTCOMES)).toEqual({ outcome: 'BUF', books: ['b', 'c', 'd'], from: 300 * MIN, to: 320 * MIN });
  });
});

describe('consensusAt', () => {
  const rows = byTime([...opening, ...h2h('a', 100, -160, null)]);

  it("is the consensus from each book's last recorded prices at that moment", () => {
    const before = consensusAt(rows, 99 * MIN, 'a', OUTCOMES);
    const after = consensusAt(rows, 100 * MIN, 'a', OUTCOMES);
    // Before: four books at -150/+130; after: a at -160/+130, three at -150/+130.
    const fairKc = (kc: number) => kc / (kc + 100) / (kc / (kc + 100) + 100 / 230);
    expect(before?.consensusBooks).toBe(4);
    expect(before?.outcomes[0]!.fairProbability).toBe(Math.round(fairKc(150) * 1e6) / 1e6);
    expect(after?.outcomes[0]!.fairProbability).toBe(Math.round(((fairKc(160) + 3 * fairKc(150)) / 4) * 1e6) / 1e6);
    expect(after).toEqual(consensus(marketsAt(rows, 100 * MIN).get('a')!, [...marketsAt(rows, 100 * MIN).values()]));
  });

  it('is null before the reference book priced every outcome', () => {
    expect(consensusAt(rows, -1, 'a', OUTCOMES)).toBeNull();
    expect(consensusAt(byTime(h2h('a', 0, -150, null)), MIN, 'a', OUTCOMES)).toBeNull();
  });
});
