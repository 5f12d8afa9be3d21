import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteHandler } from '#server/platform/http/site-handler.ts';

// The server in front of Astro serves the build's files and hands every other request to Astro's handler, which runs
// the middleware and the route's file: no route is answered anywhere else, in production as in `astro dev`.
describe('the site handler', () => {
  const rendered: { method: string; url: string; clientAddress?: string }[] = [];
  let clientDir: string;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fk-site-handler-'));
    fs.writeFileSync(path.join(clientDir, 'faq.html'), '<h1>FAQ</h1>');
    const renderApp = (req: http.IncomingMessage, res: http.ServerResponse, _next: undefined, locals: Partial<App.Locals>) => {
      rendered.push({ method: req.method!, url: req.url!, clientAddress: locals.clientAddress });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('from Astro');
    };
    server = http.createServer(createSiteHandler(renderApp, clientDir));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it("hands the directory's reads, the admin's question poll and every other route to Astro, with the baseline headers", async () => {
    const routes = [
      ['GET', '/api/clubs'],
      ['GET', '/api/clubs/search?state=CA&page=2'],
      ['GET', '/api/clubs/nearest?state=VT'],
      ['GET', '/api/admin/club-questions?status=pending'],
      ['HEAD', '/api/admin/club-questions'],
      ['POST', '/api/contact-requests'],
      ['GET', '/healthz'],
      ['GET', '/admin-notifications'],
    ] as const;
    for (const [method, url] of routes) {
      rendered.length = 0;
      const response = await fetch(new URL(url, base), { method, headers: { cookie: 'fk_session=some-admin-token' } });
      expect(response.status, url).toBe(200);
      if (method === 'GET') expect(await response.text(), url).toBe('from Astro');
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(rendered, url).toEqual([{ method, url, clientAddress: '127.0.0.1' }]);
    }
  });

  it('serves a prerendered page from memory, without Astro', async () => {
    rendered.length = 0;
    const response = await fetch(new URL('/faq', base));
    expect(await response.text()).toBe('<h1>FAQ</h1>');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(rendered).toEqual([]);
  });

  it('answers a URL that cannot be decoded with 400, without Astro', async () => {
    rendered.length = 0;
    const response = await fetch(new URL('/api/clubs/search?state=%E0%A4%A', base));
    expect(response.status).toBe(400);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(rendered).toEqual([]);
  });
});
