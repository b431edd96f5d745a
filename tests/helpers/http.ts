import { request as httpRequest } from 'node:http';

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
