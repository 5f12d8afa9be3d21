import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminClubSchema, issueCodesSchema, questionStatusSchema, verificationSchema } from '#lib/schemas/admin.ts';
import { loginSchema } from '#lib/schemas/auth.ts';
import {
  clubProfileSchema,
  forgotPasswordSchema,
  hostSignInSchema,
  registrationSchema,
  resetPasswordSchema,
  verifyCodeSchema,
} from '#lib/schemas/clubs.ts';
import { contactRequestSchema } from '#lib/schemas/contact.ts';
import { issueHostSetCodes } from '#server/codes/host-set-codes.ts';
import { TEST_ADMIN } from '../support/api-setup.ts';
import { baseUrl, registration, sessionTokenFrom, testSql } from '../support/api.ts';

// Generated junk at every endpoint that reads a body: never a 500, and never a stored or changed row. The server
// runs on a database of this file's own (as every API test file's does), so that no other file's writes can hide or
// fake a change.

type Endpoint = { method: string; path: (clubId: number) => string; keys: string[]; schemas: z.ZodType[] };

const WRITES: Endpoint[] = [
  { method: 'POST', path: () => '/api/login', keys: ['emailOrUsername', 'password'], schemas: [loginSchema] },
  {
    method: 'POST',
    path: () => '/api/contact-requests',
    keys: ['name', 'email', 'phone', 'coachName', 'message', 'contactReason'],
    schemas: [contactRequestSchema],
  },
  { method: 'POST', path: () => '/api/clubs/verify-code', keys: ['hostSetCode'], schemas: [verifyCodeSchema] },
  {
    method: 'POST',
    path: () => '/api/clubs/register',
    keys: [
      'hostName',
      'email',
      'password',
      'confirmPassword',
      'clubName',
      'city',
      'state',
      'zipCode',
      'description',
      'website',
      'meetingSchedule',
      'hostSetCode',
    ],
    schemas: [registrationSchema],
  },
  { method: 'POST', path: () => '/api/clubs/signin', keys: ['email', 'password'], schemas: [hostSignInSchema] },
  { method: 'POST', path: () => '/api/clubs/forgot-password', keys: ['email'], schemas: [forgotPasswordSchema] },
  {
    method: 'POST',
    path: () => '/api/clubs/reset-password',
    keys: ['token', 'password', 'confirmPassword'],
    schemas: [resetPasswordSchema],
  },
  {
    method: 'PUT',
    path: (id) => `/api/clubs/${id}`,
    keys: ['hostName', 'clubName', 'city', 'state', 'zipCode', 'description', 'website', 'meetingSchedule'],
    schemas: [clubProfileSchema],
  },
  {
    method: 'PUT',
    path: (id) => `/api/admin/clubs/${id}`,
    keys: ['hostName', 'clubName', 'city', 'state', 'zipCode', 'email', 'isVerified'],
    schemas: [adminClubSchema, verificationSchema],
  },
  { method: 'PATCH', path: () => '/api/admin/club-questions/1/status', keys: ['status'], schemas: [questionStatusSchema] },
  { method: 'POST', path: () => '/api/admin/codes', keys: ['count', 'note'], schemas: [issueCodesSchema] },
];

/** Values of every JSON type, including long strings, deep nesting and lone surrogates. */
const junkValue = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.string({ minLength: 3000, maxLength: 6000 }),
  fc.constantFrom(null, true, 0, -1, 1e308, '', ' ', '\u0000', '\ud800', '<script>alert(1)</script>', "' or 1=1 --"),
);

/** Objects with the endpoint's own keys holding junk, objects with other keys, and non-objects. */
const junkBody = (keys: string[]) =>
  fc.oneof(
    fc.dictionary(fc.constantFrom(...keys), junkValue, { maxKeys: keys.length }),
    fc.dictionary(fc.string({ maxLength: 10 }), junkValue, { maxKeys: 5 }),
    junkValue,
  );

let clubId: number;
let cookies: Record<string, string>[];

