'use server';

import { revalidatePath } from 'next/cache';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { endAllSessions } from '@/lib/auth/revocation';
import { requireUser } from '@/lib/auth/session';
import { config } from '@/lib/config';
import { formValues } from '@/lib/console/forms';
import { createTokenFromForm, revokeTokenFromForm, type CreateTokenState, type RevokeTokenState } from '@/lib/console/tokens';
import { db } from '@/lib/db';
import { disconnectApp } from '@/lib/oauth/grants';

// Server actions check the session themselves (the proxy's check does not cover a forged POST), and act
// only on the signed-in user's own tokens.

export async function createTokenAction(_previous: CreateTokenState, form: FormData): Promise<CreateTokenState> {
  const user = await requireUser();
  const state = await createTokenFromForm(db(), { userId: user.id, appOrigin: config().appOrigin, now: new Date() }, form);
  if (state.status === 'created') revalidatePath('/connect');
  return state;
}

export async function revokeTokenAction(_previous: RevokeTokenState, form: FormData): Promise<RevokeTokenState> {
  const user = await requireUser();
  const state = await revokeTokenFromForm(db(), user.id, form, new Date());
  if (state.status === 'revoked') revalidatePath('/connect');
  return state;
}

/** Disconnects one of the user's OAuth apps: its grant, refresh tokens and access tokens are revoked at once. */
export async function disconnectAppAction(form: FormData): Promise<void> {
  const user = await requireUser();
  const { grantId } = formValues(form, ['grantId']);
  if (grantId) await disconnectApp(db(), user.id, grantId, new Date());
  revalidatePath('/connect');
}

/** next-auth's session cookie, over http and https. */
const SESSION_COOKIES = ['next-auth.session-token', '__Secure-next-auth.session-token'];

/** "Sign out everywhere": ends every session of the account on the server side (copied cookies too), then this one's cookie. */
export async function signOutEverywhereAction(): Promise<void> {
  const user = await requireUser();
  await endAllSessions(user.id);
  const jar = await cookies();
  for (const name of SESSION_COOKIES) jar.delete(name);
  redirect('/signin');
}
