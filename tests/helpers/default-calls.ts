import type { Sport } from '@/lib/data/sports';
import type { Db } from '@/lib/db/client';

// The calls whose default answers the budget test counts and the bench sizes: every read tool on a league's
// stored games (the largest prop market, a player with box scores, the first game's weather), and the
// calculators at their largest inputs. The book tools (bets, picks, the bankroll) need a user's data and are
// added by the caller.

export type ToolCall = [tool: string, args: Record<string, unknown>];

/** The value question over a league's week. */
export const valueQuestion = (sport: Sport): ToolCall => ['get_game_odds', { sport, minExpectedValue: 0.02 }];

/** The arbitrage question over a league's week. */
export const arbitrageQuestion = (sport: Sport): ToolCall => ['get_game_odds', { sport, arbitrage: true }];

/** The low-hold question over a league's week, at SharpAPI's default threshold (5%): a full page on every slate. */
export const lowHoldQuestion = (sport: Sport): ToolCall => ['get_game_odds', { sport, arbitrage: true, maxHold: 0.05 }];

/** The low-hold question over a league's week of player props, at the same threshold as the game list's. */
export const propsLowHoldQuestion = (sport: Sport): ToolCall => ['get_player_props', { sport, arbitrage: true, maxHold: 0.05 }];

/** The middles question over a league's week. */
export const middlesQuestion = (sport: Sport): ToolCall => ['get_game_odds', { sport, middles: true }];

/** The value question over a league's week of props. */
export const propsValueQuestion = (sport: Sport): ToolCall => ['get_player_props', { sport, minExpectedValue: 0.02 }];

export async function leagueCalls(db: Db, sport: Sport): Promise<ToolCall[]> {
  const [first] = await db.game.findMany({ where: { sport, status: 'scheduled' }, orderBy: { startsAt: 'asc' }, take: 1 });
  if (!first) return [];
  const games = await db.game.findMany({
    where: { sport },
    select: { id: true, _count: { select: { prices: { where: { player: { not: '' } } } } } },
  });
  const props = games.reduce<(typeof games)[number] | undefined>(
    (most, game) => (game._count.prices > (most?._count.prices ?? 0) ? game : most),
    undefined,
  );
  const statLine = await db.playerStat.findFirst({ where: { sport } });
  const home = (await db.team.findUniqueOrThrow({ where: { id: first.homeTeamId } })).abbreviation;
  return [
    ['get_game_odds', { sport }],
    ['get_game_odds', { sport, gameId: first.id }],
    ['get_game_odds', { sport, history: true }],
    // Detail on request is paged too: its first page stays inside the same budget.
    ['get_game_odds', { sport, detail: 'full' }],
    ['list_games', { sport, detail: 'full' }],
    valueQuestion(sport),
    ['get_injury_report', { sport }],
    ['list_games', { sport }],
    ['get_game_results', { sport }],
    ['get_weather', { gameId: first.id }],
    ['get_team_stats', { sport, team: home }],
    ...(props
      ? [
          ['get_player_props', { sport, gameId: props.id }] as ToolCall,
          ['get_player_props', { sport, gameId: props.id, detail: 'full' }] as ToolCall,
        ]
      : []),
    ...(statLine ? [['get_player_stats', { sport, player: statLine.player, lastN: 20 }] as ToolCall] : []),
  ];
}

const TWENTY_PRICES = Array.from({ length: 20 }, (_, n) => -110 - n * 7);

export const CALCULATOR_CALLS: ToolCall[] = [
  ['calc_implied_probability', { americanOdds: -110 }],
  ['calc_no_vig_odds', { prices: TWENTY_PRICES, compare: true }],
  ['calc_ev', { probability: 0.55, americanOdds: 110 }],
  ['calc_parlay', { legs: TWENTY_PRICES.map((americanOdds, n) => ({ americanOdds, probability: 0.5, gameId: `g${n % 2}` })) }],
  ['calc_kelly_stake', { probability: 0.55, americanOdds: 110, bankroll: 1000 }],
];