function request(pathname: string, init: { method?: string; headers?: Record<string, string>; json?: unknown } = {}) {
  return fetch(new URL(pathname, baseUrl), {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', origin: baseUrl, ...init.headers },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

/** Every table a write could touch, as row counts, and the fuzzed club as it is stored. */
async function snapshot() {
  const sql = testSql();
  const [counts] = await sql`
    select (select count(*)::int from users) as users, (select count(*)::int from user_sessions) as sessions,
      (select count(*)::int from clubs) as clubs, (select count(*)::int from host_set_codes) as codes,
      (select count(*)::int from host_set_codes where redeemed_at is not null or revoked_at is not null) as spent_codes,
      (select count(*)::int from contact_requests) as contacts, (select count(*)::int from club_questions) as questions,
      (select count(*)::int from password_reset_tokens) as resets, (select count(*)::int from audit_log) as audit`;
  const [club] = await sql`select * from clubs where id = ${clubId}`;
  return { counts, club };
}

beforeAll(async () => {
  const [code] = await issueHostSetCodes(1, 'fuzz test', testSql());
  const host = registration(code!);
  const registered = await request('/api/clubs/register', { method: 'POST', json: host });
  clubId = ((await registered.json()) as { clubId: number }).clubId;
  const hostSession = sessionTokenFrom(
    await request('/api/clubs/signin', { method: 'POST', json: { email: host.email, password: host.password } }),
  );
  const adminSession = sessionTokenFrom(
    await request('/api/login', { method: 'POST', json: { emailOrUsername: TEST_ADMIN.email, password: TEST_ADMIN.password } }),
  );
  cookies = [{}, { cookie: `fk_session=${hostSession}` }, { cookie: `fk_session=${adminSession}` }];
});

describe('generated junk', () => {
  for (const endpoint of WRITES) {
    it(`${endpoint.method} ${endpoint.path(0)} never answers 500 and stores nothing`, async () => {
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(junkBody(endpoint.keys), fc.constantFrom(0, 1, 2), async (body, who) => {
          // Junk that happens to be a valid payload (`{"count": 3}` issues three codes) may store what it asks for.
          fc.pre(!endpoint.schemas.some((schema) => schema.safeParse(body).success));
          const response = await request(endpoint.path(clubId), { method: endpoint.method, headers: cookies[who], json: body });
          expect(response.status, JSON.stringify(body).slice(0, 200)).toBeLessThan(500);
          await response.arrayBuffer();
        }),
        { numRuns: 40 },
      );
      expect(await snapshot()).toEqual(before);
    });
  }

  it('refuses a NUL character in any field of any endpoint with 400, storing nothing', async () => {
    const before = await snapshot();
    for (const endpoint of WRITES) {
      for (const key of endpoint.keys) {
        const response = await request(endpoint.path(clubId), {
          method: endpoint.method,
          headers: cookies[2],
          json: { [key]: 'a\u0000b' },
        });
        expect(response.status, `${endpoint.method} ${endpoint.path(clubId)} ${key}`).toBe(400);
        const body = (await response.json()) as { error: { fieldErrors?: Record<string, string[]> } };
        expect(body.error.fieldErrors?.[key], `${endpoint.method} ${endpoint.path(clubId)} ${key}`).toEqual([
          'Text cannot contain NUL characters.',
        ]);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers bodies that are not UTF-8, not JSON or not declared as JSON without a 500', async () => {
    const bodies: [string, BodyInit][] = [
      ['application/json', new Uint8Array([0xff, 0xfe, 0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d])],
      ['application/json', '{"name": "unterminated'],
      ['application/json', '[]'.repeat(10_000)],
      ['text/plain', 'name=x'],
      ['application/x-www-form-urlencoded', 'name=x&email=y'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--'],
    ];
    for (const endpoint of WRITES) {
      for (const [type, body] of bodies) {
        const response = await fetch(new URL(endpoint.path(clubId), baseUrl), {
          method: endpoint.method,
          headers: { 'content-type': type, origin: baseUrl, ...cookies[2] },
          body,
        });
        expect(response.status, `${endpoint.method} ${endpoint.path(clubId)} with ${type}`).toBeLessThan(500);
      }
    }
  });
});
