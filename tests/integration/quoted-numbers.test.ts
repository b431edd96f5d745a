import { describe, expect, it } from 'vitest';
import { americanToDecimal, boundedAmerican, impliedProbability, probabilityToAmerican, roundTo } from '@/lib/betting';
import { loadSample } from '@/lib/data/sample/load';
import { withoutAges } from '../helpers/ages';
import { PROVIDERS } from '../helpers/fixtures';
import { raw } from '../helpers/http';
import { testApp } from '../helpers/test-app';

// Every number an agent quotes, checked against the same fact elsewhere and against its own inputs, through the
// real server on the sample slate (SQLite and PostgreSQL, two slates: today's and the one three days on, each as
// of now). An agent reads an answer at face value and feeds its prices to the calculators and the ledger, so:
// - the same fact (a fair probability, an expected value, a price) is the same number in every answer that shows
//   it (concise, full, the value list, log_bet, list_bets), after the documented rounding;
// - a number recomputed from the answer's own inputs gives it back: EV = p × decimal − 1 from the shown p and
//   price, an arbitrage's shares and return from its legs' prices, Kelly from its inputs, the closing-line value
//   from the logged price and the shown closing probability, the ledger's summary from the bets listed;
// - a rounded number carries no float noise (0.30000000000000004) and no more places than documented.

type Json = any;

/** At most `places` decimals and no float noise. */
const roundedTo = (value: number, places: number) => Number(value.toFixed(places)) === value;
/**
 * `shown` is `exact` rounded to `places`: within half a unit in the last place, plus the half unit of the sixth place
 * a default answer's four-place figure is rounded from (the full answer's), plus float slack.
 */
const roundsTo = (shown: number, exact: number, places: number) =>
  Math.abs(shown - exact) <= 0.5 * 10 ** -places + (places < 6 ? 0.5e-6 : 0) + 1e-12;

const SLATES = [0, 3].flatMap((days) => PROVIDERS.map((provider) => [provider, days] as const));

