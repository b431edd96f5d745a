import { countTokens } from '@anthropic-ai/tokenizer';
import { describe, expect, it } from 'vitest';
import { HOUR_MS, sportsDayOf } from '@/lib/time';
import { PROVIDERS } from '../helpers/fixtures';
import { finishGame } from '../helpers/games';
import { raw } from '../helpers/http';
import { testApp } from '../helpers/test-app';
import { modern } from './mcp/support';
import { loadTodaysSample } from '../helpers/clock';

// The bettor's everyday jobs, played as an agent plays them: each step reads only what the previous answers
// gave, over REST and over MCP, on the sample slate of today. Every answer must carry what the next step needs
// and what the rules ask to be said (ages, sample notes, capped stakes); each journey takes the fewest calls an
// agent needs (counted), and every answer stays inside the 8,000-token budget.

const ANSWER_BUDGET = 8_000;
type Answer = { status: 'ok'; data: any } | { status: 'error'; error: { code: string; message: string; issues: unknown[] } };

describe.each(PROVIDERS)("an agent doing a bettor's jobs on %s", (provider) => {
  let token: string;
  const app = testApp(provider, {
    seed: async (database) => {
      await loadTodaysSample(database.db);
      const userId = await database.user(`agent-${provider}@example.com`, {
        balance: 1000,
        unit: 10,
        maxStake: 50,
        dailyLossLimit: 100,
        weeklyLossLimit: 300,
        timeZone: 'Europe/London',
      });
      token = (await database.token(userId, 'write')).token;
    },
  });

  for (const frontEnd of ['REST', 'MCP'] as const) {
    describe(frontEnd, () => {
      let calls = 0;
      /** One tool call as the agent makes it: the answer, counted and held to the budget. */
      async function call(name: string, args: Record<string, unknown>): Promise<Answer> {
        calls += 1;
        if (frontEnd === 'REST') {
          const res = await raw(app.server.port, {
            path: `/api/v1/tools/${name}`,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify(args),
          });
          expect(countTokens(res.body), name).toBeLessThanOrEqual(ANSWER_BUDGET);
          const json = res.json();
          return res.status === 200 ? { status: 'ok', data: json.data } : { status: 'error', error: json.error };
        }
        const res = await modern(app.server.port, token, 'tools/call', { name, arguments: args }, { clientName: 'journey-agent' });
        const result = res.json().result;
        expect(countTokens(result.content[0].text), name).toBeLessThanOrEqual(ANSWER_BUDGET);
        return result.isError
          ? { status: 'error', error: result.structuredContent.error }
          : { status: 'ok', data: result.structuredContent };
      }
      const ok = async (name: string, args: Record<string, unknown>) => {
        const answer = await call(name, args);
        expect(answer.status, `${name} ${JSON.stringify(answer).slice(0, 300)}`).toBe('ok');
        return (answer as { data: any }).data;
      };
      /** Runs a journey and checks it took exactly the calls it needs. */
      const journey = async (fewest: number, steps: () => Promise<void>) => {
        calls = 0;
        await steps();
        expect(calls).toBe(fewest);
      };

      it('value this week with stakes: the value list, the bankroll, a capped Kelly stake for the best entry', async () => {
        await journey(3, async () => {
          const value = await ok('get_game_odds', { sport: 'nfl', minExpectedValue: 0.02 });
          expect(value.priceNote).toMatch(/Sample data/);
          expect(value.value.length).toBeGreaterThan(0);
          const best = value.value[0];
          // What the next steps and the rules need, in the entry itself.
          expect(best).toEqual(
            expect.objectContaining({ gameId: expect.any(String), book: expect.any(String), updatedAgo: expect.any(String) }),
          );
          expect(best.fairProbability).toBeGreaterThan(0);
          const bankroll = await ok('get_bankroll', {});
          const stake = await ok('calc_kelly_stake', { probability: best.fairProbability, americanOdds: best.americanOdds });
          expect(stake.cappedStake).toBeLessThanOrEqual(Math.min(bankroll.maxStake, bankroll.dailyLossRoom, bankroll.weeklyLossRoom));
          expect(Math.round(stake.cappedStakeUnits * 100)).toBeCloseTo(stake.cappedStakeUnits * 100, 9);
        });
      });

      it("tonight's fair prices in each league, on the user's own day, with the window said", async () => {
        const today = sportsDayOf(new Date(), 'Europe/London');
        await journey(3, async () => {
          for (const sport of ['nfl', 'nba', 'epl']) {
            const answer = await ok('get_game_odds', { sport, date: today });
            // The day as asked, quotable as it stands: the user's date, to inclusive, and the zone.
            expect(answer.window).toEqual({ from: today, to: today, timeZone: 'Europe/London' });
            for (const game of answer.games) expect(sportsDayOf(new Date(game.startsAt), 'Europe/London')).toBe(today);
          }
        });
      });

      it('a same-game parlay: the answer itself says its probability must not size a stake', async () => {
        await journey(2, async () => {
          const [game] = (await ok('get_game_odds', { sport: 'nfl' })).games;
          const [h2h, totals] = ['h2h', 'totals'].map((name) => game.markets.find((m: { market: string }) => m.market === name));
          const parlay = await ok('calc_parlay', {
            legs: [
              { americanOdds: h2h.outcomes[0].americanOdds, probability: h2h.outcomes[0].fairProbability, gameId: game.gameId },
              { americanOdds: totals.outcomes[0].americanOdds, probability: totals.outcomes[0].fairProbability, gameId: game.gameId },
            ],
          });
          expect(parlay.combinedProbabilityReliable).toBe(false);
          expect(parlay.correlationWarnings[0].message).toMatch(/no stake/);
        });
      });

      it("log a bet by the book's name, try to settle it before the game, then settle it when it is final", async () => {
        await journey(5, async () => {
          // Each front end bets on a game of its own (the REST run ends its game), still to start: a bet logged in play
          // has no fair probability from the pre-game prices.
          const games = (await ok('list_games', { sport: 'nba' })).games as { gameId: string; startsAt: string; status?: string }[];
          const game = games.filter((g) => g.status === undefined && new Date(g.startsAt).getTime() > Date.now() + 60_000)[
            frontEnd === 'REST' ? 0 : 1
          ]!;
          const odds = await ok('get_game_odds', { sport: 'nba', gameId: game.gameId, markets: ['h2h'] });
          const outcome = odds.games[0].markets[0].outcomes[0];
          const { bet } = await ok('log_bet', {
            sport: 'nba',
            gameId: game.gameId,
            market: 'h2h',
            selection: outcome.outcome,
            americanOdds: outcome.americanOdds,
            stake: 5,
            book: 'DraftKings',
            clientRequestId: `journey-${frontEnd}-${provider}`,
          });
          expect(bet.book).toBe('draftkings');
          expect(bet.fairProbabilityAtPlacement).toBeGreaterThan(0);
          const early = await call('settle_bet', { betId: bet.id, result: 'won' });
          expect(early.status).toBe('error');
          expect((early as { error: { message: string } }).error.message).toMatch(/not final.*void.*cashout/);
          await finishGame(app.database.db, game.gameId, 110, 100);
          const settled = await ok('settle_bet', { betId: bet.id, result: 'auto' });
          expect(['won', 'lost']).toContain(settled.status);
        });
      });

      it("props value: a game without props names games that have them, a guessed market the game's own; each prop carries the player's team", async () => {
        // The NBA: a night of ten games to come at any hour, four with props (an NFL Monday lists one game).
        await journey(5, async () => {
          const games = (await ok('list_games', { sport: 'nba' })).games as { gameId: string }[];
          const withProps = await app.database.db.price.findMany({
            where: { player: { not: '' }, game: { sport: 'nba' } },
            select: { gameId: true },
          });
          const propGames = new Set(withProps.map((row) => row.gameId));
          // A game still to come: one under way is priced only since kick-off, so its answer says that instead
          // (CI's summer moment, 23:56 UTC, has the night's first game under way).
          const toCome = await app.database.db.game.findMany({
            where: { id: { in: games.map((game) => game.gameId) }, startsAt: { gt: new Date(Date.now() + HOUR_MS) } },
            select: { id: true },
          });
          const later = new Set(toCome.map((game) => game.id));
          const bare = games.find((game) => later.has(game.gameId) && !propGames.has(game.gameId));
          expect(bare, 'the sample has an NBA game to come without props').toBeDefined();
          const none = await ok('get_player_props', { sport: 'nba', gameId: bare!.gameId });
          expect(none.props).toEqual([]);
          expect(none.priceNote, 'no markets were asked').not.toContain('markets asked');
          const named = /Games with props: ([^.]+)\./.exec(none.priceNote)?.[1]?.split(', ') ?? [];
          expect(named.length).toBeGreaterThan(0);
          const props = await ok('get_player_props', { sport: 'nba', gameId: named[0] });
          expect(props.props.length).toBeGreaterThan(0);
          for (const prop of props.props as { team?: string }[]) {
            if (prop.team !== undefined) expect(props.matchup).toContain(`(${prop.team})`);
          }
          expect(props.props.some((prop: { team?: string }) => prop.team !== undefined)).toBe(true);
          // A market key the game has no props in (a guessed name): the note names the game's own markets, not
          // other games (which would send the agent away from the game it asked about).
          const guessed = await ok('get_player_props', { sport: 'nba', gameId: named[0], markets: ['points'] });
          expect(guessed.props).toEqual([]);
          const markets = [...new Set((props.props as { market: string }[]).map((prop) => prop.market))];
          expect(guessed.priceNote).toContain(`This game has no points props stored; its prop markets are `);
          for (const market of markets) expect(guessed.priceNote).toContain(market);
          expect(guessed.priceNote).not.toContain('Games with props');
          const asked = await ok('get_player_props', { sport: 'nba', gameId: named[0], markets: [markets[0]] });
          expect(asked.props.length).toBeGreaterThan(0);
        });
      });

      it('injuries and the closing line: an empty report still has its age, a missing closing line says when it comes', async () => {
        await journey(2, async () => {
          const report = await ok('get_injury_report', { sport: 'nba' });
          expect(report.reportUpdatedAgo).toEqual(expect.any(String));
          const bets = await ok('list_bets', { status: 'open' });
          if (bets.bets.some((bet: { closingLineValue?: number }) => bet.closingLineValue === undefined)) {
            expect(bets.closingLineNote).toMatch(/once a bet's game has started/);
          }
        });
      });

      it('a request past the loss limits: the capped stake is 0 once the room is used, and the answer says why', async () => {
        const { db } = app.database;
        const userId = (await db.user.findFirstOrThrow({ where: { email: `agent-${provider}@example.com` } })).id;
        const game = await db.game.findFirstOrThrow({ where: { sport: 'nfl', status: 'scheduled' }, orderBy: { startsAt: 'desc' } });
        await journey(2, async () => {
          // Open stakes placed today use up the daily room (100): the user asks for more.
          const open = await db.bet.create({
            data: {
              userId,
              sport: 'nfl',
              gameId: game.id,
              market: 'h2h',
              selection: 'X',
              americanOdds: 100,
              stakeCents: 10_000,
              placedAt: new Date(),
            },
          });
          const room = await ok('get_bankroll', {});
          expect(room.dailyLossRoom).toBe(0);
          expect(room.note).toMatch(/helpline|1-800/i);
          const stake = await ok('calc_kelly_stake', { probability: 0.6, americanOdds: 100 });
          expect(stake.stake).toBeGreaterThan(0);
          expect(stake.cappedStake).toBe(0);
          await db.bet.delete({ where: { id: open.id } });
        });
      });

      it('arbitrage and weather for a total: the week shows any arbitrage with its legs, an outdoor game its kickoff wind', async () => {
        await journey(2, async () => {
          const week = await ok('get_game_odds', { sport: 'nfl' });
          for (const game of week.games) {
            for (const market of game.markets) {
              if (!market.arbitrage) continue;
              // The worst case: no result loses (a whole line's push returns the stake, 0), and some result gains.
              expect(market.arbitrage.returnFraction).toBeGreaterThanOrEqual(0);
              expect(market.arbitrage.returnFraction).toBeLessThanOrEqual(0.02);
              if (market.arbitrage.returnFraction === 0)
                expect(market.arbitrage.returns?.some((entry: { returnFraction: number }) => entry.returnFraction > 0)).toBe(true);
              expect(market.arbitrage.legs.length).toBe(market.outcomes.length);
            }
          }
          // Any league's: an NFL week down to its Monday night game may have no open-air game to come (Sunday night
          // US, 2026-12-07 02:1x UTC), while an EPL or college game always does.
          const outdoor = await app.database.db.game.findFirstOrThrow({
            where: { status: 'scheduled', venue: { roof: 'open' }, weather: { isNot: null } },
            orderBy: { startsAt: 'asc' },
          });
          const weather = await ok('get_weather', { gameId: outdoor.id });
          expect(weather.indoor).toBe(false);
          expect(weather.forecast).toEqual(expect.objectContaining({ windMph: expect.any(Number), updatedAgo: expect.any(String) }));
        });
      });

      it('a news claim without the classifier configured: a clear 503 saying what is missing', async () => {
        await journey(1, async () => {
          const answer = await call('jev_classify', {
            url: 'https://www.espn.com/nfl/story/_/id/1/example',
            text: 'The quarterback is expected to start on Sunday, the coach said.',
          });
          expect(answer.status).toBe('error');
          const { error } = answer as { error: { code: string; message: string } };
          expect(error.code).toBe('unavailable');
          expect(error.message).toMatch(/OPENAI_API_KEY|not configured|key/i);
        });
      });
    });
  }
});
