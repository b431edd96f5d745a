import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

// A loopback stand-in for an OpenAI-compatible chat-completions API (POST {base}/chat/completions).
// It records every request and answers with whatever the test's handler returns.

export interface ChatRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

/** An HTTP reply, or 'hang' to never answer (until the caller gives up or the fake closes). */
export type ChatReply = { status?: number; headers?: Record<string, string>; body: unknown } | 'hang';

export type ChatHandler = (request: ChatRequest) => ChatReply;

export interface FakeChat {
  /** Base URL to use as CLASSIFIER_BASE_URL. */
  baseUrl: string;
  requests: ChatRequest[];
  handle(handler: ChatHandler): void;
  close(): Promise<void>;
}

/** A chat completion whose message content is `content` (an object is sent as JSON text, as models do). */
export function completion(content: unknown): ChatReply {
  return {
    body: {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: typeof content === 'string' ? content : JSON.stringify(content) },
          finish_reason: 'stop',
        },
      ],
    },
  };
}

export async function startFakeChat(): Promise<FakeChat> {
  const requests: ChatRequest[] = [];
  let handler: ChatHandler = () => ({ status: 500, body: { error: 'no handler set' } });

  async function respond(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const request: ChatRequest = { path: req.url ?? '', headers: req.headers, body: text ? JSON.parse(text) : undefined };
    requests.push(request);
    const reply = handler(request);
    if (reply === 'hang') return;
    const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers }).end(body);
  }

  const server = createServer((req, res) => {
    respond(req, res).catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    handle(next) {
      handler = next;
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections(); // hung requests included
      await closed;
    },
  };
}
