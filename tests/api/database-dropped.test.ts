import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '#server/platform/db/db.ts';
import { migrate } from '#server/platform/db/migrate.ts';
import { createLoadedTestDatabase, startServerOnTestDatabase } from '../support/api.ts';
import type { ServerProcess } from '../support/server-process.ts';
import type { TestDatabase } from '../support/test-database.ts';

// A database of this file's own, which the test drops (PostgreSQL then refuses connections with 3D000) and creates again.
let database: TestDatabase;
let server: ServerProcess;

beforeAll(async () => {
  database = await createLoadedTestDatabase();
  server = await startServerOnTestDatabase({ DATABASE_URL: database.url, DATABASE_POOL_MAX: String(database.poolMax) });
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

/**
 * A request that must be answered within a minute (a hang guard: the answers here take milliseconds); one that is not
 * fails with the end of the server's log, which says what the server was waiting for.
 */
const get = async (path: string, headers: Record<string, string> = {}) => {
  try {
    return await fetch(new URL(path, server.url), { headers, signal: AbortSignal.timeout(60_000) });
  } catch (error) {
    throw new Error(`GET ${path} was not answered: ${String(error)}\n${server.output().slice(-4000)}`, { cause: error });
  }
};
const withCookie = { cookie: 'fk_session=a-token-whose-session-cannot-be-checked' };
const UNAVAILABLE = { error: { message: 'The service is temporarily unavailable. Please try again in a moment.' } };

describe('when the database is dropped', () => {
  it('answers API calls with 503, health checks without reading the session, and recovers once it is created again', async () => {
    expect((await get('/api/clubs')).status).toBe(200);

    await database.drop();
    const api = await get('/api/clubs');
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual(UNAVAILABLE);
    const signedIn = await get('/api/clubs', withCookie);
    expect(signedIn.status).toBe(503);
    expect(await signedIn.json()).toEqual(UNAVAILABLE);
    // The health checks never read the session: liveness answers, readiness gives its own answer.
    const live = await get('/healthz', withCookie);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await get('/readyz', withCookie);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', error: { message: 'The database is not reachable.' } });
    expect(server.output()).not.toMatch(/"status":500\b/);

    await database.recreate();
    const sql = connect(database.url, { max: 1 });
    try {
      await migrate(sql);
    } finally {
      await sql.end();
    }
    await expect.poll(async () => (await get('/api/clubs')).status, { timeout: 60_000, interval: 250 }).toBe(200);
    expect((await get('/readyz', withCookie)).status).toBe(200);
    expect((await get('/api/clubs', withCookie)).status).toBe(200);
  });
});
