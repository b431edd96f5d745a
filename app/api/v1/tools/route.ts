import { gateway } from '@/lib/gateway';
import { listTools } from '@/lib/gateway/rest';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return listTools(gateway(), request);
}
