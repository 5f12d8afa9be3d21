import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerOnTestDatabase } from '../support/api.ts';
import type { ServerProcess } from '../support/server-process.ts';

// The server's output must hold this file's requests only: a server of its own.
let server: ServerProcess;
beforeAll(async () => {
  server = await startServerOnTestDatabase();
});
afterAll(async () => {
  await server?.stop();
});

/** A same-origin request with any method: fetch refuses to send TRACE at all. */
function send(method: string, path: string): Promise<{ status: number; allow: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, server.url), { method, headers: { origin: server.url } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, allow: res.headers.allow, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a method the route does not answer', () => {
  it('TRACE on a page and on an API route answers 405 with the Allow header of the route, and logs no stack trace', async () => {
    const cases: [string, string, string][] = [
      ['TRACE', '/faq', 'GET, HEAD'],
      ['TRACE', '/club-registration', 'GET, HEAD'],
      ['TRACE', '/api/clubs', 'GET, HEAD'],
      ['TRACE', '/api/login', 'GET, HEAD, POST'],
      ['TRACE', '/healthz', 'GET, HEAD'],
      ['DELETE', '/api/clubs', 'GET, HEAD'],
      ['OPTIONS', '/api/clubs/1', 'GET, HEAD, PUT'],
      ['PUT', '/faq', 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const response = await send(method, path);
      expect([response.status, response.allow], `${method} ${path}`).toEqual([405, allow]);
    }
    const api = await send('TRACE', '/api/clubs');
    expect(JSON.parse(api.body)).toEqual({ error: { message: 'Method not allowed.' } });
    // An unknown path stays a 404, whatever the method.
    expect((await send('TRACE', '/no-such-page')).status).toBe(404);

    await expect.poll(() => server.output(), { timeout: 60_000 }).toMatch(/"method":"TRACE","path":"\/no-such-page","status":404/);
    expect(server.output()).toMatch(/"method":"TRACE","path":"\/api\/clubs","status":405/);
    expect(server.output()).not.toMatch(/\n\s+at |ERROR|"status":500/);
  });
});
