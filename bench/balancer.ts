import { connect, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

// A small loopback round-robin balancer for the scale-out rows of `npm run bench`. It balances at layer 4, as
// HAProxy's TCP mode or a cloud network load balancer does: each client connection goes to the next backend
// in turn and its bytes are relayed untouched. An HTTP proxy would parse and rewrite every request, and on a
// 2-core machine its CPU would be taken from the instances it measures. It is a bench fixture, not a
// production proxy: no retries, no health checks. The instances see the balancer as the client (run them
// with TRUSTED_PROXY_HOPS=0 behind it).

export interface Balancer {
  port: number;
  close(): Promise<void>;
}

export async function startBalancer(backends: readonly number[]): Promise<Balancer> {
  let next = 0;
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    const port = backends[next] as number;
    next = (next + 1) % backends.length;
    const upstream = connect({ host: '127.0.0.1', port, noDelay: true });
    client.setNoDelay(true);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.once('close', () => open.delete(socket));
    }
    // Either side closing or failing ends the pair.
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
