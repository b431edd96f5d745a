import { protectedResourceMetadata } from '@/lib/oauth/metadata';
import { wellKnown } from '../wellknown';

export const dynamic = 'force-dynamic';

// RFC 9728 at the root too: clients of the 2025-11-25 revision try the path-suffixed URI, then this one.
export function GET(request: Request): Response {
  return wellKnown(request, protectedResourceMetadata);
}
