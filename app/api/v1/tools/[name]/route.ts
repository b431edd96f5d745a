import { gateway } from '@/lib/gateway';
import { callTool } from '@/lib/gateway/rest';

export const dynamic = 'force-dynamic';

export async function POST(request: Request, { params }: { params: Promise<{ name: string }> }): Promise<Response> {
  return callTool(gateway(), request, (await params).name);
}
