import type { IncomingMessage, ServerResponse } from 'node:http';
import { createStaticFiles } from './static-files.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The whole site as one request handler: prerendered pages and assets from `clientDir` (held in memory), everything
 * else from Astro's app handler. API and health paths skip the static look-up altogether.
 */
export function createSiteHandler(appHandler: Handler, clientDir: string): Handler {
  const staticFiles = createStaticFiles(clientDir);
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
