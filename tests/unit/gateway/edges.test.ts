import { describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import { type ToolError } from '@/lib/errors';
import { readBodyText } from '@/lib/gateway/body';
import { checkHostAndOrigin } from '@/lib/http/origin';
import { clientAddress } from '@/lib/http/address';

const cfg = parseConfig({ APP_URL: 'https://jev.example.com' });
const behindProxy = parseConfig({ APP_URL: 'https://jev.example.com', TRUSTED_PROXY_HOPS: '1' });

describe('clientAddress', () => {
  it('takes the hop that reached the server when no proxy is trusted', () => {
    expect(clientAddress(new Headers({ 'x-forwarded-for': '203.0.113.7' }), cfg)).toBe('203.0.113.7');
    expect(clientAddress(new Headers({ 'x-forwarded-for': '1.2.3.4, 203.0.113.7' }), cfg)).toBe('203.0.113.7');
  });
  it('skips exactly the trusted hops, so client-written entries are never used', () => {
    expect(clientAddress(new Headers({ 'x-forwarded-for': 'spoof, 198.51.100.4, 10.0.0.2' }), behindProxy)).toBe('198.51.100.4');
    expect(clientAddress(new Headers({ 'x-forwarded-for': '10.0.0.2' }), behindProxy)).toBe('10.0.0.2');
  });
  it('falls back to one shared key without the header', () => {
    expect(clientAddress(new Headers(), cfg)).toBe('unknown');
  });
});

describe('checkHostAndOrigin', () => {
  const check = (headers: Record<string, string>, config = cfg) => {
    try {
      checkHostAndOrigin(new Headers(headers), config);
      return 'ok';
    } catch (error) {
      return (error as ToolError).code;
    }
  };
  it('serves only the console hostname, with or without a port', () => {
    expect(check({ host: 'jev.example.com' })).toBe('ok');
    expect(check({ host: 'JEV.example.com:443' })).toBe('ok');
    expect(check({ host: 'evil.example' })).toBe('forbidden');
    expect(check({ host: 'jev.example.com.evil.example' })).toBe('forbidden');
    expect(check({})).toBe('forbidden');
  });
  it('lets the console and Origin-less clients call, and no other site', () => {
    expect(check({ host: 'jev.example.com', origin: 'https://jev.example.com' })).toBe('ok');
    expect(check({ host: 'jev.example.com', origin: 'http://jev.example.com' })).toBe('forbidden');
    expect(check({ host: 'jev.example.com', origin: 'https://evil.example' })).toBe('forbidden');
    expect(check({ host: 'jev.example.com', 'sec-fetch-site': 'same-site' })).toBe('forbidden');
    expect(check({ host: 'jev.example.com', 'sec-fetch-site': 'none' })).toBe('ok');
  });
  it('reads X-Forwarded-Host only behind a trusted proxy', () => {
    expect(check({ host: 'internal:3000', 'x-forwarded-host': 'jev.example.com' })).toBe('forbidden');
    expect(check({ host: 'internal:3000', 'x-forwarded-host': 'jev.example.com' }, behindProxy)).toBe('ok');
  });
  it('understands IPv6 hosts', () => {
    expect(check({ host: '[::1]:3000' }, parseConfig({ APP_URL: 'http://[::1]:3000' }))).toBe('ok');
  });
  it('takes every loopback name for a loopback APP_URL, and an Origin there with the same scheme and port', () => {
    for (const appUrl of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      const loopback = parseConfig({ APP_URL: appUrl });
      for (const host of ['localhost:3000', '127.0.0.1:3000', '127.0.0.2', '[::1]:3000']) {
        expect(check({ host }, loopback), `${appUrl} ${host}`).toBe('ok');
        expect(check({ host, origin: `http://${host.replace(/:\d+$/, '')}:3000` }, loopback), `${appUrl} ${host}`).toBe('ok');
      }
      expect(check({ host: 'localhost:3000', origin: 'http://localhost:3001' }, loopback)).toBe('forbidden');
      expect(check({ host: 'localhost:3000', origin: 'https://localhost:3000' }, loopback)).toBe('forbidden');
      expect(check({ host: 'localhost.evil.example' }, loopback)).toBe('forbidden');
      expect(check({ host: 'jev.example.com' }, loopback)).toBe('forbidden');
    }
    for (const host of ['localhost', '127.0.0.1:443', '[::1]']) expect(check({ host })).toBe('forbidden');
    expect(check({ host: 'jev.example.com', origin: 'https://localhost' })).toBe('forbidden');
  });
});

describe('readBodyText', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  /** A body whose stream delivers the chunks and then stays open, as a keep-alive socket would. */
  const openBody = (...chunks: string[]) =>
    new ReadableStream<Uint8Array>({ start: (controller) => chunks.forEach((chunk) => controller.enqueue(bytes(chunk))) });
  const post = (body: ReadableStream<Uint8Array>, headers: Record<string, string>) =>
    new Request('http://localhost/', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

  it('returns once the declared length has arrived, without waiting for the stream to end', async () => {
    await expect(readBodyText(post(openBody('{"a":', '1}'), { 'content-length': '7' }))).resolves.toBe('{"a":1}');
  });

  it('reads a body without a declared length to its end, counting the bytes', async () => {
    const closed = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes('{"a":'));
        controller.enqueue(bytes('1}'));
        controller.close();
      },
    });
    await expect(readBodyText(post(closed, {}))).resolves.toBe('{"a":1}');
    const huge = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(new Uint8Array(64 * 1024)),
    });
    await expect(readBodyText(post(huge, {}))).rejects.toMatchObject({ code: 'payload_too_large' });
  });

  it('answers an empty declared body at once, and refuses a body already read by rejecting, never by throwing', async () => {
    await expect(readBodyText(post(openBody(), { 'content-length': '0' }))).resolves.toBe('');
    const request = post(openBody('{}'), { 'content-length': '2' });
    await readBodyText(request);
    const again = readBodyText(request); // callers chain on the promise: a throw here would escape their handlers
    await expect(again).rejects.toThrow(TypeError);
  });
});
