import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { asUser, newCode, registerHost, request, signInAdmin, testSql } from '../support/api.ts';

// Every API route file × every kind of caller, with the status each must get. The matrix is checked against the
// route files themselves: a new endpoint without an entry here fails the first test.

type Caller = 'anonymous' | 'host' | 'otherHost' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'host', 'otherHost', 'admin'];

interface Fixture {
  /** A verified club owned by `host`; `otherHost` owns another club. */
  clubId: number;
  /** A club for the admin to delete. */
  doomedClubId: number;
  questionId: number;
  code: string;
}

interface Entry {
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** The caller signs in anew for this request (logging out ends the session). */
  freshSession?: boolean;
  expect: Record<Caller, number>;
}

const everyone = (status: number): Record<Caller, number> => ({ anonymous: status, host: status, otherHost: status, admin: status });
const adminOnly = (status = 200): Record<Caller, number> => ({ anonymous: 401, host: 403, otherHost: 403, admin: status });
const profile = { hostName: 'Robin Vale', clubName: 'Matrix Circle', city: 'Asheville', state: 'NC', zipCode: '28801' };

const MATRIX: Record<string, Entry> = {
  'GET /api/auth/user': { path: () => '/api/auth/user', expect: { anonymous: 401, host: 200, otherHost: 200, admin: 200 } },
  'POST /api/logout': { path: () => '/api/logout', freshSession: true, expect: everyone(200) },
  'GET /api/login': { path: () => '/api/login', expect: everyone(303) },
  'POST /api/login': { path: () => '/api/login', body: () => ({ emailOrUsername: 'nobody', password: 'wrong' }), expect: everyone(401) },
  'GET /api/population-tiers': { path: () => '/api/population-tiers', expect: everyone(200) },
  'POST /api/contact-requests': {
    path: () => '/api/contact-requests',
    body: () => ({ name: 'Matrix Test', email: 'matrix@example.com', phone: '5550001111', coachName: 'Coach Name', message: 'A message for the matrix test.' }),
    expect: everyone(201),
  },
  'GET /api/clubs': { path: () => '/api/clubs', expect: everyone(200) },
  'GET /api/clubs/search': { path: () => '/api/clubs/search?state=NC', expect: everyone(200) },
  'GET /api/clubs/nearest': { path: () => '/api/clubs/nearest?state=NC', expect: everyone(200) },
  'POST /api/clubs/verify-code': { path: () => '/api/clubs/verify-code', body: (f) => ({ hostSetCode: f.code }), expect: everyone(200) },
  'POST /api/clubs/register': { path: () => '/api/clubs/register', body: () => ({}), expect: everyone(400) },
  'POST /api/clubs/signin': { path: () => '/api/clubs/signin', body: () => ({ email: 'nobody@example.com', password: 'wrong' }), expect: everyone(200) },
  'POST /api/clubs/forgot-password': { path: () => '/api/clubs/forgot-password', body: () => ({ email: 'nobody@example.com' }), expect: everyone(200) },
  'POST /api/clubs/reset-password': {
    path: () => '/api/clubs/reset-password',
    body: () => ({ token: 'not-a-real-reset-token-at-all', password: 'kindling', confirmPassword: 'kindling' }),
    expect: everyone(400),
  },
  'GET /api/clubs/[id]': { path: (f) => `/api/clubs/${f.clubId}`, expect: { anonymous: 404, host: 200, otherHost: 404, admin: 200 } },
  'PUT /api/clubs/[id]': { path: (f) => `/api/clubs/${f.clubId}`, body: () => profile, expect: { anonymous: 401, host: 200, otherHost: 404, admin: 200 } },
  'GET /api/clubs/[id]/contact': { path: (f) => `/api/clubs/${f.clubId}/contact`, expect: everyone(200) },
  'POST /api/clubs/[id]/[action]': { path: (f) => `/api/clubs/${f.clubId}/verify`, expect: adminOnly() },
  'GET /api/admin/clubs': { path: () => '/api/admin/clubs', expect: adminOnly() },
  'PUT /api/admin/clubs/[id]': { path: (f) => `/api/admin/clubs/${f.clubId}`, body: () => ({ isVerified: true }), expect: adminOnly() },
  'DELETE /api/admin/clubs/[id]': { path: (f) => `/api/admin/clubs/${f.doomedClubId}`, expect: adminOnly() },
  'GET /api/admin/clubs/[id]/audit': { path: (f) => `/api/admin/clubs/${f.clubId}/audit`, expect: adminOnly() },
  'GET /api/admin/club-questions': { path: () => '/api/admin/club-questions', expect: adminOnly() },
  'PATCH /api/admin/club-questions/[id]/status': {
    path: (f) => `/api/admin/club-questions/${f.questionId}/status`,
    body: () => ({ status: 'contacted' }),
    expect: adminOnly(),
  },
  'GET /api/admin/codes': { path: () => '/api/admin/codes', expect: adminOnly() },
  'POST /api/admin/codes': { path: () => '/api/admin/codes', body: () => ({ count: 1, note: 'matrix' }), expect: adminOnly(201) },
  'DELETE /api/admin/codes/[code]': { path: (f) => `/api/admin/codes/${f.code}`, expect: adminOnly() },
  'GET /api/admin/export/codes.csv': { path: () => '/api/admin/export/codes.csv', expect: adminOnly() },
  'GET /api/admin/export/clubs.csv': { path: () => '/api/admin/export/clubs.csv', expect: adminOnly() },
};

