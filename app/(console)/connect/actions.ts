'use server';

import { revalidatePath } from 'next/cache';
import { requireUser } from '@/lib/auth/session';
import { config } from '@/lib/config';
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
  const grantId = form.get('grantId');
  if (typeof grantId === 'string' && grantId) await disconnectApp(db(), user.id, grantId, new Date());
  revalidatePath('/connect');
}
