import { describe, expect, it } from 'vitest';
import {
  ARBITRAGE,
  BEST_PRICE,
  CONSENSUS_FIELDS,
  CONSENSUS_RULES,
  DEVIG_METHODS,
  EXCHANGE_COMMISSION,
  LOSS_LIMIT_ROOM,
  MOVEMENT,
  ONE_SIDED_BRIEF,
  REFERENCE_BOOK,
  STEAM,
  VALUE_SCAN,
} from '@/lib/contract-definitions';
import { PROP_MARKET_NAMES } from '@/lib/betting/prop-grading';
import { BOOKMAKERS } from '@/lib/data/books';
import { SPORT_INFO, SPORTS } from '@/lib/data/sports';
import { NOTES } from '@/lib/tools/notes';
import { PROMPTS } from '@/lib/tools/prompts';
import { HELPLINE, PAST_LIMITS_RULE, STAKE_CAPS_RULE } from '@/lib/responsible-gambling';
import { GUIDE, guideFor } from '@/lib/tools/guide';
import { calcEv, calcKellyStake } from '@/lib/tools/calculators';
import { logBet } from '@/lib/tools/bets';
import { getPlayerProps } from '@/lib/tools/player-props';

// The knowledge notes and prompts carry rules agents act on: their URIs must stay stable and the rules
// the contract fixes must be in them as docs/contract.md ("Instructions", "Odds: the no-vig consensus") states them.

const note = (slug: string) => {
  const found = NOTES.find((candidate) => candidate.uri === `jev://notes/${slug}`);
  if (!found) throw new Error(`no note ${slug}`);
  return found.text;
};

