// The observability runtime of the production server (server.mjs): request ids, the access log and the
// Prometheus registry. server.mjs creates it once, before Next starts, and leaves it on globalThis under
// Symbol.for('jev.observe'); Next's route handlers run in the same process and reach it through
// lib/observe/index.ts, which imports neither pino nor prom-client (so neither is bundled into the app).
//
// Cost per request: one id (kept or crypto.randomUUID), one AsyncLocalStorage.run, one pino line written by
// sonic-boom asynchronously (lines written while a write is in flight are coalesced; nothing is written
// synchronously per request), one counter increment and one histogram observation.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import client from 'prom-client';

export const OBSERVE_KEY = Symbol.for('jev.observe');

/** A client-sent X-Request-Id is kept when it is 1–128 of these characters; anything else gets a fresh id. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The incoming id when sane, else a new UUID. */
export function requestIdOf(sent) {
  return typeof sent === 'string' && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** Route label: a fixed set, so a client cannot grow the metrics with paths of its own choosing. */
export function routeOf(pathname) {
  if (pathname.startsWith('/api/v1/tools/')) return '/api/v1/tools/:name';
  if (pathname.startsWith('/api/auth/')) return '/api/auth';
  switch (pathname) {
    case '/api/v1/tools':
    case '/api/mcp':
    case '/api/health':
    case '/api/ready':
    case '/api/metrics':
    case '/api/cron/ingest':
      return pathname;
    default:
      return pathname.startsWith('/api/') ? '/api/other' : 'page';
  }
}

function createRuntime(env) {
  const level = env.LOG_LEVEL || 'info';
  // Asynchronous destination: lines are buffered and written by sonic-boom off the request's path.
  const destination = pino.destination({ dest: 1, sync: false });
  const logger = pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
  const als = new AsyncLocalStorage();

  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'jev_' });
  const metrics = {
    requests: new client.Counter({
      name: 'jev_http_requests_total',
      help: 'API requests answered, by route, tool and status.',
      labelNames: ['route', 'tool', 'status'],
      registers: [registry],
    }),
    duration: new client.Histogram({
      name: 'jev_http_request_duration_seconds',
      help: 'Time to answer an API request, from its arrival to the last byte handed to the socket.',
      labelNames: ['route', 'tool', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    refusals: new client.Counter({
      name: 'jev_budget_refusals_total',
      help: 'Requests refused by a rate budget (429), by budget: address, token, user.',
      labelNames: ['budget'],
      registers: [registry],
    }),
    fetchFailures: new client.Counter({
      name: 'jev_provider_fetch_failures_total',
      help: 'Provider fetches that failed in this process (props on demand, the cron route), by provider.',
      labelNames: ['provider'],
      registers: [registry],
    }),
    quotaRemaining: new client.Gauge({
      name: 'jev_provider_quota_remaining',
      help: "The Odds API's requests remaining, as last reported to any process (read from the database at each scrape).",
      registers: [registry],
    }),
    quotaUsed: new client.Gauge({
      name: 'jev_provider_quota_used',
      help: "The Odds API's requests used, as last reported to any process (read from the database at each scrape).",
      registers: [registry],
    }),
  };
  // Set by the app at start-up (instrumentation-node.ts), read by server.mjs: one definition of each setting.
  const settings = { requestDeadlineMs: undefined };
  return { logger, destination, als, registry, metrics, settings, answerUnavailable, answerBadRequest };
}

/**
 * The app cannot serve this request now (lib/observe's noteUnavailable: the database down, say): if
 * the answer has not started, it goes out as 503 with Retry-After, whether the app rendered its notice (a 200) or
 * failed (a 500, a server action). A redirect is left alone. Only this request's response is touched, and only then.
 */
function answerUnavailable(record, retryAfterSeconds) {
  const res = record?.res;
  if (!res || res.headersSent || record.unavailable) return;
  record.unavailable = true;
  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    if (status >= 300 && status < 500) return writeHead.call(this, status, ...rest);
    this.setHeader('Retry-After', String(retryAfterSeconds));
    return writeHead.call(this, 503, ...rest.filter((part) => typeof part !== 'string')); // not the old status's reason
  };
  // A form posted without JavaScript whose server action failed gets Next's bare "Internal Server Error" text
  // (Next renders no error page for it): it goes out as a page saying what happened and what to do.
  const end = res.end;
  res.end = function (chunk, ...rest) {
    if (this.headersSent || this.statusCode < 500 || !String(this.getHeader('content-type')).startsWith('text/plain'))
      return end.call(this, chunk, ...rest);
    this.setHeader('Content-Type', 'text/html; charset=utf-8');
    this.removeHeader('Content-Length');
    this.removeHeader('ETag');
    return end.call(this, unavailablePage(this.req?.url ?? '/'), ...rest.filter((part) => typeof part === 'function'));
  };
}

const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page answering a form the database could not take; `path` is the page the form was on. */
function unavailablePage(path) {
  return (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>This page is unavailable right now · JEV</title></head><body><main id="main">' +
    '<h1>This page is unavailable right now</h1>' +
    '<p role="alert">JEV&rsquo;s database is not answering, so what you sent was not saved. Nothing you saved before is lost. ' +
    'Try again in a few seconds.</p>' +
    `<p><a href="${escapeHtml(path)}">Back to the page</a></p></main></body></html>`
  );
}

/**
 * The page the app rendered refuses what the request asked for (lib/observe's noteBadRequest: a forged or stale
 * link): if the answer has not started and is a 200, it goes out as 400, page and all. Anything else is left alone.
 */
function answerBadRequest(record) {
  const res = record?.res;
  if (!res || res.headersSent || record.badRequest) return;
  record.badRequest = true;
  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    if (status !== 200) return writeHead.call(this, status, ...rest);
    return writeHead.call(this, 400, ...rest.filter((part) => typeof part !== 'string'));
  };
}

/** The process's runtime, created on first call. */
export function observeRuntime(env = process.env) {
  globalThis[OBSERVE_KEY] ??= createRuntime(env);
  return globalThis[OBSERVE_KEY];
}

/**
 * Wraps a node:http handler: gives the request its id (request and response header), runs the handler inside
 * the request's record (what the gateway learns: tool, user), and on finish writes one access line and updates
 * the request metrics for /api requests.
 */
export function observed(handler) {
  const { logger, als, metrics } = observeRuntime();
  return (req, res) => {
    const started = process.hrtime.bigint();
    const id = requestIdOf(req.headers['x-request-id']);
    req.headers['x-request-id'] = id;
    res.setHeader('X-Request-Id', id);
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (!path.startsWith('/api/')) return als.run({ id, res }, handler, req, res);
    const record = { id, tool: undefined, userId: undefined, res };
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(path);
      const status = res.statusCode;
      const tool = record.tool ?? '';
      const labels = { route, tool, status: String(status) };
      metrics.requests.inc(labels);
      metrics.duration.observe(labels, seconds);
      logger.info(
        {
          requestId: id,
          method: req.method,
          route,
          path,
          tool: record.tool,
          status,
          durationMs: Math.round(seconds * 1e6) / 1e3,
          userId: record.userId,
          aborted: res.writableFinished ? undefined : true,
        },
        'request',
      );
    });
    als.run(record, handler, req, res);
  };
}

/** Flushes buffered log lines before the process exits. */
export function flushLogs() {
  const runtime = globalThis[OBSERVE_KEY];
  try {
    runtime?.destination.flushSync();
  } catch {
    // Nothing buffered, or stdout already closed.
  }
}
