import { isWellFormedToken, TOKEN_PREFIX } from '@/lib/account/token-format';
import type { LiveToken, Tokens } from '@/lib/account/tokens';
import { ToolError } from '@/lib/errors';

/** Where tokens are made (docs/contract.md, "Authentication"). */
const CONNECT_PAGE_HINT = 'Create one on the Connect page.';

export const MISSING_TOKEN_MESSAGE = `Send an access token as a Bearer token (Authorization: Bearer ${TOKEN_PREFIX}...). ${CONNECT_PAGE_HINT}`;
/** A Bearer token sent that is not shaped like ours: said apart from a missing one, so the caller fixes the token it has. */
export const MALFORMED_TOKEN_MESSAGE = `The Bearer token in the Authorization header is not a JEV access token (mistyped, cut short or another service's). ${MISSING_TOKEN_MESSAGE}`;
export const DEAD_TOKEN_MESSAGE = `This access token is unknown, revoked or expired. ${CONNECT_PAGE_HINT.replace('one', 'a new one')}`;

/**
 * Step 3: a token must be present and shaped like ours. No database read. No Bearer token (no header, another scheme,
 * the word alone) is a missing one; one not shaped like ours (another service's, cut short, with a space in it) is
 * malformed.
 */
export function bearerToken(headers: Headers): string {
  const sent = /^Bearer(?:\s+(.*))?$/is.exec((headers.get('authorization') ?? '').trim())?.[1]?.trim();
  if (!sent) throw new ToolError('invalid_token', MISSING_TOKEN_MESSAGE);
  if (!isWellFormedToken(sent)) throw new ToolError('invalid_token', MALFORMED_TOKEN_MESSAGE);
  return sent;
}

/** Step 5: the token must be live; its owner is who the tools act for. */
export async function authenticate(tokens: Tokens, token: string, now: Date): Promise<LiveToken> {
  const live = await tokens.find(token, now);
  if (!live) throw new ToolError('invalid_token', DEAD_TOKEN_MESSAGE);
  tokens.noteUsed(live.id, now);
  return live;
}
