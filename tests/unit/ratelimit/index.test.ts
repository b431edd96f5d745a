import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRateLimiter } from '@/lib/ratelimit';
import { awayFromWindowEdge } from '../../helpers/budget-window';

const budget = { name: 'index-test', limit: 1, windowSeconds: 60 };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createRateLimiter', () => {
  it('falls back to a per-process limiter without Upstash credentials', async () => {
    await awayFromWindowEdge(budget.windowSeconds, 1_000);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const a = createRateLimiter({});
    const b = createRateLimiter({ upstashUrl: '', upstashToken: '' });

    expect((await a.consume(budget, 'k')).allowed).toBe(true);
    expect((await a.consume(budget, 'k')).allowed).toBe(false);
    // Nothing shared between instances: each process has its own budget.
    expect((await b.consume(budget, 'k')).allowed).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns when only half of the Upstash configuration is present', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await awayFromWindowEdge(budget.windowSeconds, 1_000);
    const limiter = createRateLimiter({ upstashUrl: 'https://example.upstash.io' });

    expect(warn).toHaveBeenCalledWith(expect.stringContaining('in-memory'));
    expect((await limiter.consume(budget, 'k')).allowed).toBe(true);
    expect((await limiter.consume(budget, 'k')).allowed).toBe(false);
  });
});
