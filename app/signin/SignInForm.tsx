'use client';

import Link from 'next/link';
import { signIn } from 'next-auth/react';
import { useState, type FormEvent } from 'react';
import type { OAuthProviderId } from '@/lib/auth/options';
import { SIGN_IN_UNAVAILABLE, TOO_MANY_ATTEMPTS } from '@/lib/auth/signin-errors';
import { formValues } from '@/lib/console/forms';

const PROVIDER_NAMES: Record<OAuthProviderId, string> = { github: 'GitHub', google: 'Google' };

/** One message for every refusal, so the form never tells whether an email has an account. */
const REFUSED = 'The email or password is not right.';

function messageFor(error: string | undefined): string {
  if (!error) return '';
  if (error === TOO_MANY_ATTEMPTS) return 'Too many sign-in attempts from here. Wait a few minutes and try again.';
  if (error === 'CredentialsSignin') return REFUSED;
  if (error === SIGN_IN_UNAVAILABLE) return 'Signing in is not possible right now. Try again in a minute.';
  return 'Signing in did not work. Try again, or use another way to sign in.';
}

export function SignInForm(props: { callbackUrl: string; providers: OAuthProviderId[]; providerError?: string }) {
  const [error, setError] = useState(messageFor(props.providerError));
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError('');
    const { email, password } = formValues(form, ['email', 'password']);
    const result = await signIn('credentials', {
      email,
      password,
      redirect: false,
    });
    if (result?.ok && !result.error) {
      // A full load, so that every server component renders with the new session.
      window.location.assign(props.callbackUrl);
      return;
    }
    setPending(false);
    setError(messageFor(result?.error ?? 'CredentialsSignin'));
  }

  return (
    <div className="stack">
      <form className="stack" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="email">Email</label>
          <input id="email" name="email" type="email" autoComplete="email" required />
        </div>
        <div className="field">
          <label htmlFor="password">Password</label>
          <input id="password" name="password" type="password" autoComplete="current-password" required />
        </div>
        <p className="form-error" aria-live="assertive">
          {error}
        </p>
        <div className="actions">
          <button type="submit" disabled={pending}>
            {pending ? 'Signing in…' : 'Sign in'}
          </button>
        </div>
      </form>
      {props.providers.length > 0 && (
        <div className="stack">
          <p className="muted">Or sign in with</p>
          <div className="actions">
            {props.providers.map((id) => (
              <button key={id} type="button" className="secondary" onClick={() => signIn(id, { callbackUrl: props.callbackUrl })}>
                {PROVIDER_NAMES[id]}
              </button>
            ))}
          </div>
        </div>
      )}
      <p>
        No account yet? <Link href="/signup">Create one</Link>.
      </p>
    </div>
  );
}
