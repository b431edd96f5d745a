import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { createRateLimiter, type RateLimiter } from '@/lib/ratelimit';
import { findClient, registerClient, type KnownClient } from './clients';
import { OAuthFailure } from './errors';
import { exchangeCode, refreshGrant, revokeClientToken } from './grants';
import { oauthError, oauthJson } from './http';
import { mcpResourceUrl } from './metadata';

// The machine endpoints (registration, token, revocation) as plain `Request => Response` functions, so the
// routes stay one line and tests can call them. Hand-written rather than a provider library: see README
// ("Connect an MCP client"). Bodies are small and bounded; answers are JSON with RFC 6749 §5.2 errors.

const MAX_BODY = 16 * 1024;

export interface OAuthDeps {
  db: Db;
  config: Config;
  limiter?: RateLimiter;
  address: string;
  now: Date;
}

async function readBody(request: Request): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY) throw new OAuthFailure('invalid_request', 'The request body is too large.', 413);
  const text = await request.text();
  if (text.length > MAX_BODY) throw new OAuthFailure('invalid_request', 'The request body is too large.', 413);
  return text;
}

async function formOf(request: Request): Promise<URLSearchParams> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw new OAuthFailure('invalid_request', 'Send the parameters as application/x-www-form-urlencoded.');
  }
  const form = new URLSearchParams(await readBody(request));
  for (const key of new Set(form.keys())) {
    if (form.getAll(key).length > 1) throw new OAuthFailure('invalid_request', `${key} is repeated.`);
  }
  return form;
}

function failureResponse(error: unknown): Response {
  if (error instanceof OAuthFailure) {
    const headers: Record<string, string> = error.status === 401 ? { 'WWW-Authenticate': 'Bearer error="invalid_client"' } : {};
    return oauthError(error.status, error.error, error.description, headers);
  }
  console.error('[jev] OAuth endpoint failed', error);
  return oauthError(500, 'server_error', 'Something went wrong; try again.');
}

const REGISTRATION_WINDOW_SECONDS = 3600;
let sharedLimiter: RateLimiter | undefined;
function limiterFor(deps: OAuthDeps): RateLimiter {
  if (deps.limiter) return deps.limiter;
  sharedLimiter ??= createRateLimiter({
    upstashUrl: deps.config.UPSTASH_REDIS_REST_URL,
    upstashToken: deps.config.UPSTASH_REDIS_REST_TOKEN,
  });
  return sharedLimiter;
}

/** RFC 7591 Dynamic Client Registration, public clients only, a budget per address. */
export async function handleRegistration(request: Request, deps: OAuthDeps): Promise<Response> {
  try {
    const budget = { name: 'oauth-register', limit: deps.config.OAUTH_REGISTRATIONS_PER_HOUR, windowSeconds: REGISTRATION_WINDOW_SECONDS };
    const limit = await limiterFor(deps).consume(budget, deps.address);
    if (!limit.allowed) {
      return oauthError(429, 'rate_limited', 'Too many client registrations from this address; try again later.', {
        'Retry-After': String(limit.retryAfterSeconds),
      });
    }
    const type = request.headers.get('content-type') ?? '';
    if (!type.toLowerCase().startsWith('application/json'))
      throw new OAuthFailure('invalid_client_metadata', 'Send the client metadata as JSON.');
    let body: unknown;
    try {
      body = JSON.parse(await readBody(request));
    } catch (error) {
      if (error instanceof OAuthFailure) throw error;
      throw new OAuthFailure('invalid_client_metadata', 'The body is not valid JSON.');
    }
    return oauthJson(await registerClient(deps.db, body), 201);
  } catch (error) {
    return failureResponse(error);
  }
}

async function clientOf(form: URLSearchParams, deps: OAuthDeps): Promise<KnownClient> {
  const clientId = form.get('client_id');
  if (!clientId) throw new OAuthFailure('invalid_client', 'client_id is required (public clients authenticate with none).', 401);
  if (form.has('client_secret')) throw new OAuthFailure('invalid_client', 'JEV registers public clients only; send no client_secret.', 401);
  const client = await findClient(deps.db, clientId, {
    allowLoopbackForTests: deps.config.OAUTH_CIMD_ALLOW_LOOPBACK_FOR_TESTS,
    now: deps.now,
  });
  if (!client) throw new OAuthFailure('invalid_client', 'The client is unknown.', 401);
  return client;
}

export async function handleToken(request: Request, deps: OAuthDeps): Promise<Response> {
  try {
    const form = await formOf(request);
    const grantType = form.get('grant_type');
    const client = await clientOf(form, deps);
    const resource = form.get('resource') ?? undefined;
    if (resource !== undefined && resource !== mcpResourceUrl(deps.config)) {
      throw new OAuthFailure('invalid_target', `resource must be ${mcpResourceUrl(deps.config)}.`);
    }
    const common = { clientRowId: client.rowId, resource, accessLifetimeSeconds: deps.config.OAUTH_ACCESS_TOKEN_SECONDS, now: deps.now };
    if (grantType === 'authorization_code') {
      const code = form.get('code');
      const redirectUri = form.get('redirect_uri');
      const codeVerifier = form.get('code_verifier');
      if (!code || !redirectUri) throw new OAuthFailure('invalid_request', 'code and redirect_uri are required.');
      if (!codeVerifier) throw new OAuthFailure('invalid_request', 'code_verifier is required (PKCE).');
      return oauthJson(await exchangeCode(deps.db, { ...common, code, redirectUri, codeVerifier }));
    }
    if (grantType === 'refresh_token') {
      const refreshToken = form.get('refresh_token');
      if (!refreshToken) throw new OAuthFailure('invalid_request', 'refresh_token is required.');
      return oauthJson(await refreshGrant(deps.db, { ...common, refreshToken, scope: form.get('scope') ?? undefined }));
    }
    throw new OAuthFailure('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
  } catch (error) {
    return failureResponse(error);
  }
}

/** RFC 7009: always 200 for a well-formed request, whether or not the token was known. */
export async function handleRevocation(request: Request, deps: OAuthDeps): Promise<Response> {
  try {
    const form = await formOf(request);
    const token = form.get('token');
    if (!token) throw new OAuthFailure('invalid_request', 'token is required.');
    const client = form.get('client_id') ? await clientOf(form, deps) : null;
    await revokeClientToken(deps.db, token, client?.rowId ?? null, deps.now);
    return oauthJson({});
  } catch (error) {
    return failureResponse(error);
  }
}
