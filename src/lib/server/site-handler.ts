import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientAddressOf } from './client-address.ts';
import { createStaticFiles } from './static-files.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
/** The adapter's handler in middleware mode, which hands `locals` to the page or endpoint. */
type AppHandler = (req: IncomingMessage, res: ServerResponse, next: undefined, locals: Partial<App.Locals>) => void;

/**
 * The whole site as one request handler: prerendered pages and assets from `clientDir` (held in memory), everything
 * else from Astro's app handler. API and health paths skip the static look-up altogether.
 */
export function createSiteHandler(renderApp: AppHandler, clientDir: string): Handler {
  const staticFiles = createStaticFiles(clientDir);
  const appHandler: Handler = (req, res) => renderApp(req, res, undefined, { clientAddress: clientAddressOf(req) });
  return (req, res) => {
    const url = req.url ?? '/';
    try {
      decodeURI(url);
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Bad request.');
      return;
    }
    if (url.startsWith('/api/') || url === '/healthz' || url === '/readyz') {
      appHandler(req, res);
      return;
    }
    if (!staticFiles(req, res)) appHandler(req, res);
  };
}
