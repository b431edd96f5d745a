'use client';

import { useActionState, useState } from 'react';
import { errorId, FieldError } from '@/app/components/FieldError';
import { SETTLE_RESULTS, statusLabel, type SettleResult } from '@/lib/account/bet-states';
import type { SettleBetState } from '@/lib/console/bets';
import { settleBetAction } from './actions';

const LABELS: Record<SettleResult, string> = {
  auto: 'Auto (from the final score)',
  won: 'Won',
  lost: 'Lost',
  push: 'Push',
  half_won: 'Half won (quarter line, half pushed)',
  half_lost: 'Half lost (quarter line, half pushed)',
  void: 'Void',
  cashout: 'Cashed out',
};

/**
 * Settle one open bet, or correct a settled one's grade, after a confirmation in place. The rules are settle_bet's
 * (lib/account/bets.ts): won, lost and push once the game is final; a correction moves the balance by the difference.
 */
export function SettleBetForm({ betId, label, correcting = false }: { betId: string; label: string; correcting?: boolean }) {
  const [state, formAction, pending] = useActionState(settleBetAction, { status: 'idle' } as SettleBetState);
  const [result, setResult] = useState<string>('auto');
  const [confirming, setConfirming] = useState(false);

  if (state.status === 'settled')
    return (
      <p role="status">
        {state.corrected ? 'Corrected' : 'Settled'}: {statusLabel(state.result)}.
      </p>
    );
  const errors = state.status === 'invalid' ? state.errors : {};
  const id = (name: string) => `${name}-${betId}`;
  return (
    <form action={formAction} className="stack">
      <input type="hidden" name="betId" value={betId} />
      {correcting && <input type="hidden" name="correct" value="true" />}
      <div className="field">
        <label htmlFor={id('result')}>
          Result
          <span className="visually-hidden">
            {' '}
            of <bdi>{label}</bdi>
          </span>
        </label>
        <select id={id('result')} name="result" value={result} onChange={(event) => setResult(event.target.value)}>
          {SETTLE_RESULTS.map((choice) => (
            <option key={choice} value={choice}>
              {LABELS[choice]}
            </option>
          ))}
        </select>
        <FieldError name={id('result')} message={errors.result} />
      </div>
      {result === 'cashout' && (
        <div className="field">
          <label htmlFor={id('payout')}>Payout</label>
          <input id={id('payout')} name="payout" inputMode="decimal" aria-describedby={errorId(id('payout'))} />
          <FieldError name={id('payout')} message={errors.payout} />
        </div>
      )}
      {confirming ? (
        <div className="actions">
          <span>
            {correcting
              ? `Correct the grade to ${LABELS[result as keyof typeof LABELS]}? The balance moves by the difference; the earlier grade is kept.`
              : `Settle as ${LABELS[result as keyof typeof LABELS]}? This moves the balance; only a deliberate correction changes it later.`}
          </span>
          <button type="submit" disabled={pending}>
            {correcting ? 'Yes, correct' : 'Yes, settle'}
          </button>
          <button type="button" className="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className="secondary" onClick={() => setConfirming(true)}>
          {correcting ? 'Correct…' : 'Settle…'}
          <span className="visually-hidden">
            {' '}
            <bdi>{label}</bdi>
          </span>
        </button>
      )}
      {state.status === 'refused' && <p className="field-error">{state.message}</p>}
    </form>
  );
}
