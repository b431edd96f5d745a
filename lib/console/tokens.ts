import { z } from 'zod';
import type { Tokens } from '@/lib/account/tokens';
import { fieldErrors, formValues, type FieldErrors } from './forms';
import { nameField } from './name-field';
import { connectionSnippets, type Snippet } from './snippets';
import { EXPIRY_CHOICES } from './token-expiry';

// The Connect page's token work, for the signed-in user only: every query is scoped by the session's user
// id, never by an id the browser sends alone, so a guessed or forged token id finds nothing.

const TOKEN_FIELDS = ['name', 'scope', 'expiry'] as const;

const tokenForm = z.object({
  name: nameField('Give the token a name, such as the app or machine that will use it.'),
  scope: z.enum(['read', 'write'], { error: 'Choose read-only or write.' }),
  expiry: z.enum(EXPIRY_CHOICES, { error: 'Choose when the token expires.' }),
});

export type CreateTokenState =
  | { status: 'idle' }
  | { status: 'invalid'; errors: FieldErrors; values: Record<(typeof TOKEN_FIELDS)[number], string> }
  | {
      status: 'created';
      token: string;
      name: string;
      scope: 'read' | 'write';
      expiresAt: string | null;
      /** The connection snippets with this token filled in, for as long as it is on screen. */
      snippets: Snippet[];
    };

export async function createTokenFromForm(
  tokens: Tokens,
  owner: { userId: string; appOrigin: string; now: Date },
  form: FormData,
): Promise<CreateTokenState> {
  const values = formValues(form, TOKEN_FIELDS);
  const parsed = tokenForm.safeParse(values);
  if (!parsed.success) return { status: 'invalid', errors: fieldErrors(parsed.error), values };
  const { name, scope, expiry } = parsed.data;
  const created = await tokens.create({
    userId: owner.userId,
    name,
    scope,
    expiresInDays: expiry === 'never' ? undefined : Number(expiry),
    now: owner.now,
  });
  return {
    status: 'created',
    token: created.token,
    name: created.name,
    scope: created.scope,
    expiresAt: created.expiresAt?.toISOString() ?? null,
    snippets: connectionSnippets(owner.appOrigin, created.token),
  };
}

export type RevokeTokenState = { status: 'idle' } | { status: 'revoked'; name: string } | { status: 'not_found' };

/** Revokes one of the user's own tokens; another user's id is answered exactly like an unknown one. */
export async function revokeTokenFromForm(tokens: Tokens, userId: string, form: FormData, now: Date): Promise<RevokeTokenState> {
  const { tokenId } = formValues(form, ['tokenId']);
  if (tokenId === '') return { status: 'not_found' };
  const token = await tokens.revoke(userId, tokenId, now);
  return token ? { status: 'revoked', name: token.name } : { status: 'not_found' };
}

export type TokenStatus = 'live' | 'revoked' | 'expired';

export async function listTokenRows(tokens: Tokens, userId: string, now: Date) {
  return (await tokens.list(userId)).map((token) => {
    const status: TokenStatus = token.revokedAt ? 'revoked' : token.expiresAt && token.expiresAt <= now ? 'expired' : 'live';
    return { ...token, status };
  });
}
