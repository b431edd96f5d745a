import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '../helpers/fixtures';
import { raw } from '../helpers/http';
import { GENEROUS_BUDGETS, startServer, type RunningServer } from '../helpers/server';

// Request ids, the access log and the metrics endpoint, over real HTTP against the production server
// (server.mjs), whose stdout is the log.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const METRICS_TOKEN = 'metrics-secret-0123456789';
const TOKEN_BUDGET = 5;

interface LogLine {
  requestId?: string;
  msg?: string;
  [key: string]: unknown;
}

/** The server's JSON lines (the start-up banner is not JSON). */
function logLines(server: RunningServer): LogLine[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/** The access lines of one request id, once written (the log is written asynchronously). */
async function accessLines(server: RunningServer, id: string): Promise<LogLine[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const lines = logLines(server).filter((line) => line.requestId === id && line.msg === 'request');
    if (lines.length > 0 || Date.now() > deadline) return lines;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One sample of the exposition text, e.g. `jev_http_requests_total{route="…",tool="…",status="200"}`; 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('request ids, access log and metrics', () => {
  let database: TestDatabase;
  let server: RunningServer;
  let off: RunningServer;
  let userId: string;
  const tokens: string[] = [];

  beforeAll(async () => {
    database = await testDatabase('sqlite');
    userId = await database.user('alice@example.com');
    for (let i = 0; i < 4; i++) tokens.push((await database.token(userId, 'read')).token);
    [server, off] = await Promise.all([
      startServer({ DATABASE_URL: database.url, ...GENEROUS_BUDGETS, RATE_LIMIT_TOKEN_PER_MINUTE: String(TOKEN_BUDGET), METRICS_TOKEN }),
      startServer({ DATABASE_URL: database.url, ...GENEROUS_BUDGETS }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([server?.stop(), off?.stop()]);
    await database?.close();
  });

  const call = (token: string, headers: Record<string, string> = {}) =>
    raw(server.port, {
      path: '/api/v1/tools/calc_no_vig_odds',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ prices: [-110, -110] }),
    });
  const metrics = (authorization?: string, target = server) =>
    raw(target.port, { method: 'GET', path: '/api/metrics', headers: authorization ? { authorization } : {} });

  it('keeps a sane X-Request-Id and returns it', async () => {
    const res = await call(tokens[0] as string, { 'x-request-id': 'client-42.a:b_c' });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('client-42.a:b_c');
  });

  it('replaces a missing, too long or unsafe X-Request-Id with a new one, on every answer', async () => {
    const answers = await Promise.all([
      call(tokens[0] as string),
      call(tokens[0] as string, { 'x-request-id': 'x'.repeat(129) }),
      call(tokens[0] as string, { 'x-request-id': 'a b"<script>' }),
      call('jev_not_a_token'), // 401
      raw(server.port, { method: 'GET', path: '/api/health' }),
      raw(server.port, { method: 'GET', path: '/api/v1/tools/no_such_tool', headers: { authorization: `Bearer ${tokens[0]}` } }),
    ]);
    const ids = answers.map((res) => res.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    expect(answers[3]?.status).toBe(401);
  });

  it('writes one JSON access line per API request: route, tool, status, duration, user id, never the token', async () => {
    const token = tokens[1] as string;
    const id = `log-test-${Date.now()}`;
    expect((await call(token, { 'x-request-id': id })).status).toBe(200);
    const lines = await accessLines(server, id);
    expect(lines).toHaveLength(1);
    const line = lines[0] as LogLine;
    expect(line).toMatchObject({
      requestId: id,
      method: 'POST',
      route: '/api/v1/tools/:name',
      path: '/api/v1/tools/calc_no_vig_odds',
      tool: 'calc_no_vig_odds',
      status: 200,
      userId,
      level: 30,
    });
    expect(typeof line.durationMs).toBe('number');
    expect(line.durationMs).toBeGreaterThan(0);

    // A refused request is logged too, with its status and without a user.
    const refusedId = `log-401-${Date.now()}`;
    expect((await call('jev_not_a_token', { 'x-request-id': refusedId })).status).toBe(401);
    const [refused] = await accessLines(server, refusedId);
    expect(refused).toMatchObject({ status: 401, route: '/api/v1/tools/:name' });
    expect(refused?.userId).toBeUndefined();

    for (const t of tokens) expect(server.output()).not.toContain(t);
    expect(server.output()).not.toContain(METRICS_TOKEN);
  });

  it('logs MCP calls with their tool and user, and returns the id there too', async () => {
    const id = `mcp-${Date.now()}`;
    const res = await raw(server.port, {
      path: '/api/mcp',
      headers: {
        authorization: `Bearer ${tokens[1]}`,
        'content-type': 'application/json',
        accept: 'application/json',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'calc_no_vig_odds',
        'x-request-id': id,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'calc_no_vig_odds',
          arguments: { prices: [-110, -110] },
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientInfo': { name: 'observe-test', version: '1.0.0' },
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe(id);
    const [line] = await accessLines(server, id);
    expect(line).toMatchObject({ route: '/api/mcp', tool: 'calc_no_vig_odds', status: 200, userId });
  });

  it('serves no metrics without METRICS_TOKEN, and refuses a missing or wrong secret', async () => {
    expect((await metrics(`Bearer ${METRICS_TOKEN}`, off)).status).toBe(404);
    const none = await metrics();
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toContain('invalid_token');
    expect((await metrics('Bearer wrong-secret-0123456789')).status).toBe(401);
    expect((await metrics(`Bearer ${METRICS_TOKEN}x`)).status).toBe(401);
  });

  it('counts requests by route, tool and status, their latency, and budget refusals', async () => {
    const series = 'jev_http_requests_total{route="/api/v1/tools/:name",tool="calc_no_vig_odds",status="200"}';
    const histogram = 'jev_http_request_duration_seconds_count{route="/api/v1/tools/:name",tool="calc_no_vig_odds",status="200"}';
    const refusals = 'jev_budget_refusals_total{budget="token"}';
    const before = await metrics(`Bearer ${METRICS_TOKEN}`);
    expect(before.status).toBe(200);
    expect(before.headers['content-type']).toContain('text/plain');
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.body).toContain('jev_provider_fetch_failures_total');
    expect(before.body).toContain('jev_provider_quota_remaining');

    const token = tokens[2] as string;
    for (let i = 0; i < 3; i++) expect((await call(token)).status).toBe(200);
    const after = await metrics(`Bearer ${METRICS_TOKEN}`);
    expect(sample(after.body, series) - sample(before.body, series)).toBe(3);
    expect(sample(after.body, histogram) - sample(before.body, histogram)).toBe(3);

    const spender = tokens[3] as string;
    const statuses: number[] = [];
    for (let i = 0; i < TOKEN_BUDGET + 2; i++) statuses.push((await call(spender)).status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    const last = await metrics(`Bearer ${METRICS_TOKEN}`);
    expect(sample(last.body, refusals) - sample(after.body, refusals)).toBe(2);
    expect(sample(last.body, 'jev_http_requests_total{route="/api/v1/tools/:name",tool="calc_no_vig_odds",status="429"}')).toBe(2);
    // The scrapes themselves are counted, under their own route and no tool.
    expect(sample(last.body, 'jev_http_requests_total{route="/api/metrics",tool="",status="200"}')).toBeGreaterThanOrEqual(2);
  });
});
