import { isWellFormedToken, TOKEN_PREFIX } from '@/lib/account/token-format';
import type { LiveToken, Tokens } from '@/lib/account/tokens';
import { ToolError } from '@/lib/errors';

/** Where tokens are made (docs/contract.md, "Authentication"). */
const CONNECT_PAGE_HINT = 'Create one on the Connect page.';

export const MISSING_TOKEN_MESSAGE = `Send an access token as a Bearer token (Authorization: Bearer ${TOKEN_PREFIX}...). ${CONNECT_PAGE_HINT}`;
export const DEAD_TOKEN_MESSAGE = `This access token is unknown, revoked or expired. ${CONNECT_PAGE_HINT.replace('one', 'a new one')}`;

/** Step 3: a token must be present and shaped like ours. No database read. */
export function bearerToken(headers: Headers): string {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '');
  const token = match?.[1];
  if (!token || !isWellFormedToken(token)) throw new ToolError('invalid_token', MISSING_TOKEN_MESSAGE);
  return token;
}

/** Step 5: the token must be live; its owner is who the tools act for. */
export async function authenticate(tokens: Tokens, token: string, now: Date): Promise<LiveToken> {
  const live = await tokens.find(token, now);
  if (!live) throw new ToolError('invalid_token', DEAD_TOKEN_MESSAGE);
  tokens.noteUsed(live.id, now);
  return live;
}
