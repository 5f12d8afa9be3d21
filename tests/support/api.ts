import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject, vi } from 'vitest';
import { connect, type Sql } from '#server/platform/db/db.ts';
import { issueHostSetCodes } from '#server/codes/host-set-codes.ts';
import { TEST_ADMIN, startApiTestServer } from './api-setup.ts';
import { decodeQuotedPrintable } from './mail.ts';
import { startServer, type ServerProcess } from './server-process.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export { TEST_ADMIN } from './api-setup.ts';

export const baseUrl = inject('baseUrl');

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

let sql: Sql | undefined;
/** A connection to the database the server under test uses, for checking what it stored. */
export function testSql(): Sql {
  return (sql ??= connect(inject('databaseUrl'), { max: inject('databasePoolMax') }));
}

/**
 * A server of a test's own on the suite's database, without demo data and with limits raised as on the shared server
 * (every test file calls from 127.0.0.1); `env` adds or overrides settings. Its job worker delivers from the same
 * outbox as the shared server's, so it writes its emails into the same folder.
 */
export function startServerOnTestDatabase(env: Record<string, string> = {}): Promise<ServerProcess> {
  return startServer({
    DATABASE_URL: inject('databaseUrl'),
    DATABASE_POOL_MAX: String(inject('databasePoolMax')),
    SEED_DEMO_DATA: 'false',
    RATE_LIMIT_MULTIPLIER: '1000',
    DATA_DIR: inject('dataDir'),
    ...env,
  });
}

/**
 * A new database and a server on it, set up as the shared server is, for the surrounding describe block (or file):
 * for tests that count rows, which other test files must not add to. Read its fields inside tests, once the hook has run.
 */
export function useOwnServer() {
  const own = {} as { database: TestDatabase; server: ServerProcess; sql: Sql };
  let dataDir: string | undefined;
  beforeAll(async () => {
    own.database = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fk-own-server-'));
    own.server = await startApiTestServer(own.database, dataDir);
    own.sql = connect(own.database.url, { max: own.database.poolMax });
  }, 120_000);
  afterAll(async () => {
    await own.server?.stop();
    await own.sql?.end();
    await own.database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
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
  const dir = path.join(inject('dataDir'), 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, file), 'latin1')));
}

/**
 * The first email the server under test has written that `matches`, waiting up to 10 s for it: the server's job
 * worker sends an email just after the request that queued it has been answered.
 */
export async function waitForEmail(matches: (mail: string) => boolean): Promise<string> {
  return vi.waitFor(() => sentEmails().find(matches) ?? Promise.reject(new Error('no such email yet')), { timeout: 10_000, interval: 100 });
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
