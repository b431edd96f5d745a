import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Tokens } from '@/lib/account/tokens';
import { hashToken, type TokenScope } from '@/lib/account/token-format';
import type { Db, DbTransaction } from '@/lib/db/client';
import { retryingWriteConflicts } from '@/lib/db/unique';
import { OAuthFailure } from './errors';
import { requestedScope } from './metadata';

// Authorization codes, grants and refresh tokens. A code lives 60 seconds, is used once, and is bound to
// the client, redirect URI, PKCE challenge, resource, user and scope it was issued for; exchanging it
// creates a grant (one user's consent to one client) holding rotating refresh tokens and short-lived
// ordinary JEV access tokens. Codes and refresh tokens are stored as SHA-256 hashes only. A replayed code
// or a reused refresh token is taken as a leak and revokes the whole grant, except a refresh token used again
// within REFRESH_REUSE_GRACE_MS of its rotation (RFC 9700 §4.14.2): a client that refreshed twice at once, or
// retried a refresh whose answer it lost, gets the same successor refresh token again (with a new access
// token), so the grant still holds one live refresh token. The successor is derived from the used token with
// a server key, never stored in the clear, so it can be handed out again without keeping it.

export const CODE_LIFETIME_MS = 60_000;
export const REFRESH_TOKEN_PREFIX = 'jevr_';
export const REFRESH_LIFETIME_DAYS = 90;
const REFRESH_LIFETIME_MS = REFRESH_LIFETIME_DAYS * 24 * 60 * 60 * 1000;
/**
 * How long after its rotation a refresh token may be presented again without revoking the grant: enough for
 * concurrent refreshes and a retry of a lost answer, short enough that a leaked, rotated token is soon a leak.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

const secret = (prefix = '') => prefix + randomBytes(32).toString('base64url');

export interface IssuedTokens {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: TokenScope;
}

export async function createAuthorizationCode(
  db: Db,
  input: {
    clientRowId: string;
    userId: string;
    redirectUri: string;
    codeChallenge: string;
    resource: string;
    scope: TokenScope;
    now: Date;
  },
): Promise<string> {
  const code = secret();
  await db.oAuthCode.create({
    data: {
      codeHash: hashToken(code),
      clientId: input.clientRowId,
      userId: input.userId,
      redirectUri: input.redirectUri,
      codeChallenge: input.codeChallenge,
      resource: input.resource,
      scope: input.scope,
      expiresAt: new Date(input.now.getTime() + CODE_LIFETIME_MS),
      createdAt: input.now,
    },
  });
  return code;
}

const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/** RFC 7636 S256: BASE64URL(SHA256(verifier)) equals the challenge, compared in constant time. */
export function pkceMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

/**
 * The refresh token that replaces `refreshToken`: the same for every request that presents it, unguessable
 * without `key` (the server's secret), so a grace-period reuse gets back the token its twin was given.
 */
function successorRefreshToken(key: string, refreshToken: string): string {
  return REFRESH_TOKEN_PREFIX + createHmac('sha256', `oauth-refresh-successor:${key}`).update(refreshToken).digest('base64url');
}

/** Stores a refresh token of the grant, valid REFRESH_LIFETIME_DAYS from `now`. */
async function storeRefreshToken(db: DbTransaction, grantId: string, refresh: string, now: Date): Promise<void> {
  await db.oAuthRefreshToken.create({
    data: { grantId, tokenHash: hashToken(refresh), createdAt: now, expiresAt: new Date(now.getTime() + REFRESH_LIFETIME_MS) },
  });
}

/**
 * Issues an access token under the grant and answers it with `refresh`, which the caller has stored. `scope` is the
 * access token's: the grant's own, or narrower on a refresh that asked for less. `db` is the caller's transaction.
 */
async function issueTokens(
  db: DbTransaction,
  tokens: Tokens,
  grant: { id: string; userId: string; clientName: string },
  refresh: string,
  scope: TokenScope,
  accessLifetimeSeconds: number,
  now: Date,
): Promise<IssuedTokens> {
  const access = await tokens.createForGrant(
    { userId: grant.userId, grantId: grant.id, name: grant.clientName, scope, lifetimeSeconds: accessLifetimeSeconds, now },
    db,
  );
  return { access_token: access.token, token_type: 'Bearer', expires_in: accessLifetimeSeconds, refresh_token: refresh, scope };
}

