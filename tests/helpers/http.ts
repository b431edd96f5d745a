import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';

// Raw HTTP for what fetch will not send: a foreign Host header, chunked bodies, lying lengths.

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json(): any;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /**
   * Sent as is with its Content-Length, as curl and fetch send a body (unless `headers` name one, true or not);
   * an array is sent chunk by chunk with Transfer-Encoding: chunked and no length.
   */
  body?: string | Buffer | Buffer[];
}

export function raw(port: number, { method = 'POST', path, headers = {}, body }: RawRequest): Promise<RawResponse> {
  const declared = Object.keys(headers).some((name) => name.toLowerCase() === 'content-length');
  const length = body === undefined || Array.isArray(body) || declared ? {} : { 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, headers: { host: `localhost:${port}`, ...length, ...headers } },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, json: () => JSON.parse(text) });
        });
      },
    );
    // A server may answer early (413) and close while the body is still being sent, as curl sees it too.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    if (Array.isArray(body)) {
      for (const chunk of body) req.write(chunk);
    } else if (body !== undefined) {
      req.write(body);
    }
    req.end();
  });
}

/** A REST tool call as `token`'s owner that must answer 200: its `data` (the answer's body in the failure message). */
export async function toolData(port: number, token: string, tool: string, args: Record<string, unknown>): Promise<any> {
  const res = await raw(port, {
    path: `/api/v1/tools/${tool}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  // No vitest `expect` here: the browser tests import this module too.
  if (res.status !== 200) throw new Error(`${tool} answered ${res.status}: ${res.body}`);
  return res.json().data;
}

/**
 * One request line sent as written over a TCP socket (`GET ftp://evil.example/ HTTP/1.1`), for targets and
 * methods no HTTP client sends, with `Host` for the server and `Connection: close`; the answer is read until the
 * server closes. A server that closes without answering gives status 0.
 */
export function requestLine(port: number, line: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const head = Object.entries({ host: `localhost:${port}`, connection: 'close', ...headers }).map(
    ([name, value]) => `${name}: ${value}\r\n`,
  );
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(parseResponse(Buffer.concat(chunks).toString('latin1'))));
    socket.write(`${line}\r\n${head.join('')}\r\n`, 'latin1');
  });
}

function parseResponse(text: string): RawResponse {
  const end = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = (end === -1 ? text : text.slice(0, end)).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = end === -1 ? '' : text.slice(end + 4);
  if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
  const decoded = Buffer.from(body, 'latin1').toString('utf8');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body: decoded, json: () => JSON.parse(decoded) };
}

function unchunk(body: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    const size = lineEnd === -1 ? 0 : parseInt(body.slice(at, lineEnd), 16);
    if (!size) return out;
    out += body.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

/** True when a Location (or any URL) a browser would follow stays on `origin`. */
export function staysOn(origin: string, location: string | undefined): boolean {
  if (location === undefined) return false;
  return new URL(location, origin).origin === origin && !/^[\s/\\]*[/\\]{2}/.test(location.replace(/[\t\n\r]/g, ''));
}
