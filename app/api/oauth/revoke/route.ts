import { handleRevocation } from '@/lib/oauth/endpoints';
import { serve } from '../guard';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export function POST(request: Request): Promise<Response> {
  return serve(request, handleRevocation);
}