/** Revokes a grant and every token issued under it, at once. */
export async function revokeGrant(db: Db, tokens: Tokens, grantId: string, now: Date): Promise<void> {
  await db.oAuthGrant.updateMany({ where: { id: grantId, revokedAt: null }, data: { revokedAt: now } });
  await tokens.revokeGrant(grantId, now);
}

interface ExchangeRequest {
  code: string;
  clientRowId: string;
  redirectUri: string;
  codeVerifier: string;
  resource?: string;
  accessLifetimeSeconds: number;
  now: Date;
}

/**
 * An exchange or a refresh is run again, this many times in all, when it fails as a write conflict. Its transaction
 * locks the code or the refresh token and the grant before the user row (through the grant's and the access token's
 * foreign keys), the deletion of the account the other way round: PostgreSQL may end one of the two as a deadlock.
 * Rolled back whole, it runs afresh; the account gone, its code or token is then unknown (invalid_grant).
 */
const GRANT_ATTEMPTS = { attempts: 3 };

export function exchangeCode(db: Db, tokens: Tokens, input: ExchangeRequest): Promise<IssuedTokens> {
  return retryingWriteConflicts(() => exchangeOnce(db, tokens, input), GRANT_ATTEMPTS);
}

async function exchangeOnce(db: Db, tokens: Tokens, input: ExchangeRequest): Promise<IssuedTokens> {
  const { now } = input;
  const row = await db.oAuthCode.findUnique({ where: { codeHash: hashToken(input.code) }, include: { client: true } });
  if (!row || row.clientId !== input.clientRowId) throw new OAuthFailure('invalid_grant', 'The authorization code is unknown.');
  // One transaction from the claim to the tokens: a database failing midway (503) leaves the code unused, so the
  // client's retry succeeds. A refusal is answered, not thrown, so the claim stays: a code presented wrongly is spent.
  const outcome = await db.$transaction(async (tx): Promise<IssuedTokens | OAuthFailure | 'replayed'> => {
    // Single use, claimed atomically: of two racing exchanges only one updates the row.
    const { count } = await tx.oAuthCode.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
    if (count === 0) return 'replayed';
    const refusal = codeRefusal(row, input);
    if (refusal) return refusal;
    const grant = await tx.oAuthGrant.create({
      data: {
        clientId: row.clientId,
        userId: row.userId,
        scope: row.scope,
        resource: row.resource,
        redirectUri: row.redirectUri,
        createdAt: now,
      },
    });
    await tx.oAuthCode.update({ where: { id: row.id }, data: { grantId: grant.id } });
    const refresh = secret(REFRESH_TOKEN_PREFIX);
    await storeRefreshToken(tx, grant.id, refresh, now);
    return issueTokens(
      tx,
      tokens,
      { ...grant, clientName: row.client.name },
      refresh,
      grant.scope as TokenScope,
      input.accessLifetimeSeconds,
      now,
    );
  });
  if (outcome === 'replayed') {
    const used = await db.oAuthCode.findUnique({ where: { id: row.id }, select: { grantId: true } });
    if (used?.grantId) await revokeGrant(db, tokens, used.grantId, now);
    throw new OAuthFailure('invalid_grant', 'The authorization code was already used; the tokens issued for it are revoked.');
  }
  if (outcome instanceof OAuthFailure) throw outcome;
  return outcome;
}

/** Why a claimed code cannot be exchanged as presented, if it cannot. */
function codeRefusal(
  row: { expiresAt: Date; redirectUri: string; resource: string; codeChallenge: string },
  input: { redirectUri: string; codeVerifier: string; resource?: string; now: Date },
): OAuthFailure | undefined {
  if (row.expiresAt <= input.now) return new OAuthFailure('invalid_grant', 'The authorization code has expired.');
  if (row.redirectUri !== input.redirectUri)
    return new OAuthFailure('invalid_grant', 'redirect_uri does not match the authorization request.');
  if (input.resource !== undefined && input.resource !== row.resource) {
    return new OAuthFailure('invalid_target', 'resource does not match the authorization request.');
  }
  if (!pkceMatches(input.codeVerifier, row.codeChallenge))
    return new OAuthFailure('invalid_grant', 'code_verifier does not match the code challenge.');
  return undefined;
}

