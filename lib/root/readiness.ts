import { ToolError } from '@/lib/errors';
import { NO_STORE, restErrorResponse } from '@/lib/http/errors';
import { withDeadline } from '@/lib/http/deadline';
import type { Root } from './index';

// The readiness probe's answer (GET /api/ready) for load balancers: 200 when this instance can serve, that is when
// the database and the budget store (Redis or Upstash when configured) both answer within a short time; otherwise 503
// with the contract's error object (`unavailable`), one issue per part that is down.

/** Each check's bound: well inside the few seconds load balancers give a probe. */
const CHECK_TIMEOUT_MS = 2000;

/** Null when `check` answers within CHECK_TIMEOUT_MS, else why not (in words safe to show: the probe is public). */
async function answersInTime(check: () => Promise<unknown>): Promise<string | null> {
  try {
    await withDeadline(check(), CHECK_TIMEOUT_MS, () => new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`));
    return null;
  } catch (error) {
    // A timeout says how long it waited (the store's own, shorter timeout included); the rest only that it failed.
    const waited = error instanceof Error ? /within \d+ ms/.exec(error.message) : null;
    return waited ? `no answer ${waited[0]}` : 'not reachable';
  }
}

export async function readiness({ db, budgets: store }: Pick<Root, 'db' | 'budgets'>): Promise<Response> {
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
  // Details (hosts, driver messages) stay out of the answer.
  return restErrorResponse(new ToolError('unavailable', message, { issues, retryAfterSeconds: 5 }));
}
