import { latestQuota } from '@/lib/data/ingest';
import { ToolError } from '@/lib/errors';
import { requireBearerSecret } from '@/lib/http/bearer-secret';
import { NO_STORE, restErrorResponse } from '@/lib/http/errors';
import { metricsText } from '@/lib/observe';
import type { Root } from './index';

// Prometheus metrics of this instance (GET /api/metrics; lib/observe/runtime.mjs): API requests by route, tool and
// status, their latency, budget refusals, provider fetch failures, and The Odds API's quota as last recorded in the
// database. Off (404) unless METRICS_TOKEN is set; scrapers send `Authorization: Bearer $METRICS_TOKEN`.

export async function metricsResponse({ config, db }: Pick<Root, 'config' | 'db'>, request: Request): Promise<Response> {
  try {
    const secret = config.METRICS_TOKEN;
    if (!secret) throw new ToolError('not_found', 'Metrics are off on this server (METRICS_TOKEN is not set).');
    requireBearerSecret(request, secret, 'METRICS_TOKEN');
    const exposition = await metricsText(async ({ quotaRemaining, quotaUsed }) => {
      const quota = await latestQuota(db);
      if (quota?.requestsRemaining != null) quotaRemaining.set(quota.requestsRemaining);
      if (quota?.requestsUsed != null) quotaUsed.set(quota.requestsUsed);
    });
    if (!exposition) {
      throw new ToolError('unavailable', 'Metrics are collected by server.mjs (npm start); this process was started otherwise.');
    }
    return new Response(exposition.text, { headers: { ...NO_STORE, 'Content-Type': exposition.contentType } });
  } catch (error) {
    return restErrorResponse(error);
  }
}
