'use client';

import { useActionState } from 'react';
import { errorId, FieldError } from '@/app/components/FieldError';
import type { DeleteAccountState } from '@/lib/console/account-deletion';
import { deleteAccountAction } from './actions';

/** The last step of deleting an account: the email typed out, and the password when the account has one. */
export function DeleteAccountForm({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const [state, formAction, pending] = useActionState(deleteAccountAction, { status: 'idle' } as DeleteAccountState);
  const errors = state.status === 'invalid' ? state.errors : {};
  const described = (name: string, hint?: string) => {
    const ids = [hint, errors[name] ? errorId(name) : undefined].filter(Boolean).join(' ');
    return { ...(errors[name] ? { 'aria-invalid': true } : {}), ...(ids ? { 'aria-describedby': ids } : {}) };
  };
  return (
    <form action={formAction} className="stack" noValidate>
      <div className="field">
        <label htmlFor="confirm-email">Type your email to confirm</label>
        <p className="hint" id="confirm-email-hint">
          <bdi>{email}</bdi>
        </p>
        <input
          id="confirm-email"
          name="confirmEmail"
          type="email"
          autoComplete="off"
          // Kept after a refusal (React resets a form once its action is done); the password is typed again.
          defaultValue={state.status === 'invalid' ? state.confirmEmail : ''}
          {...described('confirmEmail', 'confirm-email-hint')}
        />
        <FieldError name="confirmEmail" message={errors.confirmEmail} />
      </div>
      {hasPassword && (
        <div className="field">
          <label htmlFor="delete-password">Your password</label>
          <input id="delete-password" name="password" type="password" autoComplete="current-password" {...described('password')} />
          <FieldError name="password" message={errors.password} />
        </div>
      )}
      <p className="form-error" aria-live="assertive">
        {state.status === 'rate_limited'
          ? `Too many wrong passwords from this address. Try again in ${Math.ceil(state.retryAfterSeconds / 60)} minutes.`
          : ''}
      </p>
      <div className="actions">
        <button type="submit" className="danger" disabled={pending}>
          {pending ? 'Deleting…' : 'Delete my account'}
        </button>
      </div>
    </form>
  );
}
