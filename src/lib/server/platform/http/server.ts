import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { logRequest } from '#server/platform/logger.ts';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface RunningServer {
  server: http.Server;
  url: string;
  /** Stops accepting connections and waits (at most `graceMs`) for in-flight requests to finish. */
  drain(graceMs?: number): Promise<void>;
}

// How long a keep-alive connection must have been without a request before a drain closes it. A client that sent a
// request just before the drain began gets it answered (with `Connection: close`) rather than reset.
const QUIET_MS = 1_000;

/**
 * Serves the built site's handler with one log line per request and a drain that lets in-flight requests finish:
 * the Node adapter's own server has no SIGTERM handling, so a deploy would cut requests off mid-way.
 */
export async function listen(handler: Handler, options: { port: number; host: string }): Promise<RunningServer> {
  let draining = false;
  const server = http.createServer((req, res) => {
    const started = performance.now();
    if (draining) res.setHeader('connection', 'close');
    // One listener per response, for both the connection's bookkeeping and the log line of a response that was sent
    // whole: serving a prerendered page costs about 100 µs here, and each listener a few (docs/performance.md).
    connections.responseStarted(req.socket, res);
    res.once('close', () => {
      connections.responseEnded(req.socket, res);
      if (res.writableFinished) logRequest(req.method, req.url, res.statusCode, performance.now() - started);
    });
    handler(req, res);
  });
  server.keepAliveTimeout = 5_000;
  const connections = trackConnections(server);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;

  return {
    server,
    url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`,
    drain(graceMs = 10_000) {
      draining = true;
      connections.closeAfterCurrentResponses();
      // http.Server#close would also close every idle keep-alive connection at once, resetting a request its client
      // has just sent on one: stop listening only, and close idle connections once they have been quiet.
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      // Closing from setImmediate runs just after the event loop has read every socket, so a request that has already
      // arrived counts as activity rather than being cut off unread.
      const quietSweep = setInterval(() => setImmediate(() => connections.closeQuiet(QUIET_MS)), 100);
      const deadline = new Promise<void>((resolve) =>
        setTimeout(() => {
          server.closeAllConnections();
          resolve();
        }, graceMs).unref(),
      );
      return Promise.race([closed, deadline]).finally(() => clearInterval(quietSweep));
    },
  };
}

/** Follows each connection's responses in progress, so a drain can close every connection without cutting one off. */
function trackConnections(server: http.Server) {
  const connections = new Map<net.Socket, { responses: Set<http.ServerResponse>; idleSince: number }>();
  server.on('connection', (socket: net.Socket) => {
    connections.set(socket, { responses: new Set(), idleSince: performance.now() });
    socket.once('close', () => connections.delete(socket));
  });
  return {
    responseStarted(socket: net.Socket, res: http.ServerResponse) {
      connections.get(socket)?.responses.add(res);
    },
    responseEnded(socket: net.Socket, res: http.ServerResponse) {
      const connection = connections.get(socket);
      if (!connection) return;
      connection.responses.delete(res);
      connection.idleSince = performance.now();
    },
    /** Tells the client of every response not yet begun that its connection closes after it. */
    closeAfterCurrentResponses() {
      for (const { responses } of connections.values()) {
        for (const res of responses) if (!res.headersSent) res.setHeader('connection', 'close');
      }
    },
    /** Closes every connection that has had no response in progress for `quietMs`. */
    closeQuiet(quietMs: number) {
      const now = performance.now();
      for (const [socket, { responses, idleSince }] of connections) {
        if (responses.size === 0 && now - idleSince >= quietMs) socket.destroy();
      }
    },
  };
}
