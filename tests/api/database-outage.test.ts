import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, isDatabaseUnavailable } from '#server/platform/db/db.ts';
import { asUser, registerHost, startServerOnTestDatabase, testDatabase } from '../support/api.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';
import { createTestDatabase } from '../support/test-database.ts';

let proxy: TcpProxy;
let server: ServerProcess;

let host: Awaited<ReturnType<typeof registerHost>>;

beforeAll(async () => {
  host = await registerHost();
  proxy = await startTcpProxy(testDatabase.url);
  server = await startServerOnTestDatabase({ DATABASE_URL: proxy.url });
});

afterAll(async () => {
  await server.stop();
  await proxy.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(new URL(path, server.url), { headers });
const UNAVAILABLE = { error: { message: 'The service is temporarily unavailable. Please try again in a moment.' } };

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
    expect(await api.json()).toEqual(UNAVAILABLE);
    // A signed-in call (its session cannot be checked) and a write get the same answer, not a 500 or a sign-out.
    const own = await get(`/api/clubs/${host.clubId}`, asUser(host.token));
    expect(own.status).toBe(503);
    expect(own.headers.get('set-cookie')).toBeNull();
    const write = await fetch(new URL('/api/contact-requests', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({
        name: 'Dana Ruiz',
        email: 'dana@example.com',
        phone: '5125550100',
        coachName: 'Sam Lee',
        message: 'Is there a club near Austin?',
        contactReason: 'question',
      }),
    });
    expect(write.status).toBe(503);
    expect(await write.json()).toEqual(UNAVAILABLE);
    // Static pages do not need the database at all.
    expect((await get('/faq')).status).toBe(200);

    await proxy.restore();
    await expect.poll(async () => (await get('/api/clubs')).status, { timeout: 60_000, interval: 250 }).toBe(200);
    expect((await get('/readyz')).status).toBe(200);
    // The session outlived the outage.
    expect((await get(`/api/clubs/${host.clubId}`, asUser(host.token))).status).toBe(200);
  });
});

// postgres.js 3.4.9 rolls a failed transaction back on its own, and wrote that ROLLBACK from a setImmediate onto the
// socket it had already dropped: a TypeError no caller could catch, which ended the server when a test dropped its
// database mid-transaction. patches/postgres+3.4.9.patch makes that write reject the query instead (decision 023).
describe('a transaction whose connection is cut', () => {
  it('rejects with a connection error, throws nothing outside the transaction, and the pool goes on', async () => {
    const cutProxy = await startTcpProxy(testDatabase.url);
    const sql = connect(cutProxy.url, { max: 1 });
    const uncaught: unknown[] = [];
    const recordUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', recordUncaught);
    try {
      const transaction = sql.begin(async (tx) => {
        await tx`select 1`;
        await cutProxy.cut();
        await tx`select 2`;
      });
      await expect(transaction).rejects.toSatisfy(isDatabaseUnavailable);
      // The driver's deferred writes run on setImmediate: give them a turn.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(uncaught).toEqual([]);

      await cutProxy.restore();
      await expect.poll(() => sql`select 1 as one`.catch((error: unknown) => error), { timeout: 60_000 }).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', recordUncaught);
      await sql.end({ timeout: 1 });
      await cutProxy.close();
    }
  });
});

// postgres.js kept the query a dropped connection was running as the connection's current one: the next query on that
// connection queued behind it and never ran (the database-dropped test hung on a request). The patch clears it.
describe('a query whose connection is cut while it runs', () => {
  it('rejects, the connection answers the next query, and the pool ends', async () => {
    const cutProxy = await startTcpProxy(testDatabase.url, { watch: { text: 'pg_sleep' } });
    const sql = connect(cutProxy.url, { max: 1 });
    try {
      const running = sql`select pg_sleep(2)`.catch((error: unknown) => error);
      // Cut once the query has gone to the database, not at a guessed moment: on a busy machine a cut 100 ms in landed
      // on the connection's start-up (postgres.js reading the array types), the case of the test below.
      await cutProxy.sent;
      await cutProxy.cut();
      expect(isDatabaseUnavailable(await running)).toBe(true);
      await cutProxy.restore();
      await expect.poll(() => sql`select 1 as one`.catch((error: unknown) => error), { timeout: 60_000 }).toEqual([{ one: 1 }]);
      // Ending waits for every connection's current query: a dead one held it forever.
      await sql.end();
    } finally {
      await cutProxy.close();
    }
  });
});

// A new connection reads the array types as the last step of its start-up. postgres.js kept that query when the
// connection was cut there, and opened the connection again with it: the new connection's start-up error went to the
// stale query, and against a dropped database (every start-up refused, 3D000) it reconnected without end while the
// query it was opened for hung (the database-dropped test's signed-in request, on a busy machine). The patch fails both.
describe('a connection cut while it starts, its database dropped', () => {
  it('fails the query it was opened for as unavailable, leaves no unhandled rejection, and recovers once the database is back', async () => {
    const database = await createTestDatabase();
    const holdingProxy = await startTcpProxy(database.url, { watch: { text: 'pg_catalog.pg_type', hold: true } });
    const sql = connect(holdingProxy.url, { max: 1 });
    try {
      const first = sql`select 1 as one`.catch((error: unknown) => error);
      const cutHeldConnection = await holdingProxy.sent;
      await database.drop();
      cutHeldConnection();
      expect(isDatabaseUnavailable(await first)).toBe(true);
      await database.recreate();
      await expect.poll(() => sql`select 1 as one`.catch((error: unknown) => error), { timeout: 60_000 }).toEqual([{ one: 1 }]);
    } finally {
      await sql.end({ timeout: 5 });
      await holdingProxy.close();
      await database.drop();
    }
  });
});
