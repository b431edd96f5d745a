import { protectedResourceMetadata } from '@/lib/oauth/metadata';
import { wellKnown } from '../../../wellknown';

export const dynamic = 'force-dynamic';

// RFC 9728 §3.1: the metadata of the resource https://host/api/mcp lives at this path-suffixed URI.
export function GET(request: Request): Response {
  return wellKnown(request, protectedResourceMetadata);
}
