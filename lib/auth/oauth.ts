import { createUser, findUserByEmail } from '@/lib/account/users';
import type { Db } from '@/lib/db/client';

// GitHub and Google sign-in. There is no account-link table: a provider's user is our user with the same
// email, so only an email the provider says it has verified may sign in, or anyone could register the
// victim's address with a provider and walk into their account.

export interface OAuthSignIn {
  provider: string;
  accessToken?: string;
  /** The provider's profile claims as next-auth received them. */
  profile: Record<string, unknown> | undefined;
}

interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/** The sign-in's email when the provider vouches for it, lower-cased; otherwise null. */
export async function verifiedEmail(signIn: OAuthSignIn, fetchImpl: typeof fetch = fetch): Promise<string | null> {
  if (signIn.provider === 'google') {
    const { email, email_verified: verified } = signIn.profile ?? {};
    return verified === true && typeof email === 'string' ? email.toLowerCase() : null;
  }
  if (signIn.provider === 'github' && signIn.accessToken) {
    // GitHub's profile email may be any public address; /user/emails says which one is verified.
    const response = await fetchImpl('https://api.github.com/user/emails', {
      headers: { Authorization: `Bearer ${signIn.accessToken}`, Accept: 'application/vnd.github+json', 'User-Agent': 'jev' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) return null;
    const emails = (await response.json()) as GitHubEmail[];
    const primary = Array.isArray(emails) ? emails.find((entry) => entry.primary && entry.verified) : undefined;
    return primary ? primary.email.toLowerCase() : null;
  }
  return null;
}

/** Our user for a verified email, created without a password on first sign-in. */
export async function findOrCreateUser(db: Db, email: string, name: string | undefined) {
  const existing = await findUserByEmail(db, email);
  if (existing) return existing;
  try {
    return await createUser(db, { email, name });
  } catch (error) {
    // Two first sign-ins at once: the other one created it.
    const created = await findUserByEmail(db, email);
    if (created) return created;
    throw error;
  }
}
