/**
 * Loopback stand-in for the Upstash REST API in front of a real redis-server, covering what
 * @upstash/redis sends: `POST /` (one command as a JSON array) and `POST /pipeline` (an array of them),
 * bearer-token auth, and `Upstash-Encoding: base64` (every string in a result base64-encoded).
 * Speaks RESP2 over node:net so the tests need no Redis client package.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';

const REDIS_HOST = '127.0.0.1';
const REDIS_PORT = 6379;
const CONNECT_TIMEOUT_MS = 3000;

class RespError {
  constructor(readonly message: string) {}
}
type RespValue = Buffer | string | number | null | RespError | RespValue[];

/** Minimal RESP2 connection: commands are written in order, so replies resolve a FIFO of waiters. */
class RespConnection {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly waiters: { resolve(v: RespValue): void; reject(e: Error): void }[] = [];
  private failure: Error | undefined;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk) => this.onData(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('redis connection closed')));
  }

  static open(host: string, port: number): Promise<RespConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port });
      socket.setTimeout(CONNECT_TIMEOUT_MS, () => socket.destroy(new Error(`timed out after ${CONNECT_TIMEOUT_MS} ms`)));
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.setTimeout(0);
        socket.off('error', reject);
        resolve(new RespConnection(socket));
      });
    });
  }

  /** Writes all commands in one go so concurrent HTTP requests never interleave inside a pipeline. */
  send(commands: readonly string[][]): Promise<RespValue[]> {
    if (this.failure) return Promise.reject(this.failure);
    const replies = commands.map(() => new Promise<RespValue>((resolve, reject) => this.waiters.push({ resolve, reject })));
    this.socket.write(Buffer.concat(commands.map(encodeCommand)));
    return Promise.all(replies);
  }

  close(): Promise<void> {
    if (this.socket.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.end();
    });
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const parsed = parseReply(this.buffer, 0);
      if (parsed === undefined) return;
      this.buffer = this.buffer.subarray(parsed.next);
      this.waiters.shift()?.resolve(parsed.value);
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
  }
}

function encodeCommand(args: readonly string[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`*${args.length}\r\n`)];
  for (const arg of args) {
    const bytes = Buffer.from(arg);
    parts.push(Buffer.from(`$${bytes.length}\r\n`), bytes, Buffer.from('\r\n'));
  }
  return Buffer.concat(parts);
}

/** Parses one reply starting at `offset`; undefined when the buffer doesn't hold all of it yet. */
function parseReply(buf: Buffer, offset: number): { value: RespValue; next: number } | undefined {
  const lineEnd = buf.indexOf('\r\n', offset);
  if (lineEnd === -1) return undefined;
  const line = buf.toString('utf8', offset + 1, lineEnd);
  const next = lineEnd + 2;
  switch (buf[offset]) {
    case 0x2b: // +
      return { value: line, next };
    case 0x2d: // -
      return { value: new RespError(line), next };
    case 0x3a: // :
      return { value: Number(line), next };
    case 0x24: {
      // $
      const length = Number(line);
      if (length === -1) return { value: null, next };
      if (buf.length < next + length + 2) return undefined;
      return { value: buf.subarray(next, next + length), next: next + length + 2 };
    }
    case 0x2a: {
      // *
      const count = Number(line);
      if (count === -1) return { value: null, next };
      const items: RespValue[] = [];
      let cursor = next;
      for (let i = 0; i < count; i++) {
        const item = parseReply(buf, cursor);
        if (item === undefined) return undefined;
        items.push(item.value);
        cursor = item.next;
      }
      return { value: items, next: cursor };
    }
    default:
      throw new Error(`unexpected RESP type byte ${String(buf[offset])}`);
  }
}

type RestReply = { result: unknown } | { error: string };

function toRest(value: RespValue, base64: boolean): RestReply {
  return value instanceof RespError ? { error: value.message } : { result: toJson(value, base64) };
}

function toJson(value: RespValue, base64: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => toJson(item, base64));
  // A nested error (e.g. inside an EXEC reply) has no REST shape of its own; pass its text on.
  if (value instanceof RespError) return toJson(value.message, base64);
  if (typeof value === 'string') return base64 ? Buffer.from(value).toString('base64') : value;
  if (Buffer.isBuffer(value)) return value.toString(base64 ? 'base64' : 'utf8');
  return value;
}

const sha1 = (text: string): string => createHash('sha1').update(text).digest('hex');

