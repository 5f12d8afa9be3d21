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
  /**
   * With `watch`: resolves once a client has sent its text (and the proxy passed it on, or held it back), with a function
   * that closes that client's connection as a server that ends it does.
   */
  sent: Promise<() => void>;
}

/**
 * A loopback TCP proxy in front of a database, so a test can take the database away and give it back, and act at an
 * exact point of a conversation: `watch.text` is the first message a client sends that holds it, and with `hold` that
 * message never reaches the database and nothing more passes either way on that connection.
 */
export async function startTcpProxy(targetUrl: string, { watch }: { watch?: { text: string; hold?: boolean } } = {}): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  const { promise: sent, resolve: resolveSent } = Promise.withResolvers<() => void>();
  let watching = watch !== undefined;
  const createServer = () =>
    net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      upstream.pipe(client);
      client.on('data', (chunk: Buffer) => {
        const seen = watching && chunk.includes(watch!.text);
        if (seen) watching = false;
        if (seen && watch!.hold) {
          upstream.unpipe(client);
          client.removeAllListeners('data');
        } else upstream.write(chunk);
        if (seen) resolveSent(() => client.destroy());
      });
      client.on('end', () => upstream.end());
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
    sent,
  };
}
