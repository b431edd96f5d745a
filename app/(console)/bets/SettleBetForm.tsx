'use client';

import { useActionState, useState } from 'react';
import { errorId, FieldError } from '@/app/components/FieldError';
import { SETTLE_RESULTS, type SettleResult } from '@/lib/account/bet-states';
import type { SettleBetState } from '@/lib/console/bets';
import { settleBetAction } from './actions';

const LABELS: Record<SettleResult, string> = {
  auto: 'Auto (from the final score)',
  won: 'Won',
  lost: 'Lost',
  push: 'Push',
  void: 'Void',
  cashout: 'Cashed out',
};

/** Settle one open bet, after a confirmation in place: settling moves the balance and cannot be changed. */
export function SettleBetForm({ betId, label }: { betId: string; label: string }) {
  const [state, formAction, pending] = useActionState(settleBetAction, { status: 'idle' } as SettleBetState);
  const [result, setResult] = useState<string>('auto');
  const [confirming, setConfirming] = useState(false);

  if (state.status === 'settled') return <p role="status">Settled: {state.result}.</p>;
  const errors = state.status === 'invalid' ? state.errors : {};
  const id = (name: string) => `${name}-${betId}`;
  return (
    <form action={formAction} className="stack">
      <input type="hidden" name="betId" value={betId} />
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
          <span>Settle as {LABELS[result as keyof typeof LABELS]}? This moves the balance and cannot be changed.</span>
          <button type="submit" disabled={pending}>
            Yes, settle
          </button>
          <button type="button" className="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className="secondary" onClick={() => setConfirming(true)}>
          Settle…
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
