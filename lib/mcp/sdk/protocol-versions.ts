// Written for the SDK release in ./version.ts, which names only one era's versions as supported: its 2025-era
// transport lists the 2025-era versions in its message, and under 2026-07-28 `data.supported` holds 2026-07-28
// alone. Every such answer names all the versions the endpoint serves, in its message and, when it has one, in
// `data.supported`. The SDK's answer is JSON read whole; only its message and data change.

/** JSON-RPC's code for a protocol version the server does not serve (2026-07-28). */
const UNSUPPORTED_VERSION = -32022;
const LIST_IN_MESSAGE = /\(supported versions: [^)]*\)/;

interface ErrorAnswer {
  error?: { code?: number; message?: string; data?: { supported?: unknown } };
}

export async function withAllVersions(response: Response, versions: readonly string[]): Promise<Response> {
  if (response.status !== 400 || !response.headers.get('content-type')?.includes('application/json')) return response;
  const answer = (await response.json()) as ErrorAnswer;
  const error = answer.error;
  const named = `(supported versions: ${versions.join(', ')})`;
  if (error && typeof error.message === 'string' && (error.code === UNSUPPORTED_VERSION || LIST_IN_MESSAGE.test(error.message))) {
    error.message = LIST_IN_MESSAGE.test(error.message) ? error.message.replace(LIST_IN_MESSAGE, named) : `${error.message} ${named}`;
    if (error.data && 'supported' in error.data) error.data.supported = [...versions];
  }
  const headers = new Headers(response.headers);
  headers.delete('content-length'); // the body's length changed
  return new Response(JSON.stringify(answer), { status: response.status, headers });
}
