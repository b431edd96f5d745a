import { describe, expect, it } from 'vitest';
import { gameView } from '@/lib/apps/game';
import { SAMPLE_NOTE } from '@/lib/data/sample/note';
import { RESPONSIBLE_GAMBLING_LINE } from '@/lib/responsible-gambling';
import { GAME_ID } from '../../helpers/view-answers.mjs';
import { answer, byAttr, drive, ENV, fakeHost, find, findAll, numbersIn, settle, textOf } from './support';

// The game view on its own, drawn for get_game_odds about one game: everything it shows is asked for through
// the host in full (the model's answer stays the concise one).

describe('the game view', () => {
  it('asks for the game in full with its history, the injuries and the weather, and draws every figure of the answer', async () => {
    const host = fakeHost({ get_game_odds: answer('game-full'), get_injury_report: answer('injuries'), get_weather: answer('weather') });
    const view = drive(gameView, { sport: 'nfl', gameId: GAME_ID }, answer('game'), host);
    expect(textOf(view.render())).toContain('Loading the odds');
    expect(host.calls).toEqual([
      { name: 'get_game_odds', args: { sport: 'nfl', gameId: GAME_ID, detail: 'full', history: true } },
      { name: 'get_injury_report', args: { sport: 'nfl', gameId: GAME_ID } },
      { name: 'get_weather', args: { gameId: GAME_ID } },
    ]);
    await settle();
    const tree = view.render();
    const game = answer('game-full').games[0];
    for (const market of game.markets) {
      const rows = findAll(find(tree, byAttr('id', `markets-${GAME_ID}`)), byAttr('data-market', market.market));
      expect(rows.map((row) => numbersIn(row))).toEqual(
        market.outcomes.map((o: any) =>
          [
            o.americanOdds,
            o.fairProbability,
            ...(o.best ? [o.best.americanOdds, o.best.expectedValue] : []),
            o.fairProbabilityChange,
          ].filter((n) => n != null),
        ),
      );
      for (const [index, outcome] of market.outcomes.entries()) {
        expect(textOf(rows[index]!)).toContain(outcome.updatedAgo);
        if (outcome.opening) expect(textOf(rows[index]!)).toContain(outcome.opening.ago);
      }
      if (market.arbitrage) expect(textOf(tree)).toContain(market.arbitrage.note);
    }
    expect(textOf(find(tree, byAttr('data-sample')))).toBe(SAMPLE_NOTE);
    expect(textOf(tree)).toContain('The injury report is updated about twice a day');
    expect(textOf(tree)).toContain(RESPONSIBLE_GAMBLING_LINE);
  });

  it("draws a quarter-line arbitrage with each leg's line and the return of every result", async () => {
    const full = structuredClone(answer('game-full'));
    const [home, away] = full.games[0].markets[1].outcomes.map((outcome: { outcome: string }) => outcome.outcome);
    full.games[0].markets[1].arbitrage = {
      impliedSum: 0.952381,
      returnFraction: 0.025,
      legs: [
        { outcome: home, point: -0.25, book: 'fanduel', americanOdds: 110, stakeShare: 0.5, updatedAgo: '5 minutes ago' },
        { outcome: away, point: 0.25, book: 'lowvig', americanOdds: 110, stakeShare: 0.5, updatedAgo: '5 minutes ago' },
      ],
      returns: [
        { result: `${away} by 1 or more`, returnFraction: 0.05 },
        { result: 'draw', returnFraction: 0.025 },
        { result: `${home} by 1 or more`, returnFraction: 0.05 },
      ],
      note: 'Never risk-free.',
    };
    const host = fakeHost({ get_game_odds: full, get_injury_report: answer('injuries'), get_weather: answer('weather') });
    const view = drive(gameView, { sport: 'nfl', gameId: GAME_ID }, answer('game'), host);
    await settle();
    const text = textOf(view.render());
    expect(text).toContain('Arbitrage at worst 2.50%');
    expect(text).toContain(`${home} -0.25 +110 at fanduel`);
    expect(text).toContain(`${away} +0.25 +110 at lowvig`);
    expect(text).toContain(`By result: ${away} by 1 or more 5.00%; draw 2.50%; ${home} by 1 or more 5.00%.`);
  });

  it("shows an exchange's net prices, each with its price as quoted beside it", async () => {
    const full = structuredClone(answer('game-full'));
    full.referenceBook = 'betfair_ex_uk';
    const market = full.games[0].markets[0];
    const [first] = market.outcomes;
    Object.assign(first, { americanOdds: 105, beforeCommission: 110 });
    first.best = { ...first.best, book: 'kalshi', americanOdds: 108, beforeCommission: 115 };
    first.opening = { ...first.opening, americanOdds: -105, beforeCommission: 100 };
    market.arbitrage = {
      impliedSum: 0.98,
      returnFraction: 0.02,
      legs: market.outcomes.map((outcome: { outcome: string }, index: number) => ({
        outcome: outcome.outcome,
        book: 'betfair_ex_uk',
        americanOdds: 105,
        ...(index === 0 ? { beforeCommission: 110 } : {}),
        stakeShare: 0.5,
        updatedAgo: '5 minutes ago',
      })),
      note: 'Never risk-free.',
    };
    const host = fakeHost({ get_game_odds: full, get_injury_report: answer('injuries'), get_weather: answer('weather') });
    const view = drive(gameView, { sport: 'nfl', gameId: GAME_ID }, answer('game'), host);
    await settle();
    const tree = view.render();
    const row = findAll(find(tree, byAttr('id', `markets-${GAME_ID}`)), byAttr('data-market', market.market))[0]!;
    expect(findAll(row, byAttr('data-quoted')).map(textOf)).toEqual(['quoted +110', 'quoted +115']);
    expect(textOf(row)).toContain('-105 (quoted +100)');
    // The figures stay the net prices the answer gives.
    expect(numbersIn(row).slice(0, 1)).toEqual([105]);
    const name = (outcome: string) => outcome.toUpperCase();
    const text = textOf(tree);
    expect(text).toContain(`${name(market.outcomes[0].outcome)} +105 (quoted +110) at betfair_ex_uk`);
    expect(text).toContain(`${name(market.outcomes[1].outcome)} +105 at betfair_ex_uk`);
  });

  it('draws a middle with its window, legs, cost on a miss, key number and chance (or that it is unknown)', async () => {
    const full = structuredClone(answer('game-full'));
    const [home, away] = full.games[0].markets[1].outcomes.map((outcome: { outcome: string }) => outcome.outcome);
    const middle = {
      window: `${home} by 3`,
      keyNumbers: [3],
      chance: 0.3,
      finals: 250,
      impliedSum: 1.069767,
      worstReturnFraction: -0.065217,
      windowReturnFraction: 0.869565,
      legs: [
        { outcome: home, point: -2.5, book: 'fanduel', americanOdds: -115, stakeShare: 0.5, updatedAgo: '5 minutes ago' },
        { outcome: away, point: 3.5, book: 'lowvig', americanOdds: -115, stakeShare: 0.5, updatedAgo: '5 minutes ago' },
      ],
      returns: [],
    };
    const drawn = async (chance: number | null) => {
      full.games[0].markets[1].middle = { ...middle, chance };
      const host = fakeHost({ get_game_odds: full, get_injury_report: answer('injuries'), get_weather: answer('weather') });
      const view = drive(gameView, { sport: 'nfl', gameId: GAME_ID }, answer('game'), host);
      await settle();
      return textOf(view.render());
    };
    const text = await drawn(0.3);
    expect(text).toContain(`Middle ${home} by 3, -6.52% on a miss`);
    expect(text).toContain(`${home} -2.5 -115 at fanduel (50.0% of the stake); ${away} +3.5 -115 at lowvig (50.0% of the stake).`);
    expect(text).toContain('Inside: 86.96%, key number 3; 30.0% of stored finals landed inside.');
    expect(await drawn(null)).toContain('chance unknown (too few finals stored)');
  });

  it("shows the game's own note: under way, that its prices are those confirmed since kick-off (before: left out)", async () => {
    const full = structuredClone(answer('game-full'));
    const note = 'In play: no price confirmed since kick-off; pre-game prices are no longer on offer.';
    Object.assign(full.games[0], { status: 'in_progress', priceNote: note, markets: [] });
    const host = fakeHost({ get_game_odds: full, get_injury_report: answer('injuries'), get_weather: answer('weather') });
    const view = drive(gameView, { sport: 'nfl', gameId: GAME_ID }, answer('game'), host);
    await settle();
    expect(textOf(find(view.render(), (node) => node.attrs['aria-label'] === 'Notes from JEV'))).toContain(note);
  });

  it('draws at phone width: the charts fit the width they are given', async () => {
    const host = fakeHost({ get_game_odds: answer('game-full'), get_injury_report: answer('injuries'), get_weather: answer('weather') });
    const view = drive(gameView, { sport: 'nfl', gameId: GAME_ID }, answer('game'), host, { ...ENV, timeZone: 'UTC', width: 320 });
    await settle();
    for (const svg of findAll(view.render(), (node) => node.tag === 'svg')) expect(Number(svg.attrs.width)).toBeLessThanOrEqual(320);
  });
});
