import { BodyTooLargeError, DEFAULT_MAX_BODY_BYTES, readTextCapped } from '@/lib/capped-body';

// One GET of a provider's JSON, bounded in time, with every failure turned into a ProviderError that says
// what went wrong and, on 429, how long to wait. Nothing from a failed call is ever half-used.

export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly options: { status?: number; retryAfterSeconds?: number; headers?: Headers } = {},
  ) {
    super(`${provider}: ${message}`);
    this.name = 'ProviderError';
  }

  get rateLimited(): boolean {
    return this.options.status === 429;
  }
}

/** Retry-After in seconds (a number or an HTTP date), at least 1 s; `fallback` when absent or unreadable. */
export function retryAfter(header: string | null, fallback: number, now = Date.now()): number {
  const value = header?.trim() ?? '';
  const seconds = /^\d+$/.test(value) ? Number(value) : Math.ceil((Date.parse(value) - now) / 1000);
  return Number.isFinite(seconds) ? Math.max(1, seconds) : fallback;
}

/** Wait after a 429 that names no Retry-After. */
const DEFAULT_BACKOFF_SECONDS = 60;

/** How a 429's message ends, so a back-off it left reads as a rate limit to whoever meets it (../fetch-claim.ts). */
export const RATE_LIMITED = 'rate limited (HTTP 429)';

/**
 * `maxBodyBytes` (PROVIDER_MAX_BODY_MB) caps the answer as it streams in: a larger one is a failed fetch,
 * and no more than the cap is ever held.
 */
export async function getJson(
  provider: string,
  url: URL,
  timeoutMs: number,
  maxBodyBytes = DEFAULT_MAX_BODY_BYTES,
): Promise<{ body: unknown; headers: Headers }> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal });
    text = await readTextCapped(response, maxBodyBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new ProviderError(provider, `${error.message} (PROVIDER_MAX_BODY_MB)`);
    if (signal.aborted) throw new ProviderError(provider, `no answer within ${timeoutMs / 1000} s`);
    throw new ProviderError(provider, `unreachable (${(error as Error).message})`);
  }
  if (response.status === 429) {
    throw new ProviderError(provider, RATE_LIMITED, {
      status: 429,
      retryAfterSeconds: retryAfter(response.headers.get('retry-after'), DEFAULT_BACKOFF_SECONDS),
      headers: response.headers,
    });
  }
  if (!response.ok) {
    throw new ProviderError(provider, `HTTP ${response.status}: ${text.slice(0, 200)}`, {
      status: response.status,
      headers: response.headers,
    });
  }
  try {
    return { body: JSON.parse(text), headers: response.headers };
  } catch {
    throw new ProviderError(provider, 'answered with malformed JSON');
  }
}
