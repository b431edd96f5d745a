'use server';

import { revalidatePath } from 'next/cache';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { endAllSessions } from '@/lib/auth/revocation';
import { SESSION_COOKIES } from '@/lib/auth/session';
import { requireUser, whileSignedIn } from '@/lib/root/session';
import { formValues } from '@/lib/console/forms';
import { createTokenFromForm, revokeTokenFromForm, type CreateTokenState, type RevokeTokenState } from '@/lib/console/tokens';
import { disconnectApp } from '@/lib/oauth/grants';
import { root } from '@/lib/root';

// Server actions check the session themselves (the proxy's check does not cover a forged POST), and act
// only on the signed-in user's own tokens.

export async function createTokenAction(_previous: CreateTokenState, form: FormData): Promise<CreateTokenState> {
  const user = await requireUser();
  const owner = { userId: user.id, appOrigin: root().config.appOrigin, now: root().now() };
  const state = await whileSignedIn(createTokenFromForm(root().tokens, owner, form));
  if (state.status === 'created') revalidatePath('/connect');
  return state;
}

export async function revokeTokenAction(_previous: RevokeTokenState, form: FormData): Promise<RevokeTokenState> {
  const user = await requireUser();
  const state = await revokeTokenFromForm(root().tokens, user.id, form, root().now());
  if (state.status === 'revoked') revalidatePath('/connect');
  return state;
}

/** Disconnects one of the user's OAuth apps: its grant, refresh tokens and access tokens are revoked at once. */
export async function disconnectAppAction(form: FormData): Promise<void> {
  const user = await requireUser();
  const { grantId } = formValues(form, ['grantId']);
  if (grantId) await disconnectApp(root().db, root().tokens, user.id, grantId, root().now());
  revalidatePath('/connect');
}

/** "Sign out everywhere": ends every session of the account on the server side (copied cookies too), then this one's cookie. */
export async function signOutEverywhereAction(): Promise<void> {
  const user = await requireUser();
  await endAllSessions(root().db, user.id, root().now());
  const jar = await cookies();
  for (const name of SESSION_COOKIES) jar.delete(name);
  redirect('/signin');
}
