import type { DefaultSession } from 'next-auth';

declare module 'next-auth' {
  interface Session {
    /** `signedInAt`: when this session began (ms since the epoch), compared with the user's `sessionsValidAfter`. */
    user?: DefaultSession['user'] & { id?: string; signedInAt?: number };
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    signedInAt?: number;
  }
}
