import { readRequestText } from '@/lib/capped-body';
import type { Tokens } from '@/lib/account/tokens';
import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { isMissingRow } from '@/lib/db/unique';
import { asToolError } from '@/lib/errors';
import { checkHostAndOrigin } from '@/lib/http/origin';
import { clientAddress } from '@/lib/http/address';
import { deadlineMessage, withDeadline } from '@/lib/http/deadline';
import type { Budget, RateLimiter } from '@/lib/ratelimit';
import { isStorable } from '@/lib/text';
import { findStoredClient, registerClient, type KnownClient } from './clients';
import { OAuthFailure } from './errors';
import { exchangeCode, refreshGrant, revokeClientToken } from './grants';
import { oauthError, oauthJson } from './http';
import { mcpResourceUrl } from './metadata';

// The machine endpoints (registration, token, revocation) as plain `Request => Response` functions, so the
// routes stay one line and tests can call them. Hand-written rather than a provider library: see
// docs/clients.md ("With OAuth"). Every request passes the same steps as the API's: host and origin, a budget per
// address (shared by every instance through the budget store), a body read as it arrives and cut off at
// 16 KB, all within the request deadline; answers are JSON with RFC 6749 §5.2 errors, and a database that
// cannot answer is 503 with Retry-After, never a 500.

const MAX_BODY = 16 * 1024;
const HOUR = 3600;

/** What the endpoints are built with (by the composition root, lib/root). */
export interface OAuthServices {
  db: Db;
  config: Config;
  limiter: RateLimiter;
  tokens: Tokens;
  now: () => Date;
  /** The session-signing key, from which each refresh grant's successor is derived. */
  sessionSecret: () => string;
}

/** One request's view of them: the caller's address and the time it arrived. */
export interface OAuthDeps extends Omit<OAuthServices, 'now'> {
  address: string;
  now: Date;
}

type Endpoint = (request: Request, deps: OAuthDeps) => Promise<Response>;

function tooLarge(): OAuthFailure {
  return new OAuthFailure('invalid_request', `The request body is larger than ${MAX_BODY / 1024} KB.`, 413);
}

async function formOf(request: Request): Promise<URLSearchParams> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw new OAuthFailure('invalid_request', 'Send the parameters as application/x-www-form-urlencoded.');
  }
  const form = new URLSearchParams(await readRequestText(request, MAX_BODY, tooLarge));
  for (const key of new Set(form.keys())) {
    if (form.getAll(key).length > 1) throw new OAuthFailure('invalid_request', `${key} is repeated.`);
    if (!form.getAll(key).every(isStorable))
      throw new OAuthFailure('invalid_request', `${key} is not text (it holds NUL or a lone surrogate).`);
  }
  return form;
}

function failureResponse(error: unknown): Response {
  if (error instanceof OAuthFailure) {
    const headers: Record<string, string> = error.status === 401 ? { 'WWW-Authenticate': 'Bearer error="invalid_client"' } : {};
    if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds);
    return oauthError(error.status, error.error, error.description, headers);
  }
  // The one mapping of unexpected errors (lib/errors.ts): a database that cannot answer is `unavailable`, 503 with
  // Retry-After (RFC 6749's temporarily_unavailable); anything else is logged and answered as server_error.
  const failure = asToolError(error);
  if (failure.code === 'unavailable') {
    return oauthError(503, 'temporarily_unavailable', failure.message, { 'Retry-After': String(failure.retryAfterSeconds ?? 5) });
  }
  return oauthError(500, 'server_error', 'Something went wrong; try again.');
}

/** Spends one unit of the address's budget; a spent budget is 429 with Retry-After. */
async function spend(deps: OAuthDeps, budget: Budget, what: string): Promise<void> {
  const { allowed, retryAfterSeconds } = await deps.limiter.consume(budget, deps.address);
  if (!allowed) {
    throw new OAuthFailure('rate_limited', `Too many ${what} from this address; retry in ${retryAfterSeconds} s.`, 429, retryAfterSeconds);
  }
}

const perMinute = (name: string, cfg: Config): Budget => ({ name, limit: cfg.RATE_LIMIT_OAUTH_PER_MINUTE, windowSeconds: 60 });

/** RFC 7591 Dynamic Client Registration, public clients only, a budget per address. */
export async function handleRegistration(request: Request, deps: OAuthDeps): Promise<Response> {
  try {
    await spend(
      deps,
      { name: 'oauth-register', limit: deps.config.OAUTH_REGISTRATIONS_PER_HOUR, windowSeconds: HOUR },
      'client registrations',
    );
    const type = request.headers.get('content-type') ?? '';
    if (!type.toLowerCase().startsWith('application/json'))
      throw new OAuthFailure('invalid_client_metadata', 'Send the client metadata as JSON.');
    const text = await readRequestText(request, MAX_BODY, tooLarge);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new OAuthFailure('invalid_client_metadata', 'The body is not valid JSON.');
    }
    return oauthJson(await registerClient(deps.db, body, deps.now), 201);
  } catch (error) {
    return failureResponse(error);
  }
}

