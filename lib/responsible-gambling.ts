// Responsible gambling in words, written once: the helpline, the line under every page and view, and the staking
// rules. The agent instructions (lib/tools/instructions.ts), get_bankroll's notes, the MCP prompts, the knowledge
// notes, log_bet's warnings and the pages all quote these sentences, so they cannot drift apart.
// Below both lib/account and lib/tools: it imports nothing.

export const HELPLINE = '1-800-522-4700 in the US';
/** The helpline's number as a link: the MCP Apps views ask the host to open it. */
export const HELPLINE_LINK = 'tel:+18005224700';

/** The responsible-gambling line up to the helpline, which the views draw as a link. */
export const RESPONSIBLE_GAMBLING_LEAD = 'Analysis only: JEV takes no bets and holds no money. 21+ where legal. Gambling problem? Call';
/** The line under every console page and every MCP Apps view. */
export const RESPONSIBLE_GAMBLING_LINE = `${RESPONSIBLE_GAMBLING_LEAD} ${HELPLINE}.`;

/** The stake caps. calc_kelly_stake applies all three when the user has a bankroll stored: quote its capped figures. */
export const STAKE_CAPS_RULE =
  "Never suggest more than calc_kelly_stake returns, the user's max stake, or the room left under the daily and weekly loss limits; " +
  'quote the capped figures calc_kelly_stake returns (cappedStake in money, cappedStakeUnits in units), which already apply all three.';

/** What to do when the user wants to go past a limit. */
export const PAST_LIMITS_RULE = `If the user asks to bet past their limits, decline and refer them to a problem-gambling helpline: ${HELPLINE}.`;
