'use server';

import { redirect } from 'next/navigation';
import { requireUser, whileSignedIn } from '@/lib/root/session';
import { formValues } from '@/lib/console/forms';
import { answerConsent, checkAuthorizationRequest, ticketMatches } from '@/lib/oauth/authorize';
import { root } from '@/lib/root';

// The consent answer. The proxy has already refused a POST from another origin; here the session is checked,
// the whole request is checked again (nothing in the form is trusted), and the form's ticket must have been
// made for this very user and request, so no one can post an answer for someone else's request. A form whose
// request no longer checks out (a redirect_uri or client_id edited after the page was shown) is refused like one
// made for someone else: nothing is granted, and nothing is sent to an address the page did not show.

const FIELDS = ['client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method', 'resource', 'scope', 'state'];

export async function consentAction(form: FormData): Promise<void> {
  const user = await requireUser();
  const cfg = root().config;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(formValues(form, FIELDS))) if (value !== '') params[key] = value;
  const now = root().now();
  const checked = await checkAuthorizationRequest(root().db, cfg, root().clientDocuments, params, now);
  const { ticket, decision, access } = formValues(form, ['ticket', 'decision', 'access']);
  if (checked.kind === 'error-page' || !ticketMatches(root().sessionSecret(), user.id, checked.request, ticket)) {
    redirect('/oauth/authorize/refused');
  }
  const location = await whileSignedIn(
    answerConsent(root().db, cfg, {
      userId: user.id,
      client: checked.client,
      request: checked.request,
      allow: decision === 'allow',
      scope: access === 'write' ? 'write' : 'read',
      now,
    }),
  );
  redirect(location);
}
