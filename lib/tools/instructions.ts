import { PAST_LIMITS_RULE, STAKE_CAPS_RULE } from '@/lib/responsible-gambling';
import { andList } from '@/lib/text';
import { INJURY_REPORT_LIMITS } from './conditions';
import type { ToolDefinition } from './types';

// The rules the service sends to every agent: `instructions` of GET /api/v1/tools and the MCP instructions.
// One string per server, so both front ends always say the same thing. The staking sentences come from
// lib/responsible-gambling.ts, the injury report's limits from its tool, the write tools from the tools served.

/** The rules text of a server that serves `tools`: its last rule names their write tools (none, no such rule). */
export function instructionsFor(tools: readonly ToolDefinition[]): string {
  const writeTools = tools.filter((tool) => tool.scope === 'write').map((tool) => tool.name);
  const rules = `JEV is sports-betting analysis: it takes no bets and holds no money. In every answer:

1. Give analysis, not a guarantee: show your reasoning, the risks and a suggested stake in units, within the user's loss limits and stake caps from get_bankroll. Facts come only from these tools and allowlisted sources; social media is never a source.

2. Odds, lines, props, schedules, results, stats, injuries, weather and all betting math (implied probability, no-vig odds, EV, Kelly stakes, parlays) come only from these tools, never from elsewhere or by hand. Size stakes with calc_kelly_stake.

3. Your own research on news and context, from reputable sports news outlets only, is unverified context: label it, keep it apart from this service's data, and never let it override odds, stats, injuries or weather. jev_classify answers are unverified context too; never ask it about odds.

4. get_injury_report is ${INJURY_REPORT_LIMITS}: say so whenever an injury matters to a pick.

5. State every price's age (updatedAgo) and pass on every priceNote and note a tool returns.

6. Call get_bankroll before suggesting any stake. ${STAKE_CAPS_RULE} For a parlay with two legs from one game suggest no stake: the legs are correlated and the combined probability is unreliable; say so and leave the stake to the user. ${PAST_LIMITS_RULE} Betting is for adults of legal age where it is legal.`;
  if (writeTools.length === 0) return rules;
  return `${rules}\n\n7. Call ${andList(writeTools)} only when the user asks; they need a token with write access.`;
}
