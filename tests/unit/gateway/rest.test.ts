import { describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { callTool, listTools } from '@/lib/gateway/rest';
import { MALFORMED_TOKEN_MESSAGE, MISSING_TOKEN_MESSAGE } from '@/lib/gateway/token';
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

  it('a Bearer token not shaped like a JEV token is told apart from a missing one: same code and challenge (before: the missing text)', async () => {
    const refusal = async (headers: Record<string, string>) =>
      (await (await callTool(gateway(), request('/api/v1/tools/calc_ev', headers), 'calc_ev')).json()).error.message;
    for (const headers of [{}, { authorization: 'Bearer' }, { authorization: 'Token abc' }] as Record<string, string>[]) {
      expect(await refusal(headers), JSON.stringify(headers)).toBe(MISSING_TOKEN_MESSAGE);
    }
    for (const authorization of ['Bearer nope', 'Bearer ghp_16C7e42F292c6912E7710c838347Ae178B4a', 'Bearer jev_abc def']) {
      expect(await refusal({ authorization }), authorization).toBe(MALFORMED_TOKEN_MESSAGE);
    }
    expect(MALFORMED_TOKEN_MESSAGE).toMatch(
      /^The Bearer token in the Authorization header is not a JEV access token\b.*\(Authorization: Bearer jev_\.\.\.\)\. Create one on the Connect page\.$/,
    );
  });

  it('other refusals carry no challenge', async () => {
    const answer = await callTool(gateway(), request('/api/v1/tools/calc_ev', { host: 'evil.example' }), 'calc_ev');
    expect(answer.status).toBe(403);
    expect(answer.headers.get('www-authenticate')).toBeNull();
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});
