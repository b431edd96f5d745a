import { bankrollCompact } from './bankroll-compact';
import { bankrollSection, betsSection, chartsSection } from './bankroll-sections';
import { startBankroll, type BankrollState } from './bankroll-state';
import { frame } from './frame';
import type { ViewSpec } from './run';

// Bankroll and bets: the balance and the user's limits with the room left under each (and a raise or removal still
// cooling off, from get_bankroll's note), open exposure, the bets with their summary, and two charts: the balance
// after each settled bet and the cumulative profit. Drawn for get_bankroll or list_bets; the view asks the host for
// the other, and for every settled bet the charts need. Its state and calls are in bankroll-state.ts, the compact
// inline form in bankroll-compact.tsx, full screen in bankroll-sections.tsx.

export const bankroll: ViewSpec<BankrollState> = {
  title: 'Bankroll and bets',
  start: startBankroll,
  render(state, env, update) {
    return frame({
      title: 'Bankroll and bets',
      lead: `Times in ${env.timeZone}.`,
      notes: [],
      body:
        env.display.mode === 'inline' ? (
          bankrollCompact(state, env, update)
        ) : (
          <>
            {bankrollSection(state.bankroll, env)}
            {chartsSection(state, env)}
            {betsSection(state, env, update)}
          </>
        ),
      env,
    });
  },
};
