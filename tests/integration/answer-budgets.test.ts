import { countTokens as claudeTokens } from '@anthropic-ai/tokenizer';
import { countTokens as openAiTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import type { Sport } from '@/lib/data/sports';
import { seedSlate } from '../../bench/slate';
import { loadCollegeWeek } from '../helpers/college-week';
import {
  arbitrageQuestion,
  CALCULATOR_CALLS,
  leagueCalls,
  lowHoldQuestion,
  middlesQuestion,
  propsLowHoldQuestion,
  valueQuestion,
  propsValueQuestion,
  type ToolCall,
} from '../helpers/default-calls';
import type { TestDatabase } from '../helpers/fixtures';
import { raw } from '../helpers/http';
import { testApp } from '../helpers/test-app';
import { toolServices } from '../helpers/tool-context';
import { initializeMessage, legacy, modern } from './mcp/support';
import { loadTodaysSample } from '../helpers/clock';

// What an agent pays for each answer, counted with a real tokenizer: Claude's (@anthropic-ai/tokenizer) and
// OpenAI's o200k (gpt-tokenizer). Every tool's default answer stays inside 8,000 tokens, the value question over
// a league's week inside 4,000, and tools/list with the instructions inside 7,000 (what every conversation
// pays before its first question). On the sample slate, the bench slate (every game at ten books, a moved NFL
// week) and a 60-game college week at ten books. Token counts are deterministic: this is a test, not a bench.

const ANSWER_BUDGET = 8_000;
const VALUE_BUDGET = 4_000;
const CATALOGUE_BUDGET = 7_000;

const tokens = (text: string) => ({ claude: claudeTokens(text), openAi: openAiTokens(text) });

interface Slate {
  name: string;
  sports: Sport[];
  load: (db: TestDatabase['db']) => Promise<unknown>;
}

const SLATES: Slate[] = [
  { name: 'sample', sports: ['nfl', 'nba', 'epl'], load: (db) => loadTodaysSample(db) },
  { name: 'bench', sports: ['nfl', 'nba', 'epl'], load: (db) => seedSlate(db) },
  { name: 'college week', sports: ['ncaaf'], load: (db) => loadCollegeWeek(db) },
];

/** The longest texts a user's ledger may hold, so the bet and pick lists are measured at their largest. */
const LONG = (words: string) => `${words} `.repeat(600);

describe.each(SLATES)('answer budgets on the $name slate', ({ sports, load }) => {
  let token: string;
  const sizes: { call: string; claude: number; openAi: number }[] = [];
  const app = testApp('sqlite', {
    seed: async (database) => {
      await load(database.db);
      const userId = await database.user('budget@example.com', {
        balance: 5000,
        unit: 50,
        maxStake: 200,
        dailyLossLimit: 500,
        weeklyLossLimit: 1500,
      });
      token = (await database.token(userId, 'write')).token;
      // A hundred and fifty bets and picks with the longest notes, reasoning and risks the tools accept; each bet at a
      // price past every book's, so list_bets flags every one it shows (priceFlags, priceNote).
      // A game still to start: picks are saved before kick-off.
      const [game] = await database.db.game.findMany({
        where: { sport: sports[0], status: 'scheduled', startsAt: { gt: new Date(Date.now() + 3_600_000) } },
        orderBy: { startsAt: 'asc' },
        take: 1,
      });
      const home = (await database.db.team.findUniqueOrThrow({ where: { id: game!.homeTeamId } })).abbreviation;
      const { ledger } = toolServices(database.db);
      for (let n = 0; n < 150; n++) {
        const wager = { sport: sports[0]!, gameId: game!.id, market: 'h2h', selection: home, americanOdds: -110 - n, book: 'fanduel' };
        const now = new Date();
        await ledger.recordBet({
          userId,
          clientLabel: 'Claude Code',
          now,
          defaultBook: 'draftkings',
          bet: { ...wager, americanOdds: 5000 + n, stake: 10, notes: LONG('note').slice(0, 2000) },
        });
        await ledger.recordRecommendation({
          userId,
          clientLabel: 'Claude Code',
          now,
          defaultBook: 'draftkings',
          pick: {
            ...wager,
            probability: 0.55,
            stakeUnits: 1,
            reasoning: LONG('reason').slice(0, 5000),
            risks: LONG('risk').slice(0, 5000),
          },
        });
      }
    },
  });

  async function answer(
    name: string,
    args: Record<string, unknown>,
  ): Promise<{ data: Record<string, unknown>; claude: number; openAi: number }> {
    const res = await raw(app.server.port, {
      path: `/api/v1/tools/${name}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    expect(res.status, `${name} ${JSON.stringify(args).slice(0, 200)}: ${res.body.slice(0, 300)}`).toBe(200);
    const { data } = res.json() as { data: Record<string, unknown> };
    // What an MCP client's model reads: the text item, which is this JSON.
    const counted = tokens(JSON.stringify(data));
    sizes.push({ call: `${name} ${JSON.stringify(args).slice(0, 120)}`, ...counted });
    return { data, ...counted };
  }

  const withinBudget = (counted: { claude: number; openAi: number }, budget: number, call: string) => {
    expect(counted.claude, `${call}: ${counted.claude} Claude tokens`).toBeLessThanOrEqual(budget);
    expect(counted.openAi, `${call}: ${counted.openAi} OpenAI tokens`).toBeLessThanOrEqual(budget);
  };

  it("answers the value question over each league's week, of games and of props, inside 4,000 tokens, with the value itself", async () => {
    for (const sport of sports) {
      for (const [tool, args] of [valueQuestion(sport), propsValueQuestion(sport)]) {
        const value = await answer(tool, args);
        withinBudget(value, VALUE_BUDGET, `${sport} ${tool} value`);
        expect(value.data).not.toHaveProperty('games');
        expect(value.data).not.toHaveProperty('props');
        expect(Array.isArray(value.data.value)).toBe(true);
      }
    }
  });

  it("answers a game's alternate lines inside 8,000 tokens a page, at the game with the most of them", async () => {
    for (const sport of sports) {
      // The game holding the most alternate prices (the sample's ladders at up to six books) of those an hour or more
      // from kick-off, so still priced by all of them while the test runs (a game under way is priced only by prices
      // since its kick-off); the college week has none.
      const stored = await app.database.db.alternatePrice.findMany({
        where: { game: { sport, status: 'scheduled', startsAt: { gt: new Date(Date.now() + 60 * 60_000) } } },
        select: { gameId: true },
      });
      const perGame = new Map<string, number>();
      for (const { gameId } of stored) perGame.set(gameId, (perGame.get(gameId) ?? 0) + 1);
      const most = [...perGame].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
      const [game] = most
        ? [{ id: most }]
        : await app.database.db.game.findMany({ where: { sport, status: 'scheduled' }, orderBy: { startsAt: 'asc' }, take: 1 });
      const found = await answer('get_game_odds', { sport, gameId: game.id, alternates: true });
      withinBudget(found, ANSWER_BUDGET, `${sport} alternates`);
      expect(found.data).not.toHaveProperty('games');
      const lines = (found.data.alternates as unknown[]).length;
      if (most) expect(lines).toBeGreaterThan(0);
      else expect(lines).toBe(0);
      expect(lines).toBeLessThanOrEqual(20);
    }
  });

  it("answers the arbitrage question over each league's week inside 4,000 tokens, with the arbitrages alone", async () => {
    for (const sport of sports) {
      const [tool, args] = arbitrageQuestion(sport);
      const found = await answer(tool, args);
      withinBudget(found, VALUE_BUDGET, `${sport} arbitrage`);
      expect(found.data).not.toHaveProperty('games');
      expect(Array.isArray(found.data.arbitrages)).toBe(true);
    }
  });

  it("answers the low-hold question over each league's week, of games and of props, inside 4,000 tokens, arbitrages then low-hold markets", async () => {
    for (const sport of sports) {
      for (const [tool, args] of [lowHoldQuestion(sport), propsLowHoldQuestion(sport)]) {
        const found = await answer(tool, args);
        withinBudget(found, VALUE_BUDGET, `${sport} ${tool} low hold`);
        expect(found.data).not.toHaveProperty('games');
        expect(found.data).not.toHaveProperty('props');
        expect(Array.isArray(found.data.lowHold)).toBe(true);
      }
    }
  });

  it("answers the middles question over each league's week inside 4,000 tokens, with the middles alone", async () => {
    for (const sport of sports) {
      const [tool, args] = middlesQuestion(sport);
      const found = await answer(tool, args);
      withinBudget(found, VALUE_BUDGET, `${sport} middles`);
      expect(found.data).not.toHaveProperty('games');
      expect(Array.isArray(found.data.middles)).toBe(true);
    }
  });

  it("answers a league's futures inside 4,000 tokens, every team of a title market on the first page", async () => {
    for (const sport of sports) {
      const call = `get_game_odds futures ${sport}`;
      const futures = await answer('get_game_odds', { sport, futures: true });
      withinBudget(futures, VALUE_BUDGET, call);
      for (const market of futures.data.futures as { field: number; teams: unknown[] }[])
        expect(market.teams, call).toHaveLength(market.field);
    }
  });

  it("keeps every tool's default answer inside 8,000 tokens", async () => {
    for (const sport of sports) {
      for (const [name, args] of await leagueCalls(app.database.db, sport))
        withinBudget(await answer(name, args), ANSWER_BUDGET, `${name} ${JSON.stringify(args)}`);
    }
    const [game] = await app.database.db.game.findMany({ where: { sport: sports[0], status: 'scheduled' }, take: 1 });
    const side = (await app.database.db.team.findUniqueOrThrow({ where: { id: game!.homeTeamId } })).abbreviation;
    const book: ToolCall[] = [
      ...CALCULATOR_CALLS,
      ['get_bankroll', {}],
      ['list_bets', {}],
      ['list_recommendations', {}],
      [
        'save_recommendation',
        {
          sport: sports[0],
          gameId: game!.id,
          market: 'h2h',
          selection: side,
          americanOdds: 250,
          probability: 0.3,
          reasoning: LONG('r').slice(0, 5000),
          risks: LONG('k').slice(0, 5000),
        },
      ],
    ];
    for (const [name, args] of book) withinBudget(await answer(name, args), ANSWER_BUDGET, name);
    const logged = await answer('log_bet', {
      sport: sports[0],
      gameId: game!.id,
      market: 'h2h',
      selection: side,
      americanOdds: 250,
      stake: 10,
      notes: LONG('n').slice(0, 2000),
    });
    withinBudget(logged, ANSWER_BUDGET, 'log_bet');
    const betId = (logged.data.bet as { id: string }).id;
    withinBudget(await answer('settle_bet', { betId, result: 'void' }), ANSWER_BUDGET, 'settle_bet');
  });

  it('keeps a page of bets log_bet warned of the price of, with the longest notes, inside 8,000 tokens, each flagged', async () => {
    // The open ones, the seed's: another test logs a bet of its own and voids it.
    const page = await answer('list_bets', { status: 'open' });
    withinBudget(page, ANSWER_BUDGET, 'list_bets flagged');
    const bets = page.data.bets as { priceFlags?: string[] }[];
    expect(bets).toHaveLength(20);
    for (const bet of bets) expect(bet.priceFlags).toContain('above_books');
    expect(page.data.priceNote).toEqual(expect.any(String));
  });

  it('reports the sizes it measured', () => {
    // One line per answer, largest first, for whoever tunes a page size next.
    for (const size of [...sizes].sort((a, b) => b.claude - a.claude).slice(0, 5))
      console.log(`${size.claude} Claude / ${size.openAi} OpenAI tokens: ${size.call}`);
    expect(sizes.length).toBeGreaterThan(10);
  });
});

describe('the catalogue every conversation reads', () => {
  let token: string;
  const app = testApp('sqlite', {
    seed: async (database) => {
      token = (await database.token(await database.user('list@example.com'), 'read')).token;
    },
  });

  it('what a model is shown of MCP tools/list, and the instructions, fit 7,000 tokens', async () => {
    const listed = await modern(app.server.port, token, 'tools/list');
    expect(listed.status).toBe(200);
    const { tools } = (listed.json() as { result: { tools: Record<string, unknown>[] } }).result;
    expect(tools).toHaveLength(20);
    // A host builds a model's tool from these (docs/contract.md, "The catalogue"); outputSchema serves the
    // client's check of structuredContent and _meta the host's views, and neither reaches the model.
    const result = tools.map(({ name, title, description, inputSchema, annotations }) => ({
      name,
      title,
      description,
      inputSchema,
      annotations,
    }));
    const initialized = await legacy(app.server.port, token, initializeMessage('2025-11-25'));
    const data = /^data: (.*)$/m.exec(initialized.body)?.[1];
    const { instructions } = (JSON.parse(data!) as { result: { instructions: string } }).result;
    const catalogue = tokens(JSON.stringify(result));
    const rules = tokens(instructions);
    console.log(
      `tools/list ${catalogue.claude} + instructions ${rules.claude} Claude tokens (${catalogue.openAi} + ${rules.openAi} OpenAI)`,
    );
    expect(catalogue.claude + rules.claude).toBeLessThanOrEqual(CATALOGUE_BUDGET);
    expect(catalogue.openAi + rules.openAi).toBeLessThanOrEqual(CATALOGUE_BUDGET);
  });
});
