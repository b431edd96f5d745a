import { NO_STORE } from '@/lib/http/errors';

// How the OAuth endpoints answer: JSON always (never a redirect to the sign-in page, never HTML, which
// MCP clients would fail to parse), no-store, no CORS headers. Errors are RFC 6749 §5.2 objects.

export function oauthJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...NO_STORE, Pragma: 'no-cache', ...headers } });
}

export function oauthError(status: number, error: string, description: string, headers: Record<string, string> = {}): Response {
  return oauthJson({ error, error_description: description }, status, headers);
}
