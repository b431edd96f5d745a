import { NO_STORE } from '@/lib/http/errors';
import { oauthError } from '@/lib/oauth/http';
import { forThisHost } from '../wellknown';

export const dynamic = 'force-dynamic';

// OpenAI's app submission proves control of the MCP server's domain by fetching this path and comparing the
// body with the token it showed (docs/listing.md): the token alone, as plain text. Unset, a JSON 404 like
// every other /.well-known/ document this service does not have.
export function GET(request: Request): Response {
  const cfg = forThisHost(request);
  if (cfg instanceof Response) return cfg;
  if (!cfg.OPENAI_APPS_CHALLENGE) {
    return oauthError(404, 'not_found', 'No OpenAI domain-verification token is set here: the operator sets OPENAI_APPS_CHALLENGE.');
  }
  return new Response(cfg.OPENAI_APPS_CHALLENGE, { headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE } });
}
