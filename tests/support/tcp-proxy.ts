import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpProxy {
  /** A copy of `targetUrl` that goes through the proxy. */
  url: string;
  /** Resets every open connection and refuses new ones, as a stopped database server would. */
  cut(): Promise<void>;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A loopback TCP proxy in front of a database, so a test can take the database away and give it back. */
export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  const createServer = () =>
    net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
  const listen = (server: net.Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const shut = (server: net.Server) =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.resetAndDestroy();
      server.close(() => resolve());
    });

  let server = createServer();
  const port = await listen(server, 0);
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    cut: () => shut(server),
    async restore() {
      server = createServer();
      await listen(server, port);
    },
    close: () => shut(server),
  };
}
