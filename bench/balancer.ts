import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A small loopback round-robin balancer for the scale-out row of `npm run bench`: each request goes to the
// next backend in turn over kept-alive connections, and the client's address is appended to
// X-Forwarded-For as a reverse proxy does (the instances run with TRUSTED_PROXY_HOPS=1), the Host as
// X-Forwarded-Host. It is a bench fixture, not a production proxy: no retries, no health checks.

export interface Balancer {
  port: number;
  close(): Promise<void>;
}

export async function startBalancer(backends: readonly number[]): Promise<Balancer> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;
  const server: Server = createServer((req, res) => {
    const port = backends[next] as number;
    next = (next + 1) % backends.length;
    const peer = req.socket.remoteAddress ?? 'unknown';
    const sent = req.headers['x-forwarded-for'];
    const headers = { ...req.headers, 'x-forwarded-for': sent ? `${String(sent)}, ${peer}` : peer, 'x-forwarded-host': req.headers.host };
    const upstream = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
