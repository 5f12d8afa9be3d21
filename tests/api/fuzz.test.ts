import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { asUser, baseUrl, registerHost, request, signInAdmin, testSql } from '../support/api.ts';

// Generated junk at every endpoint that reads a body: never a 500, and never a stored row.

const WRITES: { method: string; path: (clubId: number) => string; keys: string[] }[] = [
  { method: 'POST', path: () => '/api/login', keys: ['emailOrUsername', 'password'] },
  { method: 'POST', path: () => '/api/contact-requests', keys: ['name', 'email', 'phone', 'coachName', 'message', 'contactReason'] },
  { method: 'POST', path: () => '/api/clubs/verify-code', keys: ['hostSetCode'] },
  {
    method: 'POST',
    path: () => '/api/clubs/register',
    keys: ['hostName', 'email', 'password', 'confirmPassword', 'clubName', 'city', 'state', 'zipCode', 'description', 'website', 'meetingSchedule', 'hostSetCode'],
  },
  { method: 'POST', path: () => '/api/clubs/signin', keys: ['email', 'password'] },
  { method: 'POST', path: () => '/api/clubs/forgot-password', keys: ['email'] },
  { method: 'POST', path: () => '/api/clubs/reset-password', keys: ['token', 'password', 'confirmPassword'] },
  { method: 'PUT', path: (id) => `/api/clubs/${id}`, keys: ['hostName', 'clubName', 'city', 'state', 'zipCode', 'description', 'website', 'meetingSchedule'] },
  { method: 'PUT', path: (id) => `/api/admin/clubs/${id}`, keys: ['hostName', 'clubName', 'city', 'state', 'zipCode', 'email', 'isVerified'] },
  { method: 'PATCH', path: () => '/api/admin/club-questions/1/status', keys: ['status'] },
  { method: 'POST', path: () => '/api/admin/codes', keys: ['count', 'note'] },
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

async function counts() {
  const [row] = await testSql()<{ clubs: number; users: number; contacts: number }[]>`
    select (select count(*)::int from clubs) as clubs, (select count(*)::int from users) as users,
      (select count(*)::int from contact_requests) as contacts`;
  return row!;
}

beforeAll(async () => {
  const host = await registerHost();
  clubId = host.clubId;
  cookies = [{}, asUser(host.token), asUser(await signInAdmin())];
});

describe('generated junk', () => {
  for (const endpoint of WRITES) {
    it(`${endpoint.method} ${endpoint.path(0)} never answers 500 and stores nothing`, async () => {
      const before = await counts();
      await fc.assert(
        fc.asyncProperty(junkBody(endpoint.keys), fc.constantFrom(0, 1, 2), async (body, who) => {
          const response = await request(endpoint.path(clubId), { method: endpoint.method, headers: cookies[who], json: body });
          expect(response.status, JSON.stringify(body).slice(0, 200)).toBeLessThan(500);
          await response.arrayBuffer();
        }),
        { numRuns: 40 },
      );
      expect(await counts()).toEqual(before);
    }, 120_000);
  }

  it('refuses a NUL character in any field of any endpoint with 400, storing nothing', async () => {
    const before = await counts();
    for (const endpoint of WRITES) {
      for (const key of endpoint.keys) {
        const response = await request(endpoint.path(clubId), { method: endpoint.method, headers: cookies[2], json: { [key]: 'a\u0000b' } });
        expect(response.status, `${endpoint.method} ${endpoint.path(clubId)} ${key}`).toBe(400);
        const body = (await response.json()) as { error: { fieldErrors?: Record<string, string[]> } };
        expect(body.error.fieldErrors?.[key], `${endpoint.method} ${endpoint.path(clubId)} ${key}`).toEqual(['Text cannot contain NUL characters.']);
      }
    }
    expect(await counts()).toEqual(before);
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
