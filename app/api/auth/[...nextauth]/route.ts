import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/options';

export const dynamic = 'force-dynamic';

// Built on first request, not at import: options read the configuration and the session secret.
function handler(request: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  return NextAuth(authOptions())(request, context);
}

export { handler as GET, handler as POST };
