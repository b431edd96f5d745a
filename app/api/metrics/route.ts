// Prometheus metrics of this instance (lib/root/metrics.ts), off unless METRICS_TOKEN is set. Any Host is answered,
// like /api/health: scrapers reach instances by their own addresses.
import { root } from '@/lib/root';
import { metricsResponse } from '@/lib/root/metrics';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return metricsResponse(root(), request);
}
