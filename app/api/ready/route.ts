// Readiness probe for load balancers: 200 when this instance can serve, that is when the database and the
// budget store (Redis or Upstash when configured) both answer within a short time; otherwise 503 with the
// contract's error object (`unavailable`), one issue per part that is down. GET /api/health stays the cheap
// liveness answer, which touches neither.
import { ToolError } from '@/lib/errors';
import { NO_STORE, restErrorResponse } from '@/lib/http/errors';
import { root } from '@/lib/root';

export const dynamic = 'force-dynamic';

/** Each check's bound: well inside the few seconds load balancers give a probe. */
const CHECK_TIMEOUT_MS = 2000;

async function answersInTime(check: () => Promise<unknown>): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return null;
  } catch (error) {
    // A timeout says how long it waited (the store's own, shorter timeout included); the rest only that it failed.
    const waited = error instanceof Error ? /within \d+ ms/.exec(error.message) : null;
    return waited ? `no answer ${waited[0]}` : 'not reachable';
  } finally {
    clearTimeout(timer);
  }
}

export async function GET(): Promise<Response> {
  const { db, budgets: store } = root();
  const [database, budgets] = await Promise.all([answersInTime(() => db.$queryRaw`SELECT 1`), answersInTime(() => store.ping())]);
  if (database === null && budgets === null) {
    return Response.json({ ready: true, database: 'up', budgets: store.store }, { headers: NO_STORE });
  }
  const issues = [
    ...(database === null ? [] : [{ path: 'database', message: database }]),
    ...(budgets === null ? [] : [{ path: 'budgets', message: `${store.store}: ${budgets}` }]),
  ];
  const down = [...(database === null ? [] : ['the database']), ...(budgets === null ? [] : ['the budget store'])];
  const message = `Not ready: ${down.join(' and ')} ${down.length > 1 ? 'do' : 'does'} not answer.`;
  // Details (hosts, driver messages) stay out of the answer: the probe is public.
  return restErrorResponse(new ToolError('unavailable', message, { issues, retryAfterSeconds: 5 }));
}
