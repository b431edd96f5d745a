// The service's budgets count in fixed windows of the wall clock (lib/ratelimit). A test that spends one through a
// real server cannot set its clock, and a window boundary passing mid-run starts the count again: such a test
// first waits, when needed, until at least `marginMs` are left in the current window. `now` is the clock the
// budgets count by: a test Redis's (TestRedis.now) when they are kept in Redis, this process's otherwise.

export async function awayFromWindowEdge(windowSeconds: number, marginMs: number, now: () => number = Date.now): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
