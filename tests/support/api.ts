import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, inject, vi } from 'vitest';
import { ensureAdmin } from '#server/auth/index.ts';
import { connect, type Sql } from '#server/platform/db/db.ts';
import { issueHostSetCodes } from '#server/codes/host-set-codes.ts';
import { TEST_ADMIN, startApiTestServer } from './api-setup.ts';
import { runJobsCommand } from './jobs-command.ts';
import { decodeQuotedPrintable, parseEmail, type ParsedEmail } from './mail.ts';
import { startServer, type ServerProcess } from './server-process.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export { TEST_ADMIN } from './api-setup.ts';

/** A new database for a server of a test's own, migrated and loaded as the file's is: a copy of the suite's template. */
export function createLoadedTestDatabase(): Promise<TestDatabase> {
  return createTestDatabase(inject('databaseTemplate'));
}

/** A loaded database with the built site on it, and a new folder for its emails; `stop` removes all three. */
async function startOwnServer() {
  const database = await createLoadedTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fk-api-data-'));
  const stopped = async () => {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const server = await startApiTestServer(database, dataDir).catch(async (error: unknown) => {
    await stopped();
    throw error;
  });
  return {
    database,
    dataDir,
    server,
    async stop() {
      await server.stop();
      await stopped();
    },
  };
}

// The test files of one worker run one after another on the worker's server and database (api-setup.ts), each from
// the template's rows: startFromTemplate runs before each file (api-file-setup.ts). Modules are shared by the worker's
// files (the API project does not isolate them), so this one is evaluated once per worker.
const worker = inject('workerServers')[Number(process.env.VITEST_POOL_ID) - 1];
if (!worker) throw new Error(`No server for worker ${process.env.VITEST_POOL_ID}: api-setup.ts starts one per worker.`);

export const baseUrl = worker.url;
/** The database the server under test uses, and the folder it writes its emails into ($DATA_DIR/mail). */
export const testDatabase: Pick<TestDatabase, 'url' | 'poolMax'> = { url: worker.databaseUrl, poolMax: worker.poolMax };
export const testDataDir = worker.dataDir;

/**
 * Tables whose rows the server keeps in memory once read (its secrets, the day's key of demand marks): emptied under
 * it, they would be made anew by the next process that asks, and tokens or marks would no longer match.
 */
const READ_ONCE_BY_THE_SERVER = ['server_secrets', 'demand_day_keys'];

/**
 * Takes the worker's database back to the template's rows and the test admin, and empties its email folder: a file
 * starts as on a server of its own. The tables loaded after the migrations (ZIP codes, census), which the site only
 * reads, are kept; every other table is emptied and given back the rows the migrations wrote. An email being sent as
 * the file before ended is waited for, so that it cannot land in the next file's folder.
 */
export async function startFromTemplate(): Promise<void> {
  const sql = testSql();
  const { migrationRows, loadedTables } = inject('templateRows');
  const kept = new Set([...loadedTables, ...READ_ONCE_BY_THE_SERVER]);
  const tables = (await sql<{ name: string }[]>`select tablename as name from pg_tables where schemaname = 'public'`)
    .map(({ name }) => name)
    .filter((name) => !kept.has(name));
  const givingUpOnSends = Date.now() + 60_000;
  for (;;) {
    const emptied = await sql
      .begin(async (tx) => {
        // No email can be claimed while the lock is held; one claimed before it is still being sent.
        await tx`lock table outbox in access exclusive mode`;
        const [sending] = await tx`select 1 from outbox where locked_until > now() limit 1`;
        if (sending && Date.now() < givingUpOnSends) return false;
        await tx`truncate ${sql(tables)} restart identity cascade`;
        for (const [table, rows] of Object.entries(migrationRows)) {
          await tx`insert into ${sql(table)} select * from jsonb_populate_recordset(null::${sql(table)}, ${sql.json(rows as never)})`;
        }
        return true;
      })
      .catch((error: unknown) => {
        // A job of the server that took its locks in the other order: one of the two gives way, and this one tries again.
        if ((error as { code?: string }).code === '40P01') return false;
        throw error;
      });
    if (emptied) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await ensureAdmin(sql, { ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password });
  fs.rmSync(path.join(testDataDir, 'mail'), { recursive: true, force: true });
}

let sql: Sql | undefined;

/** `npm run jobs:run` with `args` on the server under test's database and email folder; what it printed. */
export async function runJobs(...args: string[]): Promise<string> {
  const env = { DATABASE_URL: testDatabase.url, DATABASE_POOL_MAX: String(testDatabase.poolMax), DATA_DIR: testDataDir };
  const run = await runJobsCommand(args, env);
  if (run.code !== 0) throw new Error(`jobs:run ${args.join(' ')} exited with ${run.code}:\n${run.output}`);
  return run.stdout;
}

/** A request to the server under test, as a same-origin browser would send it. */
export function request(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const { json, headers, ...rest } = init;
  return fetch(new URL(path, baseUrl), {
    redirect: 'manual',
    ...rest,
    headers: {
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(rest.method && rest.method !== 'GET' ? { origin: baseUrl } : {}),
      ...headers,
    },
    body: json === undefined ? rest.body : JSON.stringify(json),
  });
}

/** A connection to the database the server under test uses, for checking what it stored; the worker's files share it. */
export function testSql(): Sql {
  return (sql ??= connect(testDatabase.url, { max: testDatabase.poolMax }));
}

/**
 * Another server on the test file's database, without demo data and with limits raised as on the file's server
 * (every test calls from 127.0.0.1); `env` adds or overrides settings. Its job worker delivers from the same outbox as
 * the file's server, so it writes its emails into the same folder.
 */
export function startServerOnTestDatabase(env: Record<string, string> = {}): Promise<ServerProcess> {
  return startServer({
    DATABASE_URL: testDatabase.url,
    DATABASE_POOL_MAX: String(testDatabase.poolMax),
    SEED_DEMO_DATA: 'false',
    RATE_LIMIT_MULTIPLIER: '1000',
    DATA_DIR: testDataDir,
    ...env,
  });
}

/**
 * A new database and a server on it, set up as the file's server is, for the surrounding describe block: for tests
 * that count rows, which the file's other tests must not add to. Read its fields inside tests, once the hook has run.
 */
export function useOwnServer() {
  const own = {} as { database: TestDatabase; server: ServerProcess; sql: Sql };
  let started: Awaited<ReturnType<typeof startOwnServer>> | undefined;
  beforeAll(async () => {
    started = await startOwnServer();
    own.database = started.database;
    own.server = started.server;
    own.sql = connect(own.database.url, { max: own.database.poolMax });
  });
  afterAll(async () => {
    await own.sql?.end();
    await started?.stop();
  });
  return own;
}

/**
 * A server with the real rate limits (the file's server raises them all) on a loaded database of its own, for the
 * surrounding describe block or file, and a connection to that database. Every test calls from 127.0.0.1, one client:
 * each test starts from fresh counters instead of inheriting what the tests before it used up. Read its fields inside
 * tests, once the hook has run.
 */
export function useRealLimitsServer() {
  const own = {} as { database: TestDatabase; server: ServerProcess; sql: Sql };
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    own.database = database = await createLoadedTestDatabase();
    own.server = await startServer({ DATABASE_URL: database.url, DATABASE_POOL_MAX: String(database.poolMax), SEED_DEMO_DATA: 'false' });
    own.sql = connect(database.url, { max: database.poolMax });
  });
  beforeEach(async () => {
    await own.sql`delete from rate_limits`;
  });
  afterAll(async () => {
    await own.sql?.end();
    await own.server?.stop();
    await database?.drop();
  });
  return own;
}

