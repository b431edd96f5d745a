import { ToolError } from '@/lib/errors';
import { requireBearerSecret } from '@/lib/http/bearer-secret';
import { NO_STORE, restErrorResponse } from '@/lib/http/errors';
import { root } from '@/lib/root';

// Scheduled ingestion for serverless hosts: a cron service calls this every few minutes with
// `Authorization: Bearer $CRON_SECRET`; what is due runs (the same schedule as `jev worker`).
// GET is accepted too because Vercel Cron sends GET requests. Answers are encoded like REST's.

export const dynamic = 'force-dynamic';
export const maxDuration = 60;

async function run(request: Request): Promise<Response> {
  try {
    const secret = root().config.CRON_SECRET;
    if (!secret) throw new ToolError('unavailable', 'CRON_SECRET is not set on this server.');
    requireBearerSecret(request, secret, 'CRON_SECRET');
    const { ingest, now } = root();
    const summary = await ingest({ mode: 'scheduled', now });
    return Response.json({ data: summary }, { headers: NO_STORE });
  } catch (error) {
    return restErrorResponse(error);
  }
}

export const POST = run;
export const GET = run;
