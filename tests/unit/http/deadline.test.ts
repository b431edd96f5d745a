import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withDeadline } from '@/lib/http/deadline';

// The request deadline every REST, MCP and OAuth request runs within (REQUEST_DEADLINE_SECONDS).

describe('withDeadline', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const late = () => new Error('late');

  it('settles as the work does when it finishes in time, and leaves no timer behind', async () => {
    await expect(withDeadline(Promise.resolve(42), 1000, late)).resolves.toBe(42);
    await expect(withDeadline(Promise.reject(new Error('failed')), 1000, late)).rejects.toThrow('failed');
    expect(vi.getTimerCount()).toBe(0);
  });

  it("rejects with late()'s error once the time has passed, and ignores the work's later answer or failure", async () => {
    let finish!: (value: number) => void;
    const answered = withDeadline(new Promise<number>((resolve) => (finish = resolve)), 1000, late);
    let fail!: (error: Error) => void;
    const failed = withDeadline(new Promise<number>((_, reject) => (fail = reject)), 1000, late);
    vi.advanceTimersByTime(999);
    await Promise.resolve();
    vi.advanceTimersByTime(1);
    await expect(answered).rejects.toThrow('late');
    await expect(failed).rejects.toThrow('late');
    finish(1);
    fail(new Error('too late to matter')); // handled: no unhandled rejection fails the run
    await Promise.resolve();
  });
});
