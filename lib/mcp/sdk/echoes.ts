// Written for the SDK release in ./version.ts, which names the protocol version a request asked for (its
// MCP-Protocol-Version header, its envelope's version) whole in the refusals it answers with, in the message and in
// `data`: a 5,000-character header came back as 5,000 characters of error. Each long version a request sent is
// cut to its first ECHO_MAX characters wherever the SDK's 400 answer repeats it. The answer is JSON read whole.

/** Enough for any real version (2026-07-28) and for a mistyped one to be recognised. */
export const ECHO_MAX = 40;

const cut = (value: string) => `${Array.from(value).slice(0, ECHO_MAX).join('')}…`;

export async function withShortEchoes(response: Response, sent: readonly unknown[]): Promise<Response> {
  const long = sent.filter((value): value is string => typeof value === 'string' && Array.from(value).length > ECHO_MAX);
  if (long.length === 0 || response.status !== 400 || !response.headers.get('content-type')?.includes('application/json')) {
    return response;
  }
  let text = await response.text();
  // Replaced as it appears in JSON text, escapes and all, in the message and in data alike.
  for (const value of long) text = text.split(JSON.stringify(value).slice(1, -1)).join(JSON.stringify(cut(value)).slice(1, -1));
  const headers = new Headers(response.headers);
  headers.delete('content-length'); // the body's length changed
  return new Response(text, { status: response.status, headers });
}
