import { AsyncLocalStorage } from 'node:async_hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asToolError } from '@/lib/errors';
import { currentRequest, noteTool, noteUser, type RequestRecord } from '@/lib/observe';
import { requestIdOf, routeOf } from '@/lib/observe/runtime.mjs';

// The app's side of the observability runtime, against a stand-in runtime on globalThis, and the pure
// helpers of server.mjs's side.

const KEY = Symbol.for('jev.observe');
const globals = globalThis as { [KEY]?: unknown };

function fakeRuntime() {
  const als = new AsyncLocalStorage<RequestRecord>();
  const logger = { error: vi.fn(), warn: vi.fn() };
  globals[KEY] = { als, logger };
  return { als, logger };
}

afterEach(() => {
  delete globals[KEY];
});

describe('request ids', () => {
  const isId = (value: string) => /^[0-9a-f-]{36}$/.test(value);
  it('keeps a sane incoming id and replaces anything else', () => {
    expect(requestIdOf('abc-123_x.y:z')).toBe('abc-123_x.y:z');
    expect(requestIdOf('a'.repeat(128))).toBe('a'.repeat(128));
    for (const bad of [undefined, '', 'a'.repeat(129), 'a b', 'x\ny', '<script>', ['a', 'b'], 'é']) {
      expect(isId(requestIdOf(bad))).toBe(true);
    }
  });

  it('labels routes from a fixed set', () => {
    expect(routeOf('/api/v1/tools/calc_ev')).toBe('/api/v1/tools/:name');
    expect(routeOf('/api/v1/tools/anything-at-all')).toBe('/api/v1/tools/:name');
    expect(routeOf('/api/mcp')).toBe('/api/mcp');
    expect(routeOf('/api/auth/callback/github')).toBe('/api/auth');
    expect(routeOf('/api/whatever')).toBe('/api/other');
    expect(routeOf('/connect')).toBe('page');
  });
});

describe('the request record', () => {
  it('is absent outside server.mjs, and noting is then a no-op', () => {
    expect(currentRequest()).toBeUndefined();
    noteTool('calc_ev');
    noteUser('u1');
  });

  it('collects the tool and the user of the current request', () => {
    const { als } = fakeRuntime();
    const record: RequestRecord = { id: 'r1' };
    als.run(record, () => {
      noteUser('u1');
      noteTool('calc_ev');
      noteTool('calc_ev');
    });
    expect(record).toEqual({ id: 'r1', tool: 'calc_ev', userId: 'u1' });
    als.run(record, () => noteTool('calc_parlay'));
    expect(record.tool).toBe('(several)');
  });

  it('logs an unexpected error with the request id', async () => {
    const { als, logger } = fakeRuntime();
    const boom = new Error('boom');
    await als.run({ id: 'r2' }, async () => {
      await Promise.resolve();
      expect(asToolError(boom).code).toBe('internal');
    });
    expect(logger.error).toHaveBeenCalledWith({ requestId: 'r2', err: boom }, 'unexpected error');
  });
});
