// The targets of issue 34, each with the ratio this run measured: the summary `npm run bench` prints last. Ratios
// only: the rows themselves are in the tables above it, and nothing here fails a run.

export const TARGETS = {
  rest: ['REST calc_no_vig_odds ÷ trivial route (throughput)', 0.8],
  mcpModern: ['MCP calc_no_vig_odds 2026-07-28 ÷ trivial route', 0.75],
  mcpLegacy: ['MCP calc_no_vig_odds 2025-11-25 ÷ trivial route', 0.75],
  nflAfresh: ['REST get_game_odds, NFL week afresh ÷ trivial route', 0.5],
  collegeAfresh: ['REST get_game_odds, college week (60 games) first page afresh ÷ trivial route', 0.4],
  runtimeRest: ['Node 24 ÷ Node 20, REST calc_no_vig_odds', 1.25],
  runtimeNfl: ['Node 24 ÷ Node 20, REST get_game_odds NFL week afresh', 1.25],
} as const satisfies Record<string, readonly [string, number]>;

export type TargetKey = keyof typeof TARGETS;

/** What a run found for a target: the measured ratio, or why it was not measured. */
export type Measured = Partial<Record<TargetKey, number | string>>;

export function printTargets(measured: Measured): void {
  console.log('\nTargets (issue 34), by throughput\n');
  console.log('| target | goal | measured | |');
  console.log('|---|---:|---:|---|');
  for (const [key, [name, goal]] of Object.entries(TARGETS) as [TargetKey, readonly [string, number]][]) {
    const found = measured[key] ?? 'not measured in this run (BENCH_ONLY)';
    const verdict = typeof found === 'number' ? (found >= goal ? 'met' : 'not met') : found;
    // Three places, so a ratio just under its goal does not read as the goal.
    console.log(`| ${name} | ≥ ${goal} | ${typeof found === 'number' ? found.toFixed(3) : '–'} | ${verdict} |`);
  }
}
