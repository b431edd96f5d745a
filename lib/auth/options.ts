import type { AuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import GitHubProvider from 'next-auth/providers/github';
import GoogleProvider from 'next-auth/providers/google';
import type { Config } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { clientAddress } from '@/lib/http/address';
import type { RateLimiter } from '@/lib/ratelimit';
import { findOrCreateUser, verifiedEmail } from './oauth';
import { endAllSessions } from './revocation';
import { signInWithPassword } from './signin';
import { SIGN_IN_UNAVAILABLE, TOO_MANY_ATTEMPTS } from './signin-errors';

// next-auth 4 for the console: email and password always, GitHub and Google when configured; sessions are
// signed JWTs in a cookie (no session table), carrying our user id as `sub`.

export type OAuthProviderId = 'github' | 'google';

/** How long a console session lasts (its signed cookie). */
export const SESSION_DAYS = 30;

export function oauthProviders(cfg: Config): OAuthProviderId[] {
  const ids: OAuthProviderId[] = [];
  if (cfg.GITHUB_ID) ids.push('github');
  if (cfg.GOOGLE_ID) ids.push('google');
  return ids;
}

/**
 * next-auth puts the message of an error thrown while signing in into the redirect URL. Whatever failed, the
 * client sees only SIGN_IN_UNAVAILABLE; the log keeps the detail, with the request id when one was sent.
 */
function signInFailed(stage: string, error: unknown, headers: Record<string, unknown> | undefined): Error {
  const requestId = headers?.['x-request-id'];
  const label = typeof requestId === 'string' ? ` (request ${requestId})` : '';
  console.error(`[jev] ${stage} failed${label}:`, error);
  return new Error(SIGN_IN_UNAVAILABLE);
}

export interface AuthDeps {
  config: Config;
  db: Db;
  /** Sign-in attempts' budgets, shared across instances through Redis or Upstash when one is configured. */
  limiter: RateLimiter;
  now: () => Date;
  /** The key that signs sessions (lib/auth/secret.ts). */
  secret: string;
}

/** next-auth's options for these services (built once per process, by the composition root). */
export function createAuthOptions({ config: cfg, db, limiter, now, secret }: AuthDeps): AuthOptions {
  // next-auth builds its callback URLs from NEXTAUTH_URL; the console's origin is APP_URL.
  process.env.NEXTAUTH_URL ??= cfg.appOrigin;
  return {
    secret,
    session: { strategy: 'jwt', maxAge: SESSION_DAYS * 24 * 60 * 60 },
    pages: { signIn: '/signin', error: '/signin' },
    providers: [
      CredentialsProvider({
        name: 'Email and password',
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials, req) {
          const result = await signInWithPassword(db, limiter, {
            email: credentials?.email ?? '',
            password: credentials?.password ?? '',
            address: clientAddress(new Headers(req.headers as Record<string, string>), cfg),
            now: now(),
          }).catch((error: unknown) => {
            throw signInFailed('password sign-in', error, req.headers);
          });
          if (result.outcome === 'rate_limited') throw new Error(TOO_MANY_ATTEMPTS);
          return result.outcome === 'signed_in' ? result.user : null;
        },
      }),
      ...(cfg.GITHUB_ID && cfg.GITHUB_SECRET ? [GitHubProvider({ clientId: cfg.GITHUB_ID, clientSecret: cfg.GITHUB_SECRET })] : []),
      ...(cfg.GOOGLE_ID && cfg.GOOGLE_SECRET ? [GoogleProvider({ clientId: cfg.GOOGLE_ID, clientSecret: cfg.GOOGLE_SECRET })] : []),
    ],
    callbacks: {
      async signIn({ user, account, profile }) {
        if (!account || account.type === 'credentials') return true;
        let ours;
        try {
          const email = await verifiedEmail({
            provider: account.provider,
            accessToken: account.access_token,
            profile: profile as Record<string, unknown> | undefined,
          });
          if (!email) return false;
          ours = await findOrCreateUser(db, email, user.name ?? undefined);
        } catch (error) {
          signInFailed(`${account.provider} sign-in`, error, undefined);
          return `/signin?error=${SIGN_IN_UNAVAILABLE}`;
        }
        // next-auth 4 hands this same object to the jwt callback, so the session carries our id, not the
        // provider's. Were that ever to change, the session would name no user of ours and be refused.
        user.id = ours.id;
        user.email = ours.email;
        return true;
      },
      jwt({ token, user }) {
        // `user` is there only when the session begins; later refreshes keep both fields.
        if (user) {
          token.sub = user.id;
          token.signedInAt = now().getTime();
        }
        return token;
      },
      session({ session, token }) {
        if (token.sub) session.user = { ...session.user, id: token.sub, signedInAt: token.signedInAt };
        return session;
      },
    },
    events: {
      // Signing out ends every session of the account on the server side (lib/auth/session.ts), so a copied
      // cookie stops working too; it is not enough to clear this browser's cookie.
      async signOut({ token }) {
        if (!token?.sub) return;
        await endAllSessions(db, token.sub, now()).catch((error: unknown) =>
          console.error('[jev] ending sessions at sign-out failed:', error),
        );
      },
    },
  };
}
