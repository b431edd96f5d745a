import { METHODS } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ToolError } from '@/lib/errors';
import { requestLine, staysOn, type RawResponse } from '../helpers/http';
import { testApp } from '../helpers/test-app';

// Every form a request line's target and method can take, sent as raw bytes to the real server: whatever the
// line, the answer is never a redirect off the console and never a 5xx. Targets other than a path or an http(s)
// URL are 400 with the error object, an http(s) URL is judged by its own host, and a method the app does not
// route is 405 with the error object, including those Node's parser does not know (TRACK) and CONNECT.

/**
 * The error object of a refusal made before the app (lib/http/front-door.mjs, plain JavaScript that writes it by
 * hand): the app's own, as lib/errors.ts makes it, with the front door's message.
 */
const refusal = { error: { ...new ToolError('invalid_input', '').toJSON(), message: expect.any(String) } };

const SCHEMES = ['ftp', 'ws', 'wss', 'gopher', 'file', 'x', 'javascript', 'data', 'http', 'https', 'HTTP'];
const PATHS = ['/', '/connect', '/connect/', '/api/v1/tools', '//evil.example/x', '/%0aalert(1)', '/\\evil.example'];
/** The methods the app routes; every other one is refused before it. */
const ROUTED = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

describe('request targets and methods on sqlite', () => {
  const app = testApp('sqlite');
  const send = (line: string) => requestLine(app.server.port, line);
  const own = () => `localhost:${app.server.port}`;

  /** What holds for every request line: some answer, not a 5xx, and no Location or Refresh off the console. */
  function expectSafe(line: string, res: RawResponse) {
    // requestLine keeps one value per header.
    const location = res.headers.location as string | undefined;
    const refresh = res.headers.refresh as string | undefined;
    const what = `${line} → ${res.status} ${location ?? ''} ${res.body.slice(0, 120)}`;
    expect(res.status, what).toBeGreaterThanOrEqual(200);
    expect(res.status, what).toBeLessThan(500);
    if (location !== undefined) expect(staysOn(app.server.origin, location), what).toBe(true);
    if (refresh !== undefined) expect(staysOn(app.server.origin, /url=(.*)$/i.exec(refresh)?.[1]), what).toBe(true);
  }

  it.each([
    ['GET ftp://evil.example/connect', 400],
    ['GET ws://evil.example/connect', 400],
    ['GET wss://evil.example/connect', 400],
    ['GET gopher://evil.example/', 400],
    ['GET file:///etc/passwd', 400],
    ['GET x://evil.example/', 400],
    ['GET javascript://evil.example/%0aalert(1)', 400],
    ['GET mailto:ann@evil.example', 400],
    ['GET evil.example:443', 400],
    ['GET *', 400],
    ['OPTIONS *', 400],
    ['GET http://evil.example/', 403],
    ['GET HTTPS://EVIL.EXAMPLE/connect', 403],
    ['CONNECT evil.example:443', 405],
    ['TRACE /', 405],
    ['TRACK /', 405],
    ['PROPFIND /connect', 405],
    ['QUERY /api/v1/tools', 405],
    // The target is read before the method.
    ['M-SEARCH *', 400],
  ])('%s is %i', async (request, status) => {
    const line = `${request} HTTP/1.1`;
    const res = await send(line);
    expectSafe(line, res);
    expect(res.status, res.body).toBe(status);
    if (status === 405) expect(res.headers.allow).toBe('GET, HEAD, POST');
    if (status !== 403) {
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual(refusal);
    }
  });

  it('an http(s) URL of the console itself is served as its path', async () => {
    for (const scheme of ['http', 'https']) {
      const res = await send(`GET ${scheme}://${own()}/api/health HTTP/1.1`);
      expect(res.status, res.body).toBe(200);
      expect(res.json()).toMatchObject({ ok: true });
    }
  });

  it('no target, of any scheme, host and path, is redirected off the console or answered 5xx', async () => {
    const hosts = ['evil.example', own(), `${own()}@evil.example`, `evil.example@${own()}`, ''];
    for (const scheme of SCHEMES) {
      for (const host of hosts) {
        for (const path of PATHS) {
          const line = `GET ${scheme}://${host}${path} HTTP/1.1`;
          const res = await send(line);
          expectSafe(line, res);
          if (!/^https?$/i.test(scheme)) expect(res.status, line).toBe(400);
        }
      }
    }
    for (const path of PATHS) {
      for (const method of ['GET', 'HEAD', 'POST']) {
        const line = `${method} ${path} HTTP/1.1`;
        expectSafe(line, await send(line));
      }
    }
  }, 120_000);

  it('every method Node parses but the app does not route is 405 with the error object, on every path', async () => {
    const refused = METHODS.filter((method) => !ROUTED.includes(method));
    expect(refused).toEqual(expect.arrayContaining(['CONNECT', 'TRACE', 'PROPFIND', 'PURGE']));
    for (const method of [...refused, 'TRACK', 'BREW', 'X-CUSTOM']) {
      for (const target of method === 'CONNECT' ? ['evil.example:443', `${own()}`] : ['/', '/api/v1/tools', '/api/mcp']) {
        const line = `${method} ${target} HTTP/1.1`;
        const res = await send(line);
        expectSafe(line, res);
        expect(res.status, line).toBe(405);
        expect(res.json().error.message, line).toBe(`${method} is not served here. The service answers GET, HEAD and POST.`);
      }
    }
  }, 120_000);

  it("other parse errors keep Node's own answers: 431 for oversized headers, 400 for a line that is no request", async () => {
    const oversized = await requestLine(app.server.port, 'GET / HTTP/1.1', { 'x-filler': 'a'.repeat(20_000) });
    expect(oversized.status).toBe(431);
    const binary = await send('\u0016\u0003\u0001\u0002\u0000');
    expect(binary.status).toBe(400);
    expect(binary.body).toBe('');
  });
});
