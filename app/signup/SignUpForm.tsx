'use client';

import Link from 'next/link';
import { signIn } from 'next-auth/react';
import { useState, type FormEvent } from 'react';
import { errorId, FieldError } from '@/app/components/FieldError';
import { formValues, type FieldErrors } from '@/lib/console/forms';
import { signUpAction } from './actions';

export function SignUpForm({ minPasswordLength }: { minPasswordLength: number }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setFormError('');
    // A request that fails (the service or its database not answering) rejects rather than answering.
    const result = await signUpAction(form).catch(() => undefined);
    if (result === undefined) {
      setPending(false);
      setFormError('Your account could not be created: the service is not answering. Nothing was saved; try again in a moment.');
      return;
    }
    if (result.status === 'created') {
      const { email, password } = formValues(form, ['email', 'password']);
      // The account exists: a sign-in that fails here leaves the sign-in page to try again.
      const signedIn = await signIn('credentials', { email, password, redirect: false }).catch(() => undefined);
      window.location.assign(signedIn?.ok && !signedIn.error ? '/connect' : '/signin');
      return;
    }
    setPending(false);
    if (result.status === 'invalid') {
      setErrors(result.errors);
    } else {
      setErrors({});
      setFormError(`Too many attempts from this address. Try again in ${Math.ceil(result.retryAfterSeconds / 60)} minutes.`);
    }
  }

  const described = (name: string) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': errorId(name) } : {});

  return (
    <div className="stack">
      <form className="stack" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="name">Name (optional)</label>
          <input id="name" name="name" type="text" autoComplete="name" {...described('name')} />
          <FieldError name="name" message={errors.name} />
        </div>
        <div className="field">
          <label htmlFor="email">Email</label>
          <input id="email" name="email" type="email" autoComplete="email" required {...described('email')} />
          <FieldError name="email" message={errors.email} />
        </div>
        <div className="field">
          <label htmlFor="password">Password</label>
          <p className="hint" id="password-hint">
            At least {minPasswordLength} characters.
          </p>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={minPasswordLength}
            aria-describedby={errors.password ? `password-hint ${errorId('password')}` : 'password-hint'}
            aria-invalid={errors.password ? true : undefined}
          />
          <FieldError name="password" message={errors.password} />
        </div>
        <p className="form-error" aria-live="assertive">
          {formError}
        </p>
        <div className="actions">
          <button type="submit" disabled={pending}>
            {pending ? 'Creating…' : 'Create account'}
          </button>
        </div>
      </form>
      <p>
        Already have an account? <Link href="/signin">Sign in</Link>.
      </p>
    </div>
  );
}
