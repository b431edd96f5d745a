import { authorizationServerMetadata } from '@/lib/oauth/metadata';
import { wellKnown } from '../wellknown';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Response {
  return wellKnown(request, authorizationServerMetadata);
}
