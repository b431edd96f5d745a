import { connect, createServer, type Server, type Socket } from 'node:net';
import { freePort } from './server';

// A loopback TCP proxy to a real server (PostgreSQL), which a test can take down (refusing connections and
// cutting the open ones) and bring back on the same port: the database becomes unreachable for the app
// without touching the shared server.

export interface TcpProxy {
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const port = await freePort();
  let server: Server | undefined;
  const sockets = new Set<Socket>();

  async function start(): Promise<void> {
    const listening = createServer((client) => {
      const upstream = connect(target);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
    });
    server = listening;
  }

  async function stop(): Promise<void> {
    const listening = server;
    server = undefined;
    if (!listening) return;
    const closed = new Promise<void>((resolve) => listening.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closed;
  }

  await start();
  return { port, start, stop };
}
