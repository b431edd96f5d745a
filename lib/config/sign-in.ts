import { z } from 'zod';
import { about } from './setting-docs';
import { isLoopbackHostname } from './server';
import { optionalString, positiveInt } from './value-schemas';

// The Sign-in and OAuth settings: the console's session secret, GitHub and Google sign-in, and the OAuth server's limits.

/**
 * A console may sign sessions with a secret generated once and kept in data/ when it is not a production
 * server, or when only this machine can reach it (`npm start` on localhost also runs as production). A
 * public production server must be given NEXTAUTH_SECRET: a generated one would not be shared by a second
 * instance or survive a move to a fresh disk, signing everyone out.
 */
export function mayGenerateAuthSecret(env: { NODE_ENV?: string; APP_URL: string }): boolean {
  return env.NODE_ENV !== 'production' || isLoopbackHostname(new URL(env.APP_URL).hostname);
}

/** Both halves of an OAuth app, or neither: half a configuration is a deployment mistake. */
export const OAUTH_PAIRS = [
  ['GITHUB_ID', 'GITHUB_SECRET'],
  ['GOOGLE_ID', 'GOOGLE_SECRET'],
] as const;

export const signInSettings = {
  NEXTAUTH_SECRET: optionalString
    .refine(
      (value) => value === undefined || value.length >= 32,
      'must be at least 32 characters (generate one with: openssl rand -base64 32)',
    )
    .meta(
      about(
        'Sign-in and OAuth',
        'Key that signs console sessions and, through a key derived from it, paging cursors (at least 32 characters: ' +
          '`openssl rand -base64 32`). Required when `NODE_ENV` is ' +
          '`production` (as under `npm start`) and `APP_URL` is not `localhost`, `127.0.0.1` or `[::1]`; otherwise, when unset, one ' +
          'is generated on first use and kept in `data/nextauth-secret` so sessions survive restarts. Changing it signs everyone ' +
          'out and ends the cursors handed out. `NEXTAUTH_URL` need not be set: it defaults to `APP_URL`.',
        'generated on localhost',
      ),
    ),
  GITHUB_ID: optionalString.meta(
    about(
      'Sign-in and OAuth',
      'A GitHub OAuth app (callback `APP_URL/api/auth/callback/github`); set it and `GITHUB_SECRET` to offer "Sign in with ' +
        'GitHub". The user is found, or created, by their primary email, which GitHub must have verified.',
    ),
  ),
  GITHUB_SECRET: optionalString.meta(about('Sign-in and OAuth', "The GitHub OAuth app's secret; set with `GITHUB_ID`.")),
  GOOGLE_ID: optionalString.meta(
    about(
      'Sign-in and OAuth',
      'A Google OAuth client (redirect URI `APP_URL/api/auth/callback/google`); set it and `GOOGLE_SECRET` to offer "Sign in ' +
        'with Google", by an email Google has verified.',
    ),
  ),
  GOOGLE_SECRET: optionalString.meta(about('Sign-in and OAuth', "The Google OAuth client's secret; set with `GOOGLE_ID`.")),
  OAUTH_ACCESS_TOKEN_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(86_400)
    .default(3600)
    .meta(
      about(
        'Sign-in and OAuth',
        'Life of an access token issued to an app through OAuth (5 to 86400); the app renews it with its refresh token.',
      ),
    ),
  OAUTH_REGISTRATIONS_PER_HOUR: positiveInt
    .default(20)
    .meta(about('Sign-in and OAuth', 'OAuth client registrations (RFC 7591) one address may make per hour.')),
  RATE_LIMIT_OAUTH_PER_MINUTE: positiveInt
    .default(300)
    .meta(
      about(
        'Sign-in and OAuth',
        'Requests one address may make per minute to the OAuth token endpoint, as many to the revocation endpoint (429 ' +
          '`rate_limited` with `Retry-After` past it), and as many to the authorization page `/oauth/authorize` (visits and ' +
          "consent answers: 429 with `Retry-After`). Hosted clients such as Claude's and ChatGPT's refresh every user's tokens from " +
          'a few addresses: raise it if many users connect through one.',
      ),
    ),
};
