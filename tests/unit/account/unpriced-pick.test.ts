import { describe, expect, it } from 'vitest';
import { unpricedPickWarning } from '@/lib/account/markets';

// The warning log_bet gives a pick no stored book prices: what the game's books do price, nearest the pick first, so
// a typo in the line, the player or the market can be found (tests/integration/ledger.test.ts plays it over HTTP).

const offered = [
  { market: 'h2h', player: '', outcome: 'NYG', point: null },
  { market: 'h2h', player: '', outcome: 'DAL', point: null },
  ...[-7.5, -6.5, -3.5, -3, -2.5, -1.5, 1].map((point) => ({ market: 'spreads', player: '', outcome: 'NYG', point })),
  { market: 'player_anytime_td', player: 'CeeDee Lamb', outcome: 'Yes', point: null },
];
const pick = (market: string, selection: string, point: number | null = null, player: string | null = null) => ({
  market,
  selection,
  point,
  player,
});
/** The part of the warning that says what the game has (between the first colon and "So JEV"). */
const found = (warning: string) => /^[^:]+: (.*)\. So JEV cannot check/.exec(warning)?.[1];

describe('unpricedPickWarning', () => {
  it('names the five lines nearest the one logged, in order', () => {
    expect(found(unpricedPickWarning(offered, pick('spreads', 'NYG', -4)))).toBe(
      'books price NYG (spreads) here at -6.5, -3.5, -3, -2.5 and -1.5 only',
    );
  });

  it("names the outcomes a player's market has when the selection is none of them", () => {
    const warning = unpricedPickWarning(offered, pick('player_anytime_td', 'no', null, 'CeeDee Lamb'));
    expect(found(warning)).toBe("books price CeeDee Lamb's player_anytime_td here as Yes");
    expect(warning).toContain('If the selection is a typo');
  });

  it('says when no price of the game is stored at all', () => {
    const warning = unpricedPickWarning([], pick('totals', 'over', 47.5));
    expect(warning).toMatch(/^No book JEV reads has a stored price of over 47\.5 \(totals\): no book price of this game is stored yet\./);
    expect(warning).toContain('If the market, the line or the player is a typo');
  });
});