/**
 * RFC 6749 §6: a refresh may ask for the granted scope or less, never more; none means the grant's. Write
 * includes read. The narrowing applies to the access token issued now; the grant keeps its scope.
 */
function refreshScope(value: string | undefined, granted: TokenScope): TokenScope {
  const wanted = requestedScope(value);
  if (wanted === 'invalid') throw new OAuthFailure('invalid_scope', 'scope may be read or write.');
  if (wanted === 'write' && granted !== 'write') throw new OAuthFailure('invalid_scope', 'A refresh cannot widen the access granted.');
  return wanted ?? granted;
}

/**
 * A used refresh token presented again past the grace is taken as a leak. Within the grace (`usedAt` at most
 * REFRESH_REUSE_GRACE_MS before `now`) it is a concurrent or retried refresh.
 */
const pastReuseGrace = (usedAt: Date, now: Date) => now.getTime() - usedAt.getTime() > REFRESH_REUSE_GRACE_MS;

/** Revokes the whole grant of a refresh token reused past the grace, and refuses the refresh. */
async function refuseReuse(db: Db, tokens: Tokens, grantId: string, now: Date): Promise<never> {
  await revokeGrant(db, tokens, grantId, now);
  throw new OAuthFailure('invalid_grant', 'The refresh token was already used; the app is disconnected and must be authorized again.');
}

interface RefreshRequest {
  refreshToken: string;
  clientRowId: string;
  scope?: string;
  resource?: string;
  accessLifetimeSeconds: number;
  /** The server's secret, from which each refresh token's successor is derived. */
  successorKey: string;
  now: Date;
}

/** Rotates the refresh token and issues an access token, in one transaction (run again on a write conflict, as an exchange is). */
export function refreshGrant(db: Db, tokens: Tokens, input: RefreshRequest): Promise<IssuedTokens> {
  return retryingWriteConflicts(() => refreshOnce(db, tokens, input), GRANT_ATTEMPTS);
}

async function refreshOnce(db: Db, tokens: Tokens, input: RefreshRequest): Promise<IssuedTokens> {
  const { now } = input;
  const row = await db.oAuthRefreshToken.findUnique({
    where: { tokenHash: hashToken(input.refreshToken) },
    include: { grant: { include: { client: true } } },
  });
  // The grant comes from a second query, outside any transaction: one deleted with its account in between leaves
  // none (the type does not say so), and the refresh token is then as unknown as its grant.
  const grant = row?.grant ?? null;
  if (!row || !grant || grant.clientId !== input.clientRowId) throw new OAuthFailure('invalid_grant', 'The refresh token is unknown.');
  if (grant.revokedAt) throw new OAuthFailure('invalid_grant', 'This app was disconnected; authorize it again.');
  if (row.usedAt && pastReuseGrace(row.usedAt, now)) await refuseReuse(db, tokens, grant.id, now);
  if (row.expiresAt <= now) throw new OAuthFailure('invalid_grant', 'The refresh token has expired.');
  // Checked before the token is claimed, so a refused request leaves it usable.
  if (input.resource !== undefined && input.resource !== grant.resource)
    throw new OAuthFailure('invalid_target', 'resource does not match the grant.');
  const scope = refreshScope(input.scope, grant.scope as TokenScope);
  const successor = successorRefreshToken(input.successorKey, input.refreshToken);
  // One transaction from the claim to the tokens: a database failing midway (503) leaves the refresh token unused
  // and nothing issued, so the client's retry succeeds whenever it comes. The claim and its successor commit
  // together, so a used token always has its successor stored, and only the request that claims it stores it.
  const outcome = await db.$transaction(async (tx): Promise<IssuedTokens | 'reused'> => {
    if (!row.usedAt) {
      const { count } = await tx.oAuthRefreshToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
      if (count === 1) await storeRefreshToken(tx, grant.id, successor, now);
      else {
        // Another request claimed it between the read and here, and has committed (PostgreSQL's update waits for
        // it; SQLite runs one transaction at a time): a refresh running at the same time, within the grace.
        const claimed = await tx.oAuthRefreshToken.findUniqueOrThrow({ where: { id: row.id }, select: { usedAt: true } });
        if (pastReuseGrace(claimed.usedAt ?? now, now)) return 'reused';
      }
    }
    await tx.oAuthGrant.update({ where: { id: grant.id }, data: { lastUsedAt: now } });
    return issueTokens(tx, tokens, { ...grant, clientName: grant.client.name }, successor, scope, input.accessLifetimeSeconds, now);
  });
  // A reuse past the grace is answered after the transaction, so the revocation it makes is not rolled back.
  if (outcome === 'reused') return refuseReuse(db, tokens, grant.id, now);
  return outcome;
}