async function clientOf(form: URLSearchParams, deps: OAuthDeps): Promise<KnownClient> {
  const clientId = form.get('client_id');
  if (!clientId) throw new OAuthFailure('invalid_client', 'client_id is required (public clients authenticate with none).', 401);
  if (form.has('client_secret')) throw new OAuthFailure('invalid_client', 'JEV registers public clients only; send no client_secret.', 401);
  const client = await findStoredClient(deps.db, clientId);
  if (!client) throw new OAuthFailure('invalid_client', 'The client is unknown, or no user has authorized it yet.', 401);
  return client;
}

/**
 * A code or refresh token whose rows went while it was being exchanged (the account deleted, the app disconnected):
 * the foreign keys refuse what would be issued under it, and the client hears invalid_grant, not server_error.
 */
function refuseIfGrantWent(error: unknown): never {
  if (isMissingRow(error)) {
    throw new OAuthFailure(
      'invalid_grant',
      'This authorization is gone (the account was deleted or the app disconnected); authorize the app again.',
    );
  }
  throw error;
}

export async function handleToken(request: Request, deps: OAuthDeps): Promise<Response> {
  try {
    await spend(deps, perMinute('oauth-token', deps.config), 'token requests');
    const form = await formOf(request);
    const grantType = form.get('grant_type');
    const client = await clientOf(form, deps);
    const resource = form.get('resource') ?? undefined;
    if (resource !== undefined && resource !== mcpResourceUrl(deps.config)) {
      throw new OAuthFailure('invalid_target', `resource must be ${mcpResourceUrl(deps.config)}.`);
    }
    const common = {
      clientRowId: client.rowId as string, // a stored client always has its row
      resource,
      accessLifetimeSeconds: deps.config.OAUTH_ACCESS_TOKEN_SECONDS,
      now: deps.now,
    };
    if (grantType === 'authorization_code') {
      const code = form.get('code');
      const redirectUri = form.get('redirect_uri');
      const codeVerifier = form.get('code_verifier');
      if (!code || !redirectUri) throw new OAuthFailure('invalid_request', 'code and redirect_uri are required.');
      if (!codeVerifier) throw new OAuthFailure('invalid_request', 'code_verifier is required (PKCE).');
      return oauthJson(await exchangeCode(deps.db, deps.tokens, { ...common, code, redirectUri, codeVerifier }).catch(refuseIfGrantWent));
    }
    if (grantType === 'refresh_token') {
      const refreshToken = form.get('refresh_token');
      if (!refreshToken) throw new OAuthFailure('invalid_request', 'refresh_token is required.');
      const scope = form.get('scope') ?? undefined;
      const refreshed = refreshGrant(deps.db, deps.tokens, { ...common, refreshToken, scope, successorKey: deps.sessionSecret() });
      return oauthJson(await refreshed.catch(refuseIfGrantWent));
    }
    throw new OAuthFailure('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
  } catch (error) {
    return failureResponse(error);
  }
}

/** RFC 7009: always 200 for a well-formed request, whether or not the token was known. */
export async function handleRevocation(request: Request, deps: OAuthDeps): Promise<Response> {
  try {
    await spend(deps, perMinute('oauth-revoke', deps.config), 'revocation requests');
    const form = await formOf(request);
    const token = form.get('token');
    if (!token) throw new OAuthFailure('invalid_request', 'token is required.');
    const client = form.get('client_id') ? await clientOf(form, deps) : null;
    await revokeClientToken(deps.db, deps.tokens, token, client?.rowId ?? null, deps.now);
    return oauthJson({});
  } catch (error) {
    return failureResponse(error);
  }
}

/**
 * The endpoints as route handlers: host and origin checked as everywhere (no CORS), then the endpoint on
 * these services, within the request deadline (past it, 503 with Retry-After; a body trickled in too slowly
 * ends there, and server.mjs closes its connection soon after).
 */
export function createOAuthEndpoints(services: OAuthServices) {
  const { config: cfg } = services;
  const route =
    (endpoint: Endpoint) =>
    async (request: Request): Promise<Response> => {
      try {
        checkHostAndOrigin(request.headers, cfg);
      } catch (error) {
        return oauthError(403, 'forbidden', asToolError(error).message);
      }
      const deps: OAuthDeps = { ...services, address: clientAddress(request.headers, cfg), now: services.now() };
      const late = () => new OAuthFailure('temporarily_unavailable', deadlineMessage(cfg.REQUEST_DEADLINE_SECONDS), 503, 5);
      return withDeadline(endpoint(request, deps), cfg.REQUEST_DEADLINE_SECONDS * 1000, late).catch(failureResponse);
    };
  return { register: route(handleRegistration), token: route(handleToken), revoke: route(handleRevocation) };
}
