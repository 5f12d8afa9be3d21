import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServerOnTestDatabase } from '../support/api.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';

let proxy: TcpProxy;
let server: ServerProcess;

beforeAll(async () => {
  proxy = await startTcpProxy(inject('databaseUrl'));
  server = await startServerOnTestDatabase({ DATABASE_URL: proxy.url });
}, 60_000);

afterAll(async () => {
  await server.stop();
  await proxy.close();
});

const get = (path: string) => fetch(new URL(path, server.url));

describe('when the database goes away', () => {
  it('reports not ready within 2 s, answers API calls with 503 and a clear error, and recovers without a restart', async () => {
    expect((await get('/readyz')).status).toBe(200);
    expect((await get('/api/clubs')).status).toBe(200);

    await proxy.cut();
    const started = performance.now();
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect(performance.now() - started).toBeLessThan(2500);
    expect((await get('/healthz')).status).toBe(200);

    const api = await get('/api/clubs');
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ error: { message: 'The service is temporarily unavailable. Please try again in a moment.' } });
    // Static pages do not need the database at all.
    expect((await get('/faq')).status).toBe(200);

    await proxy.restore();
    await expect.poll(async () => (await get('/api/clubs')).status, { timeout: 15_000, interval: 250 }).toBe(200);
    expect((await get('/readyz')).status).toBe(200);
  }, 60_000);
});
