import { describe, expect, it } from 'vitest';
import { ToolError } from '@/lib/errors';
import { parseArguments } from '@/lib/tools/inputs';
import { findTool } from '../../helpers/catalogue';

// An unknown argument is refused with the argument it was likely meant as, when one stands out: an agent reads
// "fairProbability" in an odds answer and sends it to calc_kelly_stake, whose argument is "probability".

function issuesOf(toolName: string, args: Record<string, unknown>) {
  try {
    parseArguments(findTool(toolName)!.input, args);
  } catch (error) {
    if (error instanceof ToolError) return error.toJSON().issues;
    throw error;
  }
  throw new Error(`${toolName} took ${JSON.stringify(args)}`);
}

const unknown = (path: string, meant?: string) => ({
  path,
  message: `is not an argument of this tool${meant ? `; did you mean ${meant}?` : ''}`,
});

describe('unknown arguments', () => {
  it('name the argument meant: one inside the other, the same but for case and separators, a letter or two away', () => {
    expect(issuesOf('calc_kelly_stake', { americanOdds: 748, fairProbability: 0.12, bankroll: 1000 })).toContainEqual(
      unknown('fairProbability', 'probability'),
    );
    const bet = { sport: 'nfl', market: 'h2h', selection: 'KC', stake: 10 };
    expect(issuesOf('log_bet', { ...bet, game_id: 'nfl-1', americanOdds: -110 })).toContainEqual(unknown('game_id', 'gameId'));
    expect(issuesOf('log_bet', { ...bet, gameId: 'nfl-1', americanOds: -110 })).toContainEqual(unknown('americanOds', 'americanOdds'));
    expect(issuesOf('log_bet', { ...bet, gameId: 'nfl-1', odds: -110 })).toContainEqual(unknown('odds', 'americanOdds'));
  });

  it('name the argument meant inside a list of objects', () => {
    const legs = [{ american_odds: -110 }, { americanOdds: 150 }];
    expect(issuesOf('calc_parlay', { legs })).toContainEqual(unknown('legs.0.american_odds', 'americanOdds'));
  });

  it('name nothing when no argument stands out, or when the one it resembles was sent too', () => {
    expect(issuesOf('calc_implied_probability', { americanOdds: 150, extra: 1 })).toEqual([unknown('extra')]);
    expect(issuesOf('calc_kelly_stake', { americanOdds: 150, probability: 0.5, fairProbability: 0.5, bankroll: 100 })).toEqual([
      unknown('fairProbability'),
    ]);
  });
});