/** The session cookie's token from a response's Set-Cookie headers. */
export function sessionTokenFrom(response: Response): string | undefined {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('fk_session='));
  return cookie?.split(';')[0]!.slice('fk_session='.length) || undefined;
}

/** The emails the server under test has written (it has no SMTP server), oldest first, as decoded text. */
export function sentEmails(): string[] {
  const dir = path.join(testDataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, file), 'latin1')));
}

/**
 * The first email the server under test has written that `matches`, waiting for it: the server's job worker sends an
 * email just after the request that queued it has been answered.
 */
export async function waitForEmail(matches: (mail: string) => boolean): Promise<string> {
  return vi.waitFor(() => sentEmails().find(matches) ?? Promise.reject(new Error('no such email yet')), { timeout: 60_000, interval: 100 });
}

/** The first email the server under test has written that `matches`, parsed as a mail reader shows it, waiting for it. */
export async function waitForParsedEmail(matches: (mail: ParsedEmail) => boolean): Promise<ParsedEmail> {
  const dir = path.join(testDataDir, 'mail');
  const parsed = new Map<string, ParsedEmail>();
  const find = async () => {
    for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []) {
      if (!parsed.has(file)) parsed.set(file, await parseEmail(fs.readFileSync(path.join(dir, file))));
      if (matches(parsed.get(file)!)) return parsed.get(file)!;
    }
    throw new Error('no such email yet');
  };
  return vi.waitFor(find, { timeout: 60_000, interval: 100 });
}

/** A new unredeemed HOST SET code. */
export async function newCode(): Promise<string> {
  return (await issueHostSetCodes(1, 'api test', testSql()))[0]!;
}

let sequence = 0;
/** A valid registration payload for `code`, unique on every call. */
export function registration(code: string, overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    hostName: 'Avery Quinn',
    email: `avery.${Date.now()}.${process.pid}.${sequence}@example.com`,
    password: 'kindling-42',
    confirmPassword: 'kindling-42',
    clubName: `Quinn Reading Circle ${sequence}`,
    city: 'Asheville',
    state: 'NC',
    zipCode: '28801',
    description: 'We read together on Tuesday evenings.',
    website: 'https://quinn-circle.example.org',
    meetingSchedule: 'Tuesdays, 7:00 PM',
    hostSetCode: code,
    ...overrides,
  };
}

/** Registers a new host and club through the API and signs in; returns the session token. */
export async function registerHost(overrides: Record<string, unknown> = {}) {
  const payload = registration(await newCode(), overrides);
  const response = await request('/api/clubs/register', { method: 'POST', json: payload });
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  const { clubId } = (await response.json()) as { clubId: number };
  const signin = await request('/api/clubs/signin', { method: 'POST', json: { email: payload.email, password: payload.password } });
  return { payload, clubId, token: sessionTokenFrom(signin)! };
}

/** Signs in as the test admin; returns the session token. */
export async function signInAdmin(): Promise<string> {
  const response = await request('/api/login', {
    method: 'POST',
    json: { emailOrUsername: TEST_ADMIN.email, password: TEST_ADMIN.password },
  });
  if (response.status !== 200) throw new Error(`admin sign-in failed: ${response.status}`);
  return sessionTokenFrom(response)!;
}

/** Headers carrying a session cookie. */
export const asUser = (token: string | undefined): Record<string, string> => (token ? { cookie: `fk_session=${token}` } : {});