describe('knowledge notes', () => {
  it('are at least six, with unique, stable jev://notes/<slug> URIs named after their slug', () => {
    expect(NOTES.length).toBeGreaterThanOrEqual(6);
    expect(new Set(NOTES.map((n) => n.uri)).size).toBe(NOTES.length);
    for (const { uri, name, text } of NOTES) {
      expect(uri).toBe(`jev://notes/${name}`);
      expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(text.startsWith('# ')).toBe(true);
    }
  });

  it('state the consensus rules and what consensusBooks 0 and 1 mean', () => {
    const text = note('no-vig-consensus');
    expect(text).toContain("exactly the reference book's outcomes at the reference book's lines");
    expect(text).toContain('multiplicative method');
    expect(text).toContain('averaged across the joining books');
    expect(text).toMatch(/\*\*1\*\*: only the reference book's own no-vig line/);
    expect(text).toMatch(/\*\*0\*\*: no consensus[\s\S]*one-sided markets/);
    // Exchanges join like any book, at their prices net of their fee, whose rates the note lists.
    expect(text).toContain("an exchange's or prediction market's net of its fee");
    expect(text).toMatch(/\| `betfair_ex_uk` \| share of net winnings \| 5% \|/);
    expect(text).toMatch(/\| `kalshi` \| per contract, rate × p × \(1 − p\) \| 7% \|/);
  });

  it("quote the contract's definitions from lib/contract-definitions.ts, as docs/contract.md carries them", () => {
    const consensus = note('no-vig-consensus');
    for (const definition of [
      REFERENCE_BOOK,
      CONSENSUS_RULES,
      CONSENSUS_FIELDS,
      BEST_PRICE,
      VALUE_SCAN,
      ARBITRAGE,
      MOVEMENT,
      STEAM,
      DEVIG_METHODS,
      EXCHANGE_COMMISSION,
    ]) {
      expect(consensus).toContain(definition);
    }
    expect(note('kelly-staking')).toContain(LOSS_LIMIT_ROOM);
    expect(getPlayerProps.description).toContain(ONE_SIDED_BRIEF);
  });

  it('state the staking caps, the parlay rule, the injury caveat, the sourcing rules and the helpline', () => {
    expect(note('kelly-staking')).toMatch(/max stake[\s\S]*daily and weekly loss limits/);
    expect(note('parlay-correlation')).toMatch(/two legs from one game, suggest \*\*no stake\*\*/);
    expect(note('injury-reports')).toMatch(/about twice a day and does not cover game-day inactives/);
    expect(note('data-sources')).toMatch(/unverified context/);
    expect(note('data-sources')).toMatch(/Social media is never\s+a source/);
    expect(note('responsible-gambling')).toContain(HELPLINE);
  });

  it('name every book whose key does not read as its name, so an agent tells the user Caesars, not williamhill_us', () => {
    const squeeze = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
    for (const book of BOOKMAKERS) {
      const named = note('answers').includes(`\`${book.key}\` is ${book.name}`);
      expect(named, book.key).toBe(squeeze(book.key) !== squeeze(book.name));
    }
  });
});

describe('prompts', () => {
  it('are the three jobs, each naming the rules it walks through', () => {
    expect(PROMPTS.map((prompt) => prompt.name)).toEqual(['analyse_game', 'find_prop_value', 'review_bets']);
    const game = PROMPTS[0]!.render({ sport: 'nba', gameId: 'g1' });
    expect(game).toContain('nba game g1');
    for (const rule of ['get_bankroll', 'calc_kelly_stake', 'get_injury_report', 'updatedAgo', 'unverified context']) {
      expect(game).toContain(rule);
    }
  });

  it('check their arguments: ids are required, dates are YYYY-MM-DD', () => {
    const [game, props, review] = PROMPTS;
    expect(game!.argsSchema.safeParse({ sport: 'nfl' }).success).toBe(false);
    expect(props!.argsSchema.safeParse({ sport: 'nfl', gameId: 'g1' }).success).toBe(true);
    expect(review!.argsSchema.safeParse({ from: '2026-11-01', to: '2026-11-21' }).success).toBe(true);
    expect(review!.argsSchema.safeParse({ from: '11/01/2026', to: '2026-11-21' }).success).toBe(false);
  });

  it("take a prop market only of the game's league, by key or name, and say which are (before: an NFL market for an NBA game)", () => {
    const props = PROMPTS.find((prompt) => prompt.name === 'find_prop_value')!;
    const issues = (args: Record<string, unknown>) =>
      props.argsSchema.safeParse(args).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];
    // Every league's markets have a name; every league against every market key and name: accepted exactly where it has it.
    for (const league of SPORTS)
      expect(
        SPORT_INFO[league].propMarkets.filter((key) => !PROP_MARKET_NAMES[key]),
        league,
      ).toEqual([]);
    for (const league of SPORTS) {
      for (const key of Object.keys(PROP_MARKET_NAMES)) {
        const has = SPORT_INFO[league].propMarkets.includes(key);
        for (const market of [key, PROP_MARKET_NAMES[key]!]) {
          const found = issues({ sport: league, gameId: `${league}-20261122-a-b`, market });
          if (has) {
            expect(found, `${league} ${market}`).toEqual([]);
            expect(props.render(props.argsSchema.parse({ sport: league, gameId: 'g1', market }))).toContain(`markets ["${key}"]`);
          } else {
            expect(found, `${league} ${market}`).toHaveLength(1);
            expect(found[0], `${league} ${market}`).toMatch(new RegExp(`^market: ${market} is not a prop market of the `));
            expect(found[0], `${league} ${market}`).toContain(`(${key} is the `);
          }
        }
      }
    }
    expect(issues({ sport: 'nba', gameId: 'nba-20261122-bos-nyk', market: 'passing yards' })).toEqual([
      "market: passing yards is not a prop market of the NBA (player_pass_yds is the NFL's and the NCAA football's): the NBA's " +
        'are player_points (points), player_rebounds (rebounds) and player_assists (assists)',
    ]);
    expect(issues({ sport: 'nba', gameId: 'g1', market: 'touchdowns galore' })[0]).toMatch(
      /^market: touchdowns galore is not a prop market of the NBA: /,
    );
    // A league the tools do not know, and a game id of another league, in either game prompt.
    expect(issues({ sport: 'cricket', gameId: 'g1' })).toEqual([`sport: must be one of ${SPORTS.join(', ')}`]);
    for (const prompt of PROMPTS.filter((candidate) => candidate.name !== 'review_bets')) {
      expect(
        prompt.argsSchema.safeParse({ sport: 'nba', gameId: 'nfl-20261122-buf-kc' }).error?.issues.map((issue) => issue.message),
      ).toEqual(['nfl-20261122-buf-kc is a game of the NFL, not of the NBA: pass sport nfl']);
    }
  });

  it('review_bets asks only for what the record holds: single bets, no parlays to separate (before: "Separate single bets from parlays")', () => {
    const review = PROMPTS.find((prompt) => prompt.name === 'review_bets')!.render({ from: '2026-11-01', to: '2026-11-21' });
    expect(review).not.toMatch(/separate|same-game parlays/i);
    expect(review).toContain('The record holds single bets only: log_bet records no parlays');
  });
});

describe('the staking rules', () => {
  it('are one text: the instructions, the Kelly note, the prompts and the tool descriptions quote it and name the capped figures', () => {
    const prompts = PROMPTS.map((prompt) => prompt.render({ sport: 'nba', gameId: 'g1', from: '2026-11-01', to: '2026-11-21' }));
    for (const text of [GUIDE.instructions, note('kelly-staking'), prompts[0]!, prompts[1]!]) {
      expect(text).toContain(STAKE_CAPS_RULE);
      expect(text).toContain('cappedStakeUnits');
    }
    expect(GUIDE.instructions).toContain(PAST_LIMITS_RULE);
    expect(note('kelly-staking')).toContain(PAST_LIMITS_RULE);
    expect(calcKellyStake.description).toContain('cappedStakeUnits');
  });
});

describe('the rules text', () => {
  it('names the write tools of the catalogue it is served with, and has no such rule when it has none', () => {
    expect(GUIDE.instructions).toMatch(/\n\n7\. Call log_bet, settle_bet and save_recommendation only when the user asks;[^\n]*$/);
    expect(guideFor([calcEv, logBet]).instructions).toMatch(/\n\n7\. Call log_bet only when the user asks;[^\n]*$/);
    const readOnly = guideFor([calcEv]).instructions;
    expect(readOnly).not.toContain('\n\n7.');
    expect(readOnly.endsWith('Betting is for adults of legal age where it is legal.')).toBe(true);
  });
});
