import type { IncomingMessage, ServerResponse } from 'node:http';
import { baselineHeaders } from './baseline-headers.ts';
import { clientAddressOf } from './client-address.ts';
import { createStaticFiles } from './static-files.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Methods a fetch `Request` cannot be built with: Astro's handler would fail on them with a 500 and a stack trace. */
const UNCARRIED_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
/** The adapter's handler in middleware mode, which hands `locals` to the page or endpoint. */
type AppHandler = (req: IncomingMessage, res: ServerResponse, next: undefined, locals: Partial<App.Locals>) => void;

/**
 * The whole site as one request handler: the prerendered pages and assets of `clientDir` (held in memory) directly,
 * every other request from Astro's app handler, which runs the middleware and the route's file under `src/pages/`.
 * Every response carries the baseline security headers; a static file's come in the headers built for it once. API
 * and health paths skip the static look-up altogether.
 */
export function createSiteHandler(renderApp: AppHandler, clientDir: string): Handler {
  const baseline = baselineHeaders();
  const baselineEntries = Object.entries(baseline);
  const staticFiles = createStaticFiles(clientDir, baseline);
  return (req, res) => {
    const url = req.url ?? '/';
    try {
      decodeURI(url);
    } catch {
      res.writeHead(400, { ...baseline, 'content-type': 'text/plain; charset=utf-8' });
      res.end('Bad request.');
      return;
    }
    const isApi = url.startsWith('/api/') || url === '/healthz' || url === '/readyz';
    if (!isApi && staticFiles(req, res)) return;

    for (const [name, value] of baselineEntries) res.setHeader(name, value);
    const method = req.method ?? 'GET';
    if (!UNCARRIED_METHODS.has(method)) {
      renderApp(req, res, undefined, { clientAddress: clientAddressOf(req), serverPort: req.socket.localPort });
      return;
    }
    // No route answers these; the middleware refuses them with the route's Allow header. Astro gets the request as a
    // HEAD (no body read), the real method in `locals`. The adapter reads `req.method` before its first await, so the
    // method is put back at once, for the request log.
    req.method = 'HEAD';
    try {
      renderApp(req, res, undefined, { clientAddress: clientAddressOf(req), serverPort: req.socket.localPort, requestMethod: method });
    } finally {
      req.method = method;
    }
  };
}
