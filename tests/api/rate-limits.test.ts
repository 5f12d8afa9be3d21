import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Sql } from '../../src/lib/server/db.ts';
import { issueHostSetCodes } from '../../src/lib/server/host-set-codes.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';

// The shared test server raises every limit; this file runs a server of its own with the real ones.
let database: TestDatabase;
let server: ServerProcess;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ DATABASE_URL: database.url, DATABASE_POOL_MAX: String(database.poolMax), SEED_DEMO_DATA: 'false' });
  sql = connect(database.url, { max: database.poolMax });
}, 120_000);

afterAll(async () => {
  await sql.end();
  await server.stop();
  await database.drop();
});

const post = (path: string, json: unknown) =>
  fetch(new URL(path, server.url), { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify(json) });

async function statusesOf(count: number, send: () => Promise<Response>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send()).status);
  return statuses;
}

describe('rate limits', () => {
  it('allow 5 contact messages per visitor, then answer 429 with Retry-After', async () => {
    const message = { name: 'Jordan Ellis', email: 'jordan@example.com', phone: '(828) 555-0199', coachName: 'Maria Lopez', message: 'A message long enough to send.' };
    expect(await statusesOf(5, () => post('/api/contact-requests', message))).toEqual([201, 201, 201, 201, 201]);
    const limited = await post('/api/contact-requests', message);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ error: { message: 'Too many messages. Please try again later.' } });
  });

  it('allow 10 HOST SET code checks per visitor, then 429 even for a valid code', async () => {
    const [code] = await issueHostSetCodes(1, 'rate limit test', sql);
    expect(await statusesOf(10, () => post('/api/clubs/verify-code', { hostSetCode: 'HOST-GUESS-00000' }))).toEqual(Array(10).fill(200));
    expect((await post('/api/clubs/verify-code', { hostSetCode: code })).status).toBe(429);
  });

  it('lock an account after 10 failed sign-ins, before checking any password', async () => {
    const attempt = (password: string) => post('/api/clubs/signin', { email: 'target@example.com', password });
    expect(await statusesOf(10, () => attempt('wrong password'))).toEqual(Array(10).fill(200));
    const limited = await attempt('any password');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: { message: 'Too many sign-in attempts. Please try again later.' } });
  });

  it('stop a client after 20 failed sign-ins across accounts', async () => {
    // 10 failures were counted for this client above.
    const statuses = await statusesOf(11, () => post('/api/clubs/signin', { email: `someone.${Math.random()}@example.com`, password: 'guess' }));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });
});
