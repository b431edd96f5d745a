import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';

// Bodies sent the way an attacker sends them: a huge one as fast as the server takes it, or a trickle of one
// byte now and then. Either way the test learns when the server answered (or cut the connection) and how much
// of the body had been sent by then.

export interface StreamedAnswer {
  /** 0 when the connection ended without an answer. */
  status: number;
  body: string;
  /** Bytes of the body written before the answer (or the end of the connection). */
  sentBeforeAnswer: number;
  elapsedMs: number;
}

export interface StreamedBody {
  path: string;
  headers?: Record<string, string>;
  /** Bytes in all; sent chunked unless the headers declare a length. */
  totalBytes: number;
  chunkBytes: number;
  /** Pause between chunks (0: as fast as the socket drains). */
  everyMs?: number;
  /** Give up (status 0) after this long. */
  giveUpMs: number;
}

export function streamBody(
  port: number,
  { path, headers = {}, totalBytes, chunkBytes, everyMs = 0, giveUpMs }: StreamedBody,
): Promise<StreamedAnswer> {
  const started = Date.now();
  return new Promise((resolve) => {
    let sent = 0;
    let settled = false;
    const finish = (status: number, body: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(giveUp);
      req.destroy();
      resolve({ status, body, sentBeforeAnswer: sent, elapsedMs: Date.now() - started });
    };
    const giveUp = setTimeout(() => finish(0, ''), giveUpMs);
    const req = httpRequest(
      { host: '127.0.0.1', port, method: 'POST', path, headers: { host: `localhost:${port}`, ...headers } },
      (res) => {
        const status = res.statusCode ?? 0;
        const sentThen = sent;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          sent = sentThen;
          finish(status, Buffer.concat(chunks).toString('utf8'));
        });
        res.on('error', () => finish(status, Buffer.concat(chunks).toString('utf8')));
      },
    );
    req.on('error', () => finish(0, ''));
    req.on('close', () => setTimeout(() => finish(0, ''), 50)); // closed without an answer
    const chunk = Buffer.alloc(chunkBytes, 'a');
    const next = () => {
      if (settled) return;
      if (sent >= totalBytes) return void req.end();
      sent += chunk.length;
      const drained = req.write(chunk);
      if (everyMs > 0) setTimeout(next, everyMs);
      else if (drained) setImmediate(next);
      else req.once('drain', next);
    };
    next();
  });
}

/** The resident memory of a process, in MB (Linux). */
export async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
}
