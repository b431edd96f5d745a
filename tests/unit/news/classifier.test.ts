import { describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import { expiringCache } from '@/lib/cache';
import { retryAfterSeconds } from '@/lib/news/classifier';

describe('the answer cache', () => {
  function setup(maxEntries = 10) {
    let clock = 0;
    let calls = 0;
    const cache = expiringCache<string>({ ttlMs: 1000, maxEntries, now: () => clock });
    const compute = (value: string) => async () => {
      calls++;
      return value;
    };
    return { cache, compute, advance: (ms: number) => (clock += ms), calls: () => calls };
  }

  it('computes once per key inside the window, including while the first call is pending', async () => {
    const { cache, compute, calls } = setup();
    const [a, b] = await Promise.all([cache.get('k', compute('one')), cache.get('k', compute('two'))]);
    expect([a, b]).toEqual(['one', 'one']);
    expect(await cache.get('k', compute('three'))).toBe('one');
    expect(calls()).toBe(1);
  });

  it('computes again once the window has passed', async () => {
    const { cache, compute, advance, calls } = setup();
    await cache.get('k', compute('one'));
    advance(1000);
    expect(await cache.get('k', compute('two'))).toBe('two');
    expect(calls()).toBe(2);
  });

  it('does not keep failures', async () => {
    const { cache, compute } = setup();
    await expect(cache.get('k', async () => Promise.reject(new Error('provider down')))).rejects.toThrow('provider down');
    expect(await cache.get('k', compute('ok'))).toBe('ok');
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const { cache, compute, calls } = setup(2);
    for (const key of ['a', 'b', 'c']) await cache.get(key, compute(key));
    await cache.get('c', compute('c'));
    await cache.get('a', compute('a'));
    expect(calls()).toBe(4);
  });
});

describe('Retry-After from the provider', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it('reads seconds and HTTP dates, kept between 1 s and an hour', () => {
    expect(retryAfterSeconds('7', now)).toBe(7);
    expect(retryAfterSeconds(' 0 ', now)).toBe(1);
    expect(retryAfterSeconds('999999', now)).toBe(3600);
    expect(retryAfterSeconds('Sat, 21 Nov 2026 12:00:42 GMT', now)).toBe(42);
    expect(retryAfterSeconds('Sat, 21 Nov 2026 11:00:00 GMT', now)).toBe(1);
  });
  it('falls back to 30 s when the header is missing or unreadable', () => {
    expect(retryAfterSeconds(null, now)).toBe(30);
    expect(retryAfterSeconds('soon', now)).toBe(30);
    expect(retryAfterSeconds('-5', now)).toBe(30);
  });
});

describe('classifier configuration', () => {
  it('has working defaults and no key', () => {
    const cfg = parseConfig({});
    expect(cfg.CLASSIFIER_API_KEY).toBeUndefined();
    expect(cfg.CLASSIFIER_BASE_URL).toBe('https://api.openai.com/v1');
    expect(cfg.CLASSIFIER_MODEL).toBe('gpt-4o-mini');
    expect(cfg.CLASSIFIER_TIMEOUT_SECONDS).toBe(25);
  });
  it('takes a local server and trims its trailing slash', () => {
    const cfg = parseConfig({
      CLASSIFIER_BASE_URL: 'http://127.0.0.1:11434/v1/',
      CLASSIFIER_API_KEY: ' local ',
      CLASSIFIER_MODEL: 'llama3.1',
    });
    expect(cfg.CLASSIFIER_BASE_URL).toBe('http://127.0.0.1:11434/v1');
    expect(cfg.CLASSIFIER_API_KEY).toBe('local');
    expect(cfg.CLASSIFIER_MODEL).toBe('llama3.1');
  });
  it('stops with a message naming the bad variable', () => {
    expect(() => parseConfig({ CLASSIFIER_BASE_URL: 'ftp://models.example' })).toThrow(/CLASSIFIER_BASE_URL/);
    expect(() => parseConfig({ CLASSIFIER_MODEL: ' ' })).toThrow(/CLASSIFIER_MODEL/);
    expect(() => parseConfig({ CLASSIFIER_TIMEOUT_SECONDS: '60' })).toThrow(/CLASSIFIER_TIMEOUT_SECONDS: must be at most 45/);
    expect(() => parseConfig({ CLASSIFIER_TIMEOUT_SECONDS: 'soon' })).toThrow(/CLASSIFIER_TIMEOUT_SECONDS/);
  });
});