describe.each(SLATES)('the numbers an agent quotes on %s, slate of today + %i days', (provider, days) => {
  let token: string;
  const app = testApp(provider, {
    seed: async (database) => {
      const now = new Date();
      await loadSample(database.db, new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10), now);
      const userId = await database.user(`numbers-${provider}@example.com`, {
        balance: 1000,
        unit: 10,
        maxStake: 50,
        dailyLossLimit: 100,
        weeklyLossLimit: 300,
      });
      token = (await database.token(userId, 'write')).token;
    },
  });

  async function call(name: string, args: Record<string, unknown>): Promise<Json> {
    const res = await raw(app.server.port, {
      path: `/api/v1/tools/${name}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    expect(res.status, `${name} ${res.body.slice(0, 300)}`).toBe(200);
    return res.json().data;
  }

  /** Every page of a paged answer, joined on `field`. */
  async function allPages(name: string, args: Record<string, unknown>, field: string): Promise<Json[]> {
    const items: Json[] = [];
    let cursor: string | undefined;
    do {
      const page = await call(name, { ...args, ...(cursor ? { cursor } : {}) });
      items.push(...page[field]);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return items;
  }

  /** Checks one priced outcome's own numbers: EV from its p and price, rounded to what it means. */
  function checkOutcome(where: string, outcome: Json, evPlaces: number) {
    if (outcome.fairProbability === undefined || outcome.fairProbability === null) return;
    expect(roundedTo(outcome.fairProbability, 6), `${where} fairProbability ${outcome.fairProbability}`).toBe(true);
    // The fair price is the shown probability's, so an agent converting it gets the same whole number.
    if (outcome.fairAmericanOdds !== undefined) {
      expect(outcome.fairAmericanOdds, `${where} fairAmericanOdds`).toBe(boundedAmerican(probabilityToAmerican(outcome.fairProbability)));
    }
    expect(roundedTo(outcome.expectedValue, evPlaces), `${where} expectedValue ${outcome.expectedValue}`).toBe(true);
    const ev = outcome.fairProbability * americanToDecimal(outcome.americanOdds) - 1;
    expect(roundsTo(outcome.expectedValue, ev, evPlaces), `${where} EV ${outcome.expectedValue} vs p × d − 1 = ${ev}`).toBe(true);
    if (outcome.best?.expectedValue !== undefined && outcome.best.expectedValue !== null) {
      const best = outcome.fairProbability * americanToDecimal(outcome.best.americanOdds) - 1;
      expect(roundsTo(outcome.best.expectedValue, best, evPlaces), `${where} best EV ${outcome.best.expectedValue} vs ${best}`).toBe(true);
    }
  }

  it('a fair probability and its EV are one number in the concise and full slate, the single game and the value list', async () => {
    let historiesChecked = 0;
    for (const sport of ['nfl', 'nba', 'epl']) {
      const concise = await allPages('get_game_odds', { sport }, 'games');
      const full = await allPages('get_game_odds', { sport, detail: 'full' }, 'games');
      expect(concise.map((g) => g.gameId)).toEqual(full.map((g) => g.gameId));
      const fullOutcomes = new Map<string, Json>();
      for (const game of full) {
        for (const market of game.markets) {
          for (const outcome of market.outcomes) {
            checkOutcome(`${game.gameId} ${market.market} ${outcome.outcome} full`, outcome, 6);
            fullOutcomes.set(`${game.gameId}|${market.market}|${outcome.outcome}`, outcome);
          }
        }
      }
      for (const game of concise) {
        for (const market of game.markets) {
          for (const outcome of market.outcomes) {
            const where = `${game.gameId} ${market.market} ${outcome.outcome}`;
            checkOutcome(where, outcome, 4);
            const same = fullOutcomes.get(`${game.gameId}|${market.market}|${outcome.outcome}`);
            expect(outcome.americanOdds, where).toBe(same.americanOdds);
            expect(outcome.fairProbability ?? null, where).toBe(same.fairProbability);
            expect(outcome.fairAmericanOdds ?? null, where).toBe(same.fairAmericanOdds);
            if (same.expectedValue !== null) expect(outcome.expectedValue, where).toBe(roundTo(same.expectedValue, 4));
          }
        }
      }
      // One game asked alone says what the slate says of it. The slate of today + 3 days can hold no game of a league
      // in the default window, the coming 8 days (loaded just after midnight UTC on a Friday: Monday's slate, whose EPL
      // matchday is 8.5 days on); the answer then says so.
      const [first] = full;
      if (first === undefined) {
        expect((await call('get_game_odds', { sport })).note).toMatch(/^No [A-Z]+ games with prices in that window/);
        continue;
      }
      const single = await call('get_game_odds', { sport, gameId: first.gameId, detail: 'full' });
      expect(withoutAges(single.games[0].markets)).toEqual(withoutAges(first.markets));
      // Its history ends where the answer stands: the last recorded consensus and prices are the ones shown.
      const history = await call('get_game_odds', { sport, gameId: first.gameId, history: true, detail: 'full' });
      for (const market of history.games[0].markets) {
        const last = market.history?.series.at(-1);
        if (!last || market.consensusBooks === 0) continue;
        market.history.outcomes.forEach((name: string, i: number) => {
          const outcome = market.outcomes.find((o: Json) => o.outcome === name);
          expect(last.fairProbability[i], `${first.gameId} ${market.market} ${name} history`).toBe(outcome.fairProbability);
          expect(last.americanOdds[i], `${first.gameId} ${market.market} ${name} history`).toBe(outcome.americanOdds);
        });
        historiesChecked += 1;
      }

      // The value list quotes the best price's EV against the same fair probability.
      const value = await allPages('get_game_odds', { sport, minExpectedValue: -1, minBooks: 1 }, 'value');
      for (const entry of value) {
        const outcome = fullOutcomes.get(`${entry.gameId}|${entry.market}|${entry.outcome}`);
        const where = `value ${entry.gameId} ${entry.market} ${entry.outcome}`;
        expect(entry.fairProbability, where).toBe(outcome.fairProbability);
        checkOutcome(where, entry, 4);
        const best = outcome.best ?? outcome;
        expect(entry.americanOdds, where).toBe(best.americanOdds);
        expect(entry.expectedValue, where).toBe(roundTo(best.expectedValue, 4));
      }
    }
    expect(historiesChecked).toBeGreaterThan(0);
  });

  it("a player market's fair probability and EV are one number in the concise and full props and the props value list", async () => {
    const stored = await app.database.db.price.findFirst({
      where: { player: { not: '' }, game: { sport: 'nfl' } },
      select: { gameId: true },
    });
    const concise = await allPages('get_player_props', { sport: 'nfl', gameId: stored!.gameId }, 'props');
    const full = await allPages('get_player_props', { sport: 'nfl', gameId: stored!.gameId, detail: 'full' }, 'props');
    const fullOutcomes = new Map<string, Json>();
    for (const prop of full) {
      for (const outcome of prop.outcomes) {
        checkOutcome(`${prop.player} ${prop.market} ${outcome.outcome} full`, outcome, 6);
        fullOutcomes.set(`${prop.player}|${prop.market}|${outcome.outcome}`, outcome);
      }
    }
    expect(concise.length).toBe(full.length);
    for (const prop of concise) {
      for (const outcome of prop.outcomes) {
        const where = `${prop.player} ${prop.market} ${outcome.outcome}`;
        checkOutcome(where, outcome, 4);
        const same = fullOutcomes.get(`${prop.player}|${prop.market}|${outcome.outcome}`);
        expect(outcome.fairProbability ?? null, where).toBe(same.fairProbability);
        if (same.expectedValue !== null) expect(outcome.expectedValue, where).toBe(roundTo(same.expectedValue, 4));
      }
    }
    const value = await allPages('get_player_props', { sport: 'nfl', gameId: stored!.gameId, minExpectedValue: -1, minBooks: 1 }, 'value');
    for (const entry of value) {
      const outcome = fullOutcomes.get(`${entry.player}|${entry.market}|${entry.outcome}`);
      const where = `props value ${entry.player} ${entry.market} ${entry.outcome}`;
      expect(entry.fairProbability, where).toBe(outcome.fairProbability);
      checkOutcome(where, entry, 4);
    }
  });

  it("a title market's fair probability, fair price and best price's EV agree with one another", async () => {
    for (const sport of ['nfl', 'nba', 'epl']) {
      const [market] = (await call('get_game_odds', { sport, futures: true })).futures;
      for (const team of market.teams) {
        const where = `${sport} futures ${team.team}`;
        expect(roundedTo(team.fairProbability, 6), where).toBe(true);
        expect(team.fairAmericanOdds, where).toBe(boundedAmerican(probabilityToAmerican(team.fairProbability)));
        const ev = team.fairProbability * americanToDecimal(team.best.americanOdds) - 1;
        expect(roundsTo(team.best.expectedValue, ev, 4), `${where} best EV ${team.best.expectedValue} vs ${ev}`).toBe(true);
      }
    }
  });

  it('the calculators fed the shown prices give back the shown fair probabilities, EVs and stakes', async () => {
    const [game] = await allPages('get_game_odds', { sport: 'nfl', detail: 'full', limit: 4 }, 'games');
    for (const market of game.markets) {
      if (market.consensusBooks === 0) continue;
      const priced = market.outcomes.filter((o: Json) => o.americanOdds !== null);
      for (const outcome of priced) {
        const where = `${game.gameId} ${market.market} ${outcome.outcome}`;
        expect(outcome.impliedProbability, where).toBe(roundTo(impliedProbability(outcome.americanOdds), 6));
        // calc_ev's expectedValuePercent is the odds answer's expectedValue (per unit staked), the same number; its
        // expectedValue is money on the stake (100 by default), to 4 places.
        const ev = await call('calc_ev', { probability: outcome.fairProbability, americanOdds: outcome.americanOdds });
        expect(ev.expectedValuePercent, `${where} calc_ev`).toBe(outcome.expectedValue);
        const perUnit = outcome.fairProbability * americanToDecimal(outcome.americanOdds) - 1;
        expect(roundedTo(ev.expectedValue, 4) && roundsTo(ev.expectedValue, 100 * perUnit, 4), `${where} ${ev.expectedValue}`).toBe(true);
        const kelly = await call('calc_kelly_stake', { probability: outcome.fairProbability, americanOdds: outcome.americanOdds });
        const bankroll = await call('get_bankroll', {});
        const b = americanToDecimal(outcome.americanOdds) - 1;
        const fullKelly = (b * outcome.fairProbability - (1 - outcome.fairProbability)) / b;
        expect(roundedTo(kelly.fullKellyFraction, 6) && roundsTo(kelly.fullKellyFraction, fullKelly, 6), where).toBe(true);
        const stake = fullKelly > 0 ? Math.floor(bankroll.balance * fullKelly * kelly.kellyFraction * 100 + 1e-9) / 100 : 0;
        expect(kelly.stake, where).toBe(stake);
        expect(roundedTo(kelly.stake, 2) && roundedTo(kelly.stakeUnits, 2)).toBe(true);
        expect(kelly.cappedStake, where).toBe(Math.min(stake, bankroll.maxStake, bankroll.dailyLossRoom, bankroll.weeklyLossRoom));
        expect(kelly.limits).toEqual({
          maxStake: bankroll.maxStake,
          dailyLossRoom: bankroll.dailyLossRoom,
          weeklyLossRoom: bankroll.weeklyLossRoom,
        });
      }
      // With the reference book alone in the consensus its own no-vig line is the fair line.
      if (market.consensusBooks === 1 && priced.length === market.outcomes.length) {
        const devig = await call('calc_no_vig_odds', { prices: priced.map((o: Json) => o.americanOdds) });
        priced.forEach((o: Json, i: number) => expect(o.fairProbability).toBe(roundTo(devig.outcomes[i].fairProbability, 6)));
      }
    }
  });

  it("an arbitrage's shares sum to 1 and return what it states; a low-hold market's hold is its implied sum less 1", async () => {
    for (const sport of ['nfl', 'nba', 'epl']) {
      const arbitrages = await allPages('get_game_odds', { sport, arbitrage: true, maxHold: 0.05 }, 'lowHold');
      const found = [...arbitrages, ...(await allPages('get_game_odds', { sport, arbitrage: true }, 'arbitrages'))];
      for (const entry of found) {
        const where = `${entry.gameId} ${entry.market}`;
        if (entry.legs.every((leg: Json) => leg.stakeShare !== undefined)) {
          const shares = entry.legs.reduce((sum: number, leg: Json) => sum + leg.stakeShare, 0);
          expect(Math.abs(shares - 1), `${where} shares sum ${shares}`).toBeLessThanOrEqual(entry.legs.length * 0.5e-4 + 1e-12);
          entry.legs.forEach((leg: Json) => expect(roundedTo(leg.stakeShare, 4), where).toBe(true));
        }
        if (entry.legs.every((leg: Json) => leg.point === undefined || leg.point === null)) {
          const sum = entry.legs.reduce((s: number, leg: Json) => s + 1 / americanToDecimal(leg.americanOdds), 0);
          expect(roundsTo(entry.returnFraction, 1 / sum - 1, 4), `${where} return ${entry.returnFraction} vs ${1 / sum - 1}`).toBe(true);
          if (entry.hold !== undefined) expect(roundsTo(entry.hold, sum - 1, 4), `${where} hold`).toBe(true);
          // Each leg's stake share returns the same: share × decimal = 1 + returnFraction.
          for (const leg of entry.legs) {
            const returned = leg.stakeShare * americanToDecimal(leg.americanOdds) - 1;
            expect(Math.abs(returned - entry.returnFraction), `${where} ${leg.outcome} returns ${returned}`).toBeLessThanOrEqual(
              0.5e-4 * americanToDecimal(leg.americanOdds) + 0.5e-4,
            );
          }
        }
        expect(roundedTo(entry.returnFraction, 4), where).toBe(true);
      }
    }
  });

  it("a logged bet carries the fair probability the odds showed; list_bets' closing line and summary agree with the bets", async () => {
    const games = await allPages('get_game_odds', { sport: 'nfl', detail: 'full' }, 'games');
    const game = games.find((g) => g.status === 'scheduled' && g.markets.some((m: Json) => m.market === 'h2h' && m.consensusBooks > 1));
    const logged: Json[] = [];
    for (const market of game.markets.filter((m: Json) => m.consensusBooks > 0)) {
      for (const outcome of market.outcomes.filter((o: Json) => o.americanOdds !== null)) {
        // The outcome at its shown price, as a bet and as a pick name it.
        const selection = {
          sport: 'nfl',
          gameId: game.gameId,
          market: market.market,
          selection: outcome.outcome.toLowerCase(),
          ...(outcome.point !== null ? { point: outcome.point } : {}),
          americanOdds: outcome.americanOdds,
        };
        const answer = await call('log_bet', { ...selection, stake: 7.77 });
        expect(answer.bet.fairProbabilityAtPlacement, `${market.market} ${outcome.outcome}`).toBe(outcome.fairProbability);
        logged.push({ bet: answer.bet, outcome });
        // A pick at the fair probability quotes the same expected value as the odds, to a default answer's four places.
        const { recommendation } = await call('save_recommendation', {
          ...selection,
          probability: outcome.fairProbability,
          stakeUnits: 1,
          reasoning: 'The consensus price.',
          risks: 'None beyond the usual.',
        });
        expect(recommendation.expectedValue, `pick ${market.market} ${outcome.outcome}`).toBe(roundTo(outcome.expectedValue, 4));
      }
    }
    // Settle some, then let the game start (its prices unchanged), so each bet has its closing line.
    await call('settle_bet', { betId: logged[0].bet.id, result: 'void' });
    // A cashout between the stake and what the bet pays back if it wins (a heavy favourite's pays back little more).
    const cashedOut = logged[1].bet;
    const payout = roundTo((cashedOut.stake * (1 + americanToDecimal(cashedOut.americanOdds))) / 2, 2);
    await call('settle_bet', { betId: cashedOut.id, result: 'cashout', payout });
    await app.database.db.game.update({ where: { id: game.gameId }, data: { startsAt: new Date() } });

    const listed = await call('list_bets', { limit: 100 });
    expect(listed.bets).toHaveLength(logged.length);
    for (const bet of listed.bets) {
      const { outcome } = logged.find((l) => l.bet.id === bet.id);
      const where = `${bet.market} ${bet.selection}`;
      // A voided bet never met the close: it has no closing line.
      if (bet.status === 'void') {
        expect(bet.closingFairProbability ?? bet.closingLineValue, where).toBeUndefined();
        continue;
      }
      // The closing consensus, from the same prices, is the fair probability shown at placement, to the same places.
      expect(bet.closingFairProbability, where).toBe(outcome.fairProbability);
      expect(roundedTo(bet.closingLineValue, 4), `${where} ${bet.closingLineValue}`).toBe(true);
      const clv = bet.closingFairProbability * americanToDecimal(bet.americanOdds) - 1;
      expect(roundsTo(bet.closingLineValue, clv, 4), `${where} CLV ${bet.closingLineValue} vs ${clv}`).toBe(true);
      // The closing line value of a bet at the reference price is that price's EV against the same consensus.
      expect(bet.closingLineValue, where).toBe(roundTo(outcome.expectedValue, 4));
    }
    const { summary } = listed;
    const settled = listed.bets.filter((b: Json) => b.status !== 'open');
    const cents = (values: number[]) => values.reduce((sum, v) => sum + Math.round(v * 100), 0) / 100;
    expect(summary.count).toBe(listed.bets.length);
    expect(summary.open).toBe(listed.bets.length - settled.length);
    // Every stake, open bets' included, so an open bet is never "nothing staked".
    expect(listed.bets.some((b: Json) => b.status === 'open')).toBe(true);
    expect(summary.staked).toBe(cents(listed.bets.map((b: Json) => b.stake)));
    expect(summary.profit).toBe(cents(settled.map((b: Json) => b.profit)));
    expect(summary.stakedWithAction).toBe(cents(settled.filter((b: Json) => b.status !== 'void').map((b: Json) => b.stake)));
    expect(summary.roi).toBe(roundTo(summary.profit / summary.stakedWithAction, 4));
    const clvs = listed.bets.filter((b: Json) => b.status !== 'void').map((b: Json) => b.closingLineValue);
    expect(clvs.length).toBe(listed.bets.length - 1);
    expect(summary.betsWithClosingLine).toBe(clvs.length);
    expect(summary.averageClosingLineValue).toBe(roundTo(clvs.reduce((a: number, b: number) => a + b, 0) / clvs.length, 4));
  });
});