/**
 * Redis 7.0 rejects the `#!lua flags=allow-key-locking` shebang that @upstash/ratelimit puts on its
 * scripts, so the bridge strips it. The library calls EVALSHA with the hash of the *unstripped* text,
 * which Redis never saw; remembering original-hash → stripped-hash lets EVALSHA hit after the first
 * NOSCRIPT → EVAL round trip instead of missing forever.
 */
class ScriptRewriter {
  private readonly aliases = new Map<string, string>();

  rewrite(command: string[]): string[] {
    const name = command[0]?.toLowerCase();
    const isEval = name === 'eval' || name === 'eval_ro';
    const isLoad = name === 'script' && command[1]?.toLowerCase() === 'load';
    if (isEval || isLoad) {
      const index = isEval ? 1 : 2;
      const script = command[index];
      if (script === undefined || !script.startsWith('#!lua')) return command;
      const stripped = script.slice(script.indexOf('\n') + 1);
      this.aliases.set(sha1(script), sha1(stripped));
      return command.with(index, stripped);
    }
    if (name === 'evalsha' || name === 'evalsha_ro') {
      const alias = command[1] === undefined ? undefined : this.aliases.get(command[1].toLowerCase());
      return alias === undefined ? command : command.with(1, alias);
    }
    return command;
  }

  /** SCRIPT LOAD must answer with the hash the client will later pass to EVALSHA. */
  restoreLoadReply(command: string[], reply: RespValue): RespValue {
    const isLoad = command[0]?.toLowerCase() === 'script' && command[1]?.toLowerCase() === 'load';
    const script = command[2];
    return isLoad && script !== undefined && !(reply instanceof RespError) ? sha1(script) : reply;
  }
}

class BadRequest extends Error {}

function parseCommand(raw: unknown): string[] {
  if (!Array.isArray(raw) || raw.length === 0) throw new BadRequest('a command must be a non-empty array');
  return raw.map((arg: unknown) => {
    if (typeof arg === 'string') return arg;
    if (typeof arg === 'number' || typeof arg === 'boolean') return String(arg);
    throw new BadRequest(`unsupported argument ${JSON.stringify(arg)}`);
  });
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new BadRequest('body is not JSON');
  }
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export interface RedisBridge {
  url: string;
  token: string;
  close(): Promise<void>;
}

/** Fails (rather than skips) with a clear message when Redis is down: CI always has it. */
export async function startRedisBridge(opts: { redisPort?: number } = {}): Promise<RedisBridge> {
  const redisPort = opts.redisPort ?? REDIS_PORT;
  let redis: RespConnection;
  try {
    redis = await RespConnection.open(REDIS_HOST, redisPort);
    const [pong] = await redis.send([['PING']]);
    if (pong !== 'PONG') throw new Error(`PING answered ${JSON.stringify(pong)}`);
  } catch (error) {
    throw new Error(
      `Redis is not reachable at ${REDIS_HOST}:${redisPort} (${String(error)}). ` +
        'The rate-limit integration tests need a running redis-server.',
      { cause: error },
    );
  }

  const token = randomBytes(16).toString('hex');
  const scripts = new ScriptRewriter();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.headers.authorization !== `Bearer ${token}`) return reply(res, 401, { error: 'Unauthorized' });
    const path = new URL(req.url ?? '/', 'http://bridge').pathname;
    if (req.method !== 'POST' || (path !== '/' && path !== '/pipeline')) {
      return reply(res, 404, { error: `unsupported: ${req.method} ${path}` });
    }
    const base64 = req.headers['upstash-encoding'] === 'base64';
    const body = await readJson(req);

    if (path === '/pipeline') {
      if (!Array.isArray(body) || body.length === 0) throw new BadRequest('pipeline must be a non-empty array');
      const commands = body.map(parseCommand);
      const replies = await redis.send(commands.map((c) => scripts.rewrite(c)));
      // Like Upstash: HTTP 200 with a per-command result or error.
      return reply(
        res,
        200,
        replies.map((r, i) => toRest(scripts.restoreLoadReply(commands[i] ?? [], r), base64)),
      );
    }
    const command = parseCommand(body);
    const [raw] = await redis.send([scripts.rewrite(command)]);
    const rest = toRest(scripts.restoreLoadReply(command, raw ?? null), base64);
    return reply(res, 'error' in rest ? 400 : 200, rest);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const status = error instanceof BadRequest ? 400 : 500;
      if (!res.headersSent) reply(res, status, { error: String(error instanceof Error ? error.message : error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('bridge has no TCP address');

  return {
    url: `http://127.0.0.1:${address.port}`,
    token,
    async close() {
      // Clients keep sockets alive; dropping them makes later requests see a refused connection at once.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await redis.close();
    },
  };
}
