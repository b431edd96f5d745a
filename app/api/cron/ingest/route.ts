import { createHash, timingSafeEqual } from 'node:crypto';
import { ToolError } from '@/lib/errors';
import { NO_STORE, restErrorResponse } from '@/lib/http/errors';
import { root } from '@/lib/root';

// Scheduled ingestion for serverless hosts: a cron service calls this every few minutes with
// `Authorization: Bearer $CRON_SECRET`; what is due runs (the same schedule as `jev worker`).
// GET is accepted too because Vercel Cron sends GET requests. Answers are encoded like REST's.

export const dynamic = 'force-dynamic';
export const maxDuration = 60;

/** Compares digests so the time taken says nothing about the secret. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

async function run(request: Request): Promise<Response> {
  try {
    const secret = root().config.CRON_SECRET;
    if (!secret) throw new ToolError('unavailable', 'CRON_SECRET is not set on this server.');
    const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
    if (!sameSecret(given, secret)) throw new ToolError('invalid_token', 'Send Authorization: Bearer <CRON_SECRET>.');
    const { ingest, now } = root();
    const summary = await ingest({ mode: 'scheduled', now });
    return Response.json({ data: summary }, { headers: NO_STORE });
  } catch (error) {
    return restErrorResponse(error);
  }
}

export const POST = run;
export const GET = run;
