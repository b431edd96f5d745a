import { connect, createServer, type Server, type Socket } from 'node:net';

// A TCP proxy in front of a real server (PostgreSQL here) that can stall: while stalled it accepts new
// connections and answers nothing, and drops whatever arrives on the connections it was forwarding (a
// database that hangs without closing anything). Forwarding again serves new connections; the stalled
// ones stay dead until their owner gives up on them, as after a real network fault.

export interface StallProxy {
  port: number;
  stall(): void;
  forward(): void;
  close(): Promise<void>;
}

export async function startStallProxy(target: { host: string; port: number }): Promise<StallProxy> {
  let stalled = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (stalled) return; // accepted, never answered
    const upstream = connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    let dead = false; // once stalled, this connection never forwards again
    client.on('data', (chunk: Buffer) => {
      dead ||= stalled;
      if (!dead) upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      dead ||= stalled;
      if (!dead) client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    stall: () => (stalled = true),
    forward: () => (stalled = false),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
