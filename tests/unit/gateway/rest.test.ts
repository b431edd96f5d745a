import { describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { callTool, listTools } from '@/lib/gateway/rest';
import { createRateLimiter } from '@/lib/ratelimit';
import { createRoot } from '@/lib/root';
import { NO_CLASSIFIER } from '../../helpers/tool-context';

// The REST front end in-process: how its refusals are encoded (the check order itself is tested over HTTP).

function gateway() {
  return createRoot({
    config: parseConfig({}),
    db: {} as Db,
    budgets: createRateLimiter({}),
    now: () => new Date('2026-11-21T12:00:00Z'),
    catalogue: [],
    classifier: NO_CLASSIFIER,
  }).gateway;
}

const request = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost:3000${path}`, { method: 'POST', headers: { host: 'localhost:3000', ...headers }, body: '{}' });

describe('REST errors', () => {
  it('a 401 carries the RFC 6750 challenge with the realm; the body stays the error object', async () => {
    for (const answer of [
      await callTool(gateway(), request('/api/v1/tools/calc_ev'), 'calc_ev'),
      await callTool(gateway(), request('/api/v1/tools/calc_ev', { authorization: 'Bearer nope' }), 'calc_ev'),
      await listTools(gateway(), request('/api/v1/tools')),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="jev", error="invalid_token"');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const { error } = await answer.json();
      expect(error).toEqual({ code: 'invalid_token', message: expect.stringContaining('Connect page'), issues: [] });
    }
  });

  it('other refusals carry no challenge', async () => {
    const answer = await callTool(gateway(), request('/api/v1/tools/calc_ev', { host: 'evil.example' }), 'calc_ev');
    expect(answer.status).toBe(403);
    expect(answer.headers.get('www-authenticate')).toBeNull();
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});
