'use client';

import { useActionState } from 'react';
import { CopyButton } from '@/app/components/CopyButton';
import { errorId, FieldError } from '@/app/components/FieldError';
import type { Snippet } from '@/lib/console/snippets';
import { formatDateTime } from '@/lib/present/format';
import { EXPIRY_CHOICES, EXPIRY_LABELS } from '@/lib/console/token-expiry';
import type { CreateTokenState } from '@/lib/console/tokens';
import { createTokenAction } from './actions';

/** The token form, the new token (shown once) and the connection snippets, filled in while it is shown. */
export function CreateTokenForm({ placeholderSnippets, timeZone }: { placeholderSnippets: Snippet[]; timeZone: string }) {
  const [state, formAction, pending] = useActionState(createTokenAction, { status: 'idle' } as CreateTokenState);
  const errors = state.status === 'invalid' ? state.errors : {};
  const values = state.status === 'invalid' ? state.values : { name: '', scope: 'read', expiry: '90' };
  const snippets = state.status === 'created' ? state.snippets : placeholderSnippets;
  const described = (name: string) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': errorId(name) } : {});

  return (
    <>
      <form action={formAction} className="stack card" noValidate>
        <div className="field">
          <label htmlFor="token-name">Name</label>
          <input
            id="token-name"
            name="name"
            type="text"
            defaultValue={values.name}
            placeholder="e.g. Claude Desktop on my laptop"
            {...described('name')}
          />
          <FieldError name="name" message={errors.name} />
        </div>
        <fieldset className="field" {...described('scope')}>
          <legend>Access</legend>
          <div className="choices">
            <label>
              <input type="radio" name="scope" value="read" defaultChecked={values.scope !== 'write'} /> Read-only: calculators and your
              data
            </label>
            <label>
              <input type="radio" name="scope" value="write" defaultChecked={values.scope === 'write'} /> Write: also log bets, settle bets,
              save picks
            </label>
          </div>
          <FieldError name="scope" message={errors.scope} />
        </fieldset>
        <div className="field">
          <label htmlFor="token-expiry">Expires after</label>
          <select id="token-expiry" name="expiry" defaultValue={values.expiry} {...described('expiry')}>
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {EXPIRY_LABELS[choice]}
              </option>
            ))}
          </select>
          <FieldError name="expiry" message={errors.expiry} />
        </div>
        <div className="actions">
          <button type="submit" disabled={pending}>
            {pending ? 'Creating…' : 'Create token'}
          </button>
        </div>
      </form>

      {state.status === 'created' && (
        <section className="callout" aria-labelledby="new-token-heading">
          <h3 id="new-token-heading">
            New {state.scope === 'write' ? 'write' : 'read-only'} token “<bdi>{state.name}</bdi>”
          </h3>
          <p>
            <strong>Copy it now: it will not be shown again.</strong> Only its first and last characters are kept for the list below.
          </p>
          <div className="copy-row">
            <code className="secret" data-testid="new-token">
              {state.token}
            </code>
            <CopyButton text={state.token} what="the new token" />
          </div>
          <p className="muted">
            {state.expiresAt
              ? `Expires ${formatDateTime(new Date(state.expiresAt), timeZone)}.`
              : 'Never expires; revoke it when you no longer need it.'}{' '}
            The snippets below have it filled in.
          </p>
        </section>
      )}

      <h2 id="snippets">Connect your agent</h2>
      <p className="lead">
        {state.status === 'created'
          ? 'Ready to paste, with your new token filled in.'
          : 'Create a token above and these fill in with it; until then they show a placeholder.'}
      </p>
      {snippets.map((snippet) => (
        <details key={snippet.id} className="snippet" open={state.status === 'created'}>
          <summary>{snippet.title}</summary>
          <p className="hint">{snippet.note}</p>
          <pre tabIndex={0} aria-label={`${snippet.title} snippet`}>
            <code>{snippet.code}</code>
          </pre>
          <CopyButton text={snippet.code} what={`the ${snippet.title} snippet`} />
        </details>
      ))}
    </>
  );
}
