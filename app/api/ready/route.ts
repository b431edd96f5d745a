// Readiness probe for load balancers (lib/root/readiness.ts): 200 when the database and the budget store answer in
// time, else 503 `unavailable`. GET /api/health stays the cheap liveness answer, which touches neither.
import { root } from '@/lib/root';
import { readiness } from '@/lib/root/readiness';

export const dynamic = 'force-dynamic';

export function GET(): Promise<Response> {
  return readiness(root());
}