/** `METHOD /api/route` for every handler exported by a file under src/pages/api. */
function routesInFiles(): string[] {
  const root = path.resolve('src/pages/api');
  const routes: string[] = [];
  for (const file of fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))) {
    const route = `/api/${file.replace(/\\/g, '/').replace(/\.ts$/, '').replace(/\/?index$/, '')}`;
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    for (const [, method] of source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)) routes.push(`${method} ${route}`);
  }
  return routes.sort();
}

let fixture: Fixture;
const sessions = {} as Record<Caller, () => Promise<string | undefined>>;

beforeAll(async () => {
  const host = await registerHost();
  const other = await registerHost();
  const doomed = await registerHost();
  await testSql()`update clubs set is_verified = true where id = ${host.clubId}`;
  const [question] = await testSql()<{ id: number }[]>`
    insert into club_questions (name, email, question) values ('Matrix', 'matrix@example.com', 'Matrix question?') returning id`;
  fixture = { clubId: host.clubId, doomedClubId: doomed.clubId, questionId: question!.id, code: await newCode() };

  const signInHost = async (email: string, password: string) => {
    const response = await request('/api/clubs/signin', { method: 'POST', json: { email, password } });
    return response.headers.getSetCookie().find((c) => c.startsWith('fk_session='))!.split(';')[0]!.slice('fk_session='.length);
  };
  sessions.anonymous = async () => undefined;
  sessions.host = () => signInHost(host.payload.email, host.payload.password);
  sessions.otherHost = () => signInHost(other.payload.email, other.payload.password);
  sessions.admin = signInAdmin;
});

describe('the authorization matrix', () => {
  it('has an entry for every handler of every API route file, and none for a route that is gone', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(routesInFiles());
  });

  const tokens = new Map<Caller, string | undefined>();
  const sessionFor = async (caller: Caller, fresh: boolean) => {
    if (fresh || !tokens.has(caller)) tokens.set(caller, await sessions[caller]());
    const token = tokens.get(caller);
    if (fresh) tokens.delete(caller);
    return token;
  };

  for (const [key, entry] of Object.entries(MATRIX)) {
    const method = key.split(' ')[0]!;
    it(`${key}: ${CALLERS.map((c) => `${c} ${entry.expect[c]}`).join(', ')}`, async () => {
      const statuses = {} as Record<Caller, number>;
      for (const caller of CALLERS) {
        const token = await sessionFor(caller, entry.freshSession ?? false);
        const response = await request(entry.path(fixture), { method, headers: asUser(token), json: entry.body?.(fixture) });
        statuses[caller] = response.status;
      }
      expect(statuses).toEqual(entry.expect);
    });
  }
});
