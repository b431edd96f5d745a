import type { Db } from '@/lib/db/client';
import { retryingWriteConflicts } from '@/lib/db/unique';
import { andList } from '@/lib/text';
import type { Tokens } from './tokens';

// Deleting an account with everything that is its own, in one transaction: the user row goes, and the schema's
// cascades (every relation to User, and on from its grants and bets, is onDelete: Cascade; a unit test holds the
// schema to that) take its access tokens, OAuth grants with their refresh tokens and codes, bankroll, bets with
// their earlier grades, picks and known sign-in addresses. Nothing of another user is touched: the one delete
// names this user's id. Console sessions end with the row (lib/auth/session.ts reads it on every check), and the
// deleted tokens are dropped from this process's look-ups and announced to every instance (./revocation-bus.ts)
// like a revocation, so no cached look-up outlives the delete.

/**
 * A deletion that keeps meeting concurrent writes of the same user (deleteOnce: each tool call stamps its token)
 * fails after this many tries; between tries it waits a little longer each time, so a burst of calls drains first.
 */
const DELETE_ATTEMPTS = 10;
const DELETE_BACKOFF_MS = 20;

/** What an account holds, as counted for the console's warning and the CLI's confirmation. */
export interface AccountContents {
  email: string;
  /** Access tokens made by hand and issued to apps through OAuth, live, expired or revoked. */
  accessTokens: number;
  /** OAuth grants (apps the user allowed), live or disconnected. */
  connectedApps: number;
  bets: number;
  picks: number;
  bankroll: boolean;
}

/** The account's contents; null when there is no such user. */
export async function accountContents(db: Db, userId: string): Promise<AccountContents | null> {
  const [user, accessTokens, connectedApps, bets, picks, bankroll] = await Promise.all([
    db.user.findUnique({ where: { id: userId }, select: { email: true } }),
    db.accessToken.count({ where: { userId } }),
    db.oAuthGrant.count({ where: { userId } }),
    db.bet.count({ where: { userId } }),
    db.recommendation.count({ where: { userId } }),
    db.bankroll.count({ where: { userId } }),
  ]);
  return user && { email: user.email, accessTokens, connectedApps, bets, picks, bankroll: bankroll > 0 };
}

const counted = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The contents in words: "2 access tokens, 1 connected app, 14 bets (with their grades), 3 picks and the bankroll settings". */
export function contentsInWords(contents: AccountContents): string {
  const parts = [
    counted(contents.accessTokens, 'access token'),
    counted(contents.connectedApps, 'connected app'),
    `${counted(contents.bets, 'bet')} (with their grades)`,
    counted(contents.picks, 'pick'),
  ];
  if (contents.bankroll) parts.push('the bankroll settings and loss limits');
  return andList(parts);
}

/**
 * Deletes the user and everything that is theirs: what was deleted, or null when there was no such user (a second
 * deletion, or one racing another). Their tokens are refused at once here, and within a second on every instance
 * when Redis carries revocations (else within TOKEN_CACHE_SECONDS).
 */
export async function deleteAccount(db: Db, tokens: Tokens, userId: string): Promise<AccountContents | null> {
  return retryingWriteConflicts(() => deleteOnce(db, tokens, userId), { attempts: DELETE_ATTEMPTS, backoffMs: DELETE_BACKOFF_MS });
}

/**
 * SERIALIZABLE, so what is counted and announced is exactly what the delete took. Under PostgreSQL's default READ
 * COMMITTED, a token made after the tokens were read but committed before the user row was deleted would go by
 * cascade unannounced, and another instance that had looked it up would keep honouring it from memory. Serializable,
 * such a row makes the transaction fail (P2034) and the next attempt counts it; a write that starts after the
 * delete is refused by the foreign keys (lib/gateway/gateway.ts and lib/oauth/endpoints.ts answer it with their
 * contract codes). SQLite runs its transactions one at a time already (BEGIN IMMEDIATE, lib/db/sqlite.ts).
 */
async function deleteOnce(db: Db, tokens: Tokens, userId: string): Promise<AccountContents | null> {
  const where = { userId };
  const [user, tokenRows, connectedApps, bets, picks, bankroll, deleted] = await db.$transaction(
    [
      db.user.findUnique({ where: { id: userId }, select: { email: true } }),
      db.accessToken.findMany({ where, select: { id: true } }),
      db.oAuthGrant.count({ where }),
      db.bet.count({ where }),
      db.recommendation.count({ where }),
      db.bankroll.count({ where }),
      db.user.deleteMany({ where: { id: userId } }),
    ],
    { isolationLevel: 'Serializable' },
  );
  if (!user || deleted.count === 0) return null;
  await tokens.forgetDeleted(tokenRows.map((token) => token.id));
  return { email: user.email, accessTokens: tokenRows.length, connectedApps, bets, picks, bankroll: bankroll > 0 };
}
