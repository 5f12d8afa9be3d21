import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Sql } from '#server/platform/db/db.ts';
import { issueHostSetCodes } from '#server/codes/host-set-codes.ts';
import { listMigrations } from '#server/platform/db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';

// Several instances behind a load balancer share one database and nothing else.

let database: TestDatabase;
let sql: Sql;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const env = {
    DATABASE_URL: database.url,
    DATABASE_POOL_MAX: String(database.poolMax),
    SEED_DEMO_DATA: 'true',
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
  };
  // On PostgreSQL both start at the same moment on the empty database. Embedded PGlite has one session, which two
  // processes starting at once would interleave (docs/decisions/003), so there they start one after the other.
  if (process.env.TEST_DATABASE_URL) servers.push(...(await Promise.all([startServer(env), startServer(env)])));
  else for (let i = 0; i < 2; i++) servers.push(await startServer(env));
  sql = connect(database.url, { max: database.poolMax });
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await sql.end();
  await database.drop();
});

const post = (server: ServerProcess, path: string, json: unknown, cookie?: string) =>
  fetch(new URL(path, server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(json),
  });

describe('two instances on one database', () => {
  it('migrate, create the admin and seed exactly once', async () => {
    const migrations = await sql<{ version: string }[]>`select version from schema_migrations order by version`;
    expect(migrations.map((m) => m.version)).toEqual(listMigrations().map((m) => m.version));
    const [admins] = await sql<{ n: number }[]>`select count(*)::int as n from users where role = 'admin'`;
    expect(admins!.n).toBe(1);
    expect(servers.filter((s) => s.output().includes('password:'))).toHaveLength(1);
    expect(servers.filter((s) => s.output().includes('demo data added'))).toHaveLength(1);
  });

  it('accept a session made on the other instance', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const [code] = await issueHostSetCodes(1, 'instances test', sql);
    const registration = {
      hostName: 'Casey Lin',
      email: `casey.${Date.now()}@example.com`,
      password: 'kindling-42',
      confirmPassword: 'kindling-42',
      clubName: 'Two Instance Circle',
      city: 'Austin',
      state: 'TX',
      zipCode: '78704',
      hostSetCode: code,
    };
    expect((await post(a, '/api/clubs/register', registration)).status).toBe(201);
    const signin = await post(b, '/api/clubs/signin', { email: registration.email, password: registration.password });
    const cookie = signin.headers
      .getSetCookie()
      .find((c) => c.startsWith('fk_session='))!
      .split(';')[0]!;
    const me = await fetch(new URL('/api/auth/user', a.url), { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: registration.email, role: 'host' });
  });

  it('share rate limits', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const message = {
      name: 'Rate Limit',
      email: 'rl@example.com',
      phone: '5550001111',
      coachName: 'Coach Name',
      message: 'Counting across instances.',
    };
    const statuses = [];
    for (const server of [a, b, a, b, a, b]) statuses.push((await post(server, '/api/contact-requests', message)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('lose no acknowledged write when one is killed mid-write', async () => {
    const victim = await startServer({
      DATABASE_URL: database.url,
      DATABASE_POOL_MAX: String(database.poolMax),
      SEED_DEMO_DATA: 'false',
      RATE_LIMIT_MULTIPLIER: '1000',
    });
    const message = (i: number) => ({
      name: `Kill Test ${i}`,
      email: 'kill@example.com',
      phone: '5550001111',
      coachName: 'Coach Name',
      message: `Write number ${i} of the kill test.`,
    });
    const writes = Array.from({ length: 40 }, (_, i) =>
      post(victim, '/api/contact-requests', message(i)).then(
        async (response) => (response.status === 201 ? ((await response.json()) as { id: number }).id : null),
        () => null,
      ),
    );
    setTimeout(() => victim.child.kill('SIGKILL'), 150);
    const acknowledged = (await Promise.all(writes)).filter((id): id is number => id !== null);
    await victim.stop();

    const stored = await sql<{ id: number }[]>`select id from contact_requests where id = any(${acknowledged})`;
    expect(stored.map((row) => row.id).sort((x, y) => x - y)).toEqual([...acknowledged].sort((x, y) => x - y));
    // The survivors keep serving.
    expect((await fetch(new URL('/readyz', servers[0]!.url))).status).toBe(200);
  });
});
