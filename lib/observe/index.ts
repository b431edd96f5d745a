import type { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'pino';
import type { Counter, Gauge, Histogram, Registry } from 'prom-client';

// The app's side of the observability runtime that server.mjs creates (lib/observe/runtime.mjs) and leaves on
// globalThis: the request's record (its id, and the tool and user the gateway learns), the logger and the
// metrics. It imports nothing of ours and, at run time, neither pino nor prom-client, so every layer may use
// it and nothing is bundled twice. Outside server.mjs (next dev, the jev command, unit tests, serverless
// hosts) there is no runtime: records and metrics are skipped and errors go to the console.

export interface RequestRecord {
  id: string;
  tool?: string;
  userId?: string;
}

interface Runtime {
  logger: Logger;
  als: AsyncLocalStorage<RequestRecord>;
  registry: Registry;
  metrics: {
    requests: Counter<'route' | 'tool' | 'status'>;
    duration: Histogram<'route' | 'tool' | 'status'>;
    refusals: Counter<'budget'>;
    fetchFailures: Counter<'provider'>;
    quotaRemaining: Gauge;
    quotaUsed: Gauge;
  };
  settings: { requestDeadlineMs: number | undefined };
  answerUnavailable(record: RequestRecord | undefined, retryAfterSeconds: number): void;
  answerBadRequest(record: RequestRecord | undefined): void;
}

const KEY = Symbol.for('jev.observe');

function runtime(): Runtime | undefined {
  return (globalThis as { [KEY]?: Runtime })[KEY];
}

/** The current request's record, when running under server.mjs. */
export function currentRequest(): RequestRecord | undefined {
  return runtime()?.als.getStore();
}

/** The tool the current request calls (a known tool only: the label set stays the catalogue). */
export function noteTool(name: string): void {
  const record = currentRequest();
  if (record) record.tool = record.tool === undefined || record.tool === name ? name : '(several)';
}

/** The user the current request acts for. */
export function noteUser(userId: string): void {
  const record = currentRequest();
  if (record) record.userId = userId;
}

/** Hands server.mjs the request deadline at start-up (it cuts off requests that take longer to arrive). */
export function shareRequestDeadline(ms: number): void {
  const rt = runtime();
  if (rt) rt.settings.requestDeadlineMs = ms;
}

/**
 * The current request cannot be served now but may be later (the database is not answering, a page's fetch
 * limit is reached): its answer goes out as 503 with Retry-After (server.mjs), whether the app rendered a notice
 * (a 200) or failed (a page or server action that could not render answers 500).
 */
export function noteUnavailable(retryAfterSeconds: number): void {
  const rt = runtime();
  rt?.answerUnavailable(rt.als.getStore(), retryAfterSeconds);
}

/**
 * The current request asked for something the page refuses (a forged or stale cursor in its address): the page
 * it renders goes out as 400 instead of 200 (server.mjs).
 */
export function noteBadRequest(): void {
  const rt = runtime();
  rt?.answerBadRequest(rt.als.getStore());
}

/** A request refused by a rate budget. */
export function countRefusal(budget: string): void {
  runtime()?.metrics.refusals.inc({ budget });
}

/** A provider fetch that failed in this process. */
export function countFetchFailure(provider: string): void {
  runtime()?.metrics.fetchFailures.inc({ provider });
}

/** An error nobody expected, logged with the current request's id. */
export function logUnexpected(error: unknown): void {
  const rt = runtime();
  if (!rt) {
    console.error('[jev] unexpected error', error);
    return;
  }
  rt.logger.error({ requestId: rt.als.getStore()?.id, err: error }, 'unexpected error');
}

/** A warning, with the current request's id when there is one. */
export function logWarning(message: string, details?: Record<string, unknown>): void {
  const rt = runtime();
  if (!rt) {
    console.warn(`[jev] ${message}`, details ?? '');
    return;
  }
  rt.logger.warn({ requestId: rt.als.getStore()?.id, ...details }, message);
}

export interface Exposition {
  contentType: string;
  text: string;
}

/**
 * The metrics in Prometheus's text format, after `refresh` has set the gauges read at scrape time; undefined
 * when this process has no runtime (not started by server.mjs).
 */
export async function metricsText(
  refresh: (gauges: { quotaRemaining: Gauge; quotaUsed: Gauge }) => Promise<void>,
): Promise<Exposition | undefined> {
  const rt = runtime();
  if (!rt) return undefined;
  await refresh(rt.metrics);
  return { contentType: rt.registry.contentType, text: await rt.registry.metrics() };
}