/**
 * RFC 7009: revokes a refresh token (and its grant) or an access token the client holds. Unknown tokens and
 * tokens of other clients are ignored silently, as the RFC asks.
 */
export async function revokeClientToken(db: Db, tokens: Tokens, token: string, clientRowId: string | null, now: Date): Promise<void> {
  const tokenHash = hashToken(token);
  const refresh = await db.oAuthRefreshToken.findUnique({
    where: { tokenHash },
    select: { grant: { select: { id: true, clientId: true } } },
  });
  // As in refreshGrant: a grant deleted with its account between the two queries leaves none.
  const grant = refresh?.grant;
  if (grant && (clientRowId === null || grant.clientId === clientRowId)) return revokeGrant(db, tokens, grant.id, now);
  const access = await db.accessToken.findUnique({ where: { tokenHash }, select: { id: true, grant: { select: { clientId: true } } } });
  if (access?.grant && (clientRowId === null || access.grant.clientId === clientRowId)) {
    await tokens.revokeGrantToken(access.id, now);
  }
}

export interface ConnectedApp {
  id: string;
  name: string;
  kind: string;
  clientId: string;
  redirectHost: string;
  scope: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  lastClientName: string | null;
}

/** The user's live grants for the Connect page, with last use and client label taken from their access tokens. */
export async function listConnectedApps(db: Db, userId: string): Promise<ConnectedApp[]> {
  const grants = await db.oAuthGrant.findMany({
    where: { userId, revokedAt: null },
    orderBy: { createdAt: 'desc' },
    include: {
      client: { select: { name: true, kind: true, clientId: true } },
      accessTokens: { orderBy: { createdAt: 'desc' }, select: { lastUsedAt: true, lastClientName: true, lastClientSeenAt: true } },
    },
  });
  return grants.map((grant) => {
    const used = grant.accessTokens.map((t) => t.lastUsedAt).filter((d): d is Date => d !== null);
    const seen = grant.accessTokens
      .filter((t) => t.lastClientName && t.lastClientSeenAt)
      .sort((a, b) => +b.lastClientSeenAt! - +a.lastClientSeenAt!);
    const lastUsed = used.length ? new Date(Math.max(...used.map(Number))) : null;
    return {
      id: grant.id,
      name: grant.client.name,
      kind: grant.client.kind,
      clientId: grant.client.clientId,
      redirectHost: hostOf(grant.redirectUri),
      scope: grant.scope,
      createdAt: grant.createdAt,
      lastUsedAt: lastUsed,
      lastClientName: seen[0]?.lastClientName ?? null,
    };
  });
}

/** Disconnects one of the user's apps; false when the grant is not theirs (or is gone). */
export async function disconnectApp(db: Db, tokens: Tokens, userId: string, grantId: string, now: Date): Promise<boolean> {
  const grant = await db.oAuthGrant.findFirst({ where: { id: grantId, userId }, select: { id: true } });
  if (!grant) return false;
  await revokeGrant(db, tokens, grant.id, now);
  return true;
}

export function hostOf(uri: string): string {
  try {
    return new URL(uri).host;
  } catch {
    return uri;
  }
}
