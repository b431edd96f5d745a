'use client';

import { useActionState, useState } from 'react';
import type { RevokeTokenState } from '@/lib/console/tokens';
import { revokeTokenAction } from './actions';

/** Revoke, after an explicit confirmation in place (no pop-up), for one token of the list. */
export function RevokeTokenForm({ tokenId, tokenName }: { tokenId: string; tokenName: string }) {
  const [state, formAction, pending] = useActionState(revokeTokenAction, { status: 'idle' } as RevokeTokenState);
  const [confirming, setConfirming] = useState(false);

  if (state.status === 'revoked') return <p role="status">Revoked.</p>;
  return (
    <form action={formAction} className="stack">
      <input type="hidden" name="tokenId" value={tokenId} />
      {confirming ? (
        <>
          <p>
            Revoke “<bdi>{tokenName}</bdi>”? Agents using it are refused at once. This cannot be undone.
          </p>
          <div className="actions">
            <button type="submit" className="danger" disabled={pending}>
              Yes, revoke
            </button>
            <button type="button" className="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </>
      ) : (
        <button type="button" className="secondary" onClick={() => setConfirming(true)}>
          Revoke…
          <span className="visually-hidden">
            {' '}
            <bdi>{tokenName}</bdi>
          </span>
        </button>
      )}
      {state.status === 'not_found' && <p className="field-error">You have no such token. Reload the page to see your tokens.</p>}
    </form>
  );
}
