import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TokenScope } from '@/lib/account/token-format';
import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import type { Budget } from '@/lib/ratelimit';
import { isStorable } from '@/lib/text';
import { findClient, redirectUriAllowed, storeClient, type ClientDocuments, type KnownClient } from './clients';
import { OAuthFailure } from './errors';
import { createAuthorizationCode } from './grants';
import { mcpResourceUrl, requestedScope } from './metadata';

// The authorization endpoint's rules (OAuth 2.1 with the MCP profile). Every failure is shown on JEV's own
// error page, never sent to the redirect URI: anyone can register a client (DCR) or publish a metadata document
// naming any redirect URI, so an error redirect would make /oauth/authorize an open redirector (RFC 9700
// §4.11.2). The consent page, where the user sees the app and where they go back to, is the only way out to it.

export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  resource: string;
  scope: TokenScope;
  state: string | null;
}

/**
 * `error`: the RFC 6749 §4.1.2.1 code, shown to the app's maker once the app and its redirect URI check out;
 * `retryAfterSeconds`: the request may succeed if sent again then (the page answers 503 with Retry-After).
 */
export type Checked =
  | { kind: 'error-page'; message: string; error?: string; retryAfterSeconds?: number }
  | { kind: 'consent'; client: KnownClient; request: AuthorizationRequest };

/** The path of the authorization page, whose requests spend `authorizationBudget` (proxy.ts). */
export const AUTHORIZATION_PATH = '/oauth/authorize';

/**
 * Requests one address may make to the authorization page (and its consent answers) a minute: as many as to the
 * token endpoint. Spent in proxy.ts, before the sign-in redirect, since only there can the answer be a 429.
 */
export function authorizationBudget(cfg: Config): Budget {
  return { name: 'oauth-authorize', limit: cfg.RATE_LIMIT_OAUTH_PER_MINUTE, windowSeconds: 60 };
}

type Params = Record<string, string | string[] | undefined>;
/** The longest `state` taken: clients send a few dozen characters. */
const MAX_STATE = 1024;
const one = (params: Params, key: string): string | undefined => {
  const value = params[key];
  return Array.isArray(value) ? undefined : value;
};

/** The client's redirect URI with the answer's parameters (and `iss`, RFC 9207). */
export function redirectWith(redirectUri: string, values: Record<string, string | null>, issuer: string): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(values)) if (value !== null) url.searchParams.set(key, value);
  url.searchParams.set('iss', issuer);
  return url.href;
}

/** `documents`: the client metadata documents the process keeps (the composition root's). */
export async function checkAuthorizationRequest(
  db: Db,
  cfg: Config,
  documents: ClientDocuments,
  params: Params,
  now: Date,
): Promise<Checked> {
  for (const key of [
    'client_id',
    'redirect_uri',
    'response_type',
    'code_challenge',
    'code_challenge_method',
    'resource',
    'scope',
    'state',
  ]) {
    const value = params[key];
    if (Array.isArray(value)) return { kind: 'error-page', message: `The request repeats ${key}.` };
    if (value !== undefined && !isStorable(value)) return { kind: 'error-page', message: `The request's ${key} is not text.` };
  }
  const clientId = one(params, 'client_id');
  if (!clientId) return { kind: 'error-page', message: 'The request names no app (client_id is missing).' };
  let client: KnownClient | null;
  try {
    client = await findClient(db, clientId, { allowLoopbackForTests: cfg.OAUTH_CIMD_ALLOW_LOOPBACK_FOR_TESTS, now, documents });
  } catch (error) {
    if (!(error instanceof OAuthFailure)) throw error;
    const { description, retryAfterSeconds } = error;
    if (retryAfterSeconds !== undefined)
      return { kind: 'error-page', message: `The app’s metadata document cannot be fetched right now: ${description}`, retryAfterSeconds };
    return { kind: 'error-page', message: `The app’s metadata document was refused: ${description}` };
  }
  if (!client) return { kind: 'error-page', message: 'The app asking for access is not registered with JEV.' };
  const redirectUri = one(params, 'redirect_uri');
  if (!redirectUri || !redirectUriAllowed(client, redirectUri)) {
    return {
      kind: 'error-page',
      message: 'The app asked to send you back to an address it did not register, so JEV will not send you there.',
    };
  }
  const state = one(params, 'state') ?? null;
  // `state` comes back in the Location header: a long one (a consent form can carry any) would make a header
  // no client reads.
  if (state !== null && state.length > MAX_STATE) {
    return { kind: 'error-page', message: `The request's state is longer than ${MAX_STATE} characters.` };
  }
  const fail = (error: string, description: string): Checked => ({ kind: 'error-page', message: description, error });
  if (one(params, 'response_type') !== 'code') return fail('unsupported_response_type', 'response_type must be code.');
  const codeChallenge = one(params, 'code_challenge');
  if (!codeChallenge) return fail('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method=S256.');
  if (one(params, 'code_challenge_method') !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256.');
  if (!/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)) return fail('invalid_request', 'code_challenge is not an S256 challenge.');
  const resource = one(params, 'resource');
  if (resource !== mcpResourceUrl(cfg)) return fail('invalid_target', `resource must be ${mcpResourceUrl(cfg)}.`);
  const requested = requestedScope(one(params, 'scope'));
  if (requested === 'invalid') return fail('invalid_scope', 'scope may be read or write.');
  const scope: TokenScope = requested ?? 'read';
  return { kind: 'consent', client, request: { clientId, redirectUri, codeChallenge, resource, scope, state } };
}

/** Binds a consent form to the request and to the user it was shown to: another user's session cannot post it. */
export function consentTicket(secret: string, userId: string, request: AuthorizationRequest): string {
  const fields = [
    userId,
    request.clientId,
    request.redirectUri,
    request.codeChallenge,
    request.resource,
    request.scope,
    request.state ?? '',
  ];
  return createHmac('sha256', `oauth-consent:${secret}`).update(JSON.stringify(fields)).digest('base64url');
}

export function ticketMatches(secret: string, userId: string, request: AuthorizationRequest, ticket: string): boolean {
  const expected = Buffer.from(consentTicket(secret, userId, request));
  const given = Buffer.from(ticket);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The signed-in user's answer: a code on Allow (scope read or, if asked for, write), access_denied on Deny. */
export async function answerConsent(
  db: Db,
  cfg: Config,
  input: { userId: string; client: KnownClient; request: AuthorizationRequest; allow: boolean; scope: TokenScope; now: Date },
): Promise<string> {
  const { request } = input;
  if (!input.allow) {
    return redirectWith(
      request.redirectUri,
      { error: 'access_denied', error_description: 'The user declined.', state: request.state },
      cfg.appOrigin,
    );
  }
  const scope: TokenScope = input.scope === 'write' && request.scope === 'write' ? 'write' : 'read';
  const code = await createAuthorizationCode(db, {
    clientRowId: await storeClient(db, input.client, input.now),
    userId: input.userId,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    resource: request.resource,
    scope,
    now: input.now,
  });
  return redirectWith(request.redirectUri, { code, state: request.state }, cfg.appOrigin);
}
