// Liveness probe, and the benchmark's baselines: the cheapest routes this Next build can serve.
// POST reads its body and ignores it, so it measures Next's own cost of taking a request body.
import { readBodyText } from '@/lib/gateway/body';
import { NO_STORE } from '@/lib/http/errors';

export const dynamic = 'force-dynamic';

const OK = { ok: true, service: 'jev' };

export function GET(): Response {
  return Response.json(OK, { headers: NO_STORE });
}

export async function POST(request: Request): Promise<Response> {
  await readBodyText(request).catch(() => undefined); // bounded like every other body; the answer is the same
  return Response.json(OK, { headers: NO_STORE });
}
