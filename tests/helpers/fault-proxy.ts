import { connect, createServer, type Server, type Socket } from 'node:net';

// A loopback TCP proxy in front of a real server (PostgreSQL here) that a test can make fail the ways a network
// and a database host do, on one port that stays the same:
// - refuse(): every open connection is reset and every new one is reset as soon as it is accepted (the host down);
// - stall(): new connections are accepted and never answered, and what arrives on the forwarded ones is dropped
//   (a database that hangs without closing anything; those connections stay dead until their owner gives up);
// - reset(): the open connections are reset once and new ones are forwarded (a failover: the old primary's
//   connections die, the new primary answers);
// - forward(): new connections are forwarded again.

export interface FaultProxy {
  port: number;
  forward(): void;
  refuse(): void;
  stall(): void;
  reset(): void;
  close(): Promise<void>;
}

type Mode = 'forward' | 'refuse' | 'stall';

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: Mode = 'forward';
  /** Every socket on either side, to be reset or closed. */
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const resetAll = () => {
    for (const socket of sockets) socket.resetAndDestroy();
  };

  const server: Server = createServer((client) => {
    track(client);
    if (mode === 'refuse') return void client.resetAndDestroy();
    if (mode === 'stall') return; // accepted, never answered
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
    let dead = false; // once stalled, this connection never forwards again
    client.on('data', (chunk: Buffer) => {
      dead ||= mode === 'stall';
      if (!dead) upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      dead ||= mode === 'stall';
      if (!dead) client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    forward: () => (mode = 'forward'),
    refuse: () => {
      mode = 'refuse';
      resetAll();
    },
    stall: () => (mode = 'stall'),
    reset: resetAll,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
