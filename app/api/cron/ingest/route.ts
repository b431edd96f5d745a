import { createHash, timingSafeEqual } from 'node:crypto';
import { config } from '@/lib/config';
import { ingest } from '@/lib/data/ingest';
import { providers } from '@/lib/data/providers';
import { db } from '@/lib/db';

// Scheduled ingestion for serverless hosts: a cron service calls this every few minutes with
// `Authorization: Bearer $CRON_SECRET`; what is due runs (the same schedule as `jev worker`).
// GET is accepted too because Vercel Cron sends GET requests.

export const dynamic = 'force-dynamic';
export const maxDuration = 60;

const headers = { 'Cache-Control': 'no-store' };

/** Compares digests so the time taken says nothing about the secret. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

async function run(request: Request): Promise<Response> {
  const secret = config().CRON_SECRET;
  if (!secret) {
    return Response.json({ error: { code: 'unavailable', message: 'CRON_SECRET is not set on this server.', issues: [] } }, { status: 503, headers });
  }
  const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  if (!sameSecret(given, secret)) {
    return Response.json({ error: { code: 'invalid_token', message: 'Send Authorization: Bearer <CRON_SECRET>.', issues: [] } }, { status: 401, headers });
  }
  const summary = await ingest(db(), providers(), { mode: 'scheduled', now: () => new Date() });
  return Response.json({ data: summary }, { headers });
}

export const POST = run;
export const GET = run;
