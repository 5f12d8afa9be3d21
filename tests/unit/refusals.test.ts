import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requireAdmin, requireOwner, requireUser } from '#server/auth/authorize.ts';
import type { Session } from '#server/auth/sessions.ts';
import type { User } from '#server/auth/users.ts';
import { HttpError, parseFormBody, parseQuery, validate } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';
import { limit } from '#server/platform/http/rate-limited.ts';
import type { Limited, RateLimit } from '#server/platform/rate-limits/rate-limit.ts';

const host: User = { id: 'host-1', email: 'host@example.com', username: null, role: 'host' };
const otherHost: User = { id: 'host-2', email: 'other@example.com', username: null, role: 'host' };
const guide: User = { id: 'guide-1', email: 'guide@example.com', username: null, role: 'guide' };
const admin: User = { id: 'admin-1', email: 'admin@example.com', username: 'admin', role: 'admin' };
const session: Session = { id: 'session-1', expiresAt: new Date('2030-01-01T00:00:00Z') };
const anonymous = { user: null, session: null };
const signedIn = (user: User) => ({ user, session });

/** What the client gets for the refusal `act` throws, as the middleware answers it. */
async function refusalOf(act: () => unknown) {
  let thrown: unknown;
  try {
    await act();
  } catch (error) {
    thrown = error;
  }
  if (!(thrown instanceof HttpError)) throw new Error(`expected a refusal, got ${String(thrown)}`);
  const response = thrown.toResponse();
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.json() };
}

describe('requireUser', () => {
  it('gives the signed-in user and their session', () => {
    expect(requireUser(signedIn(host))).toEqual({ user: host, session });
  });
  it('refuses a caller without a session with 401, in the one error shape of every endpoint', async () => {
    expect(await refusalOf(() => requireUser(anonymous))).toEqual({
      status: 401,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      body: { error: { message: 'Unauthorized: please sign in.' } },
    });
  });
});

describe('requireAdmin', () => {
  it('gives the admin', () => {
    expect(requireAdmin(signedIn(admin))).toBe(admin);
  });
  it('refuses an anonymous caller with 401 and anyone signed in but the admin with 403', async () => {
    expect((await refusalOf(() => requireAdmin(anonymous))).status).toBe(401);
    for (const user of [host, guide]) {
      expect(await refusalOf(() => requireAdmin(signedIn(user)))).toMatchObject({
        status: 403,
        body: { error: { message: 'Forbidden: admin access required.' } },
      });
    }
  });
});

describe('requireOwner', () => {
  type Owned = { id: number; ownerId: string | null };
  const club: Owned = { id: 7, ownerId: host.id };
  const ownerOf = (owned: Owned) => owned.ownerId;

  it('gives what the user owns, and anything to the admin', () => {
    expect(requireOwner(host, club, ownerOf, 'Club not found.')).toBe(club);
    expect(requireOwner(admin, club, ownerOf, 'Club not found.')).toBe(club);
  });
  it('answers another user as for an unknown id, so that ids cannot be probed', async () => {
    const notFound = { status: 404, body: { error: { message: 'Club not found.' } } };
    expect(await refusalOf(() => requireOwner(otherHost, club, ownerOf, 'Club not found.'))).toMatchObject(notFound);
    expect(await refusalOf(() => requireOwner(host, null, ownerOf, 'Club not found.'))).toMatchObject(notFound);
  });
  it('gives nothing without an owner to anyone but the admin', async () => {
    const unowned: Owned = { id: 8, ownerId: null };
    expect((await refusalOf(() => requireOwner(host, unowned, ownerOf, 'Club not found.'))).status).toBe(404);
    expect(requireOwner(admin, unowned, ownerOf, 'Club not found.')).toBe(unowned);
  });
});

describe('requireId', () => {
  it('gives a positive 32-bit integer', () => {
    expect(requireId('1', 'Club not found.')).toBe(1);
    expect(requireId('2147483647', 'Club not found.')).toBe(2_147_483_647);
  });
  it('answers anything else with 404 and the route’s own message', async () => {
    for (const value of [undefined, '', '0', '007', '-1', '1.5', 'abc', '2147483648', '99999999999']) {
      expect(await refusalOf(() => requireId(value, 'Licence not found.'))).toMatchObject({
        status: 404,
        body: { error: { message: 'Licence not found.' } },
      });
    }
  });
});

describe('parsing refuses by throwing', () => {
  const schema = z.object({
    page: z.coerce.number().int().min(1, 'Page must be 1 or more'),
    q: z.string().min(2, 'Type at least 2 letters'),
  });

  it('gives the query parameters (the first value of each) when they are valid', () => {
    expect(parseQuery(new URL('http://localhost/api/x?page=2&page=9&q=ab'), schema)).toEqual({ page: 2, q: 'ab' });
  });
  it('answers a bad query with 400, its first problem as the message and every field’s', async () => {
    expect(await refusalOf(() => parseQuery(new URL('http://localhost/api/x?page=0&q=a'), schema))).toMatchObject({
      status: 400,
      body: {
        error: { message: 'Page must be 1 or more', fieldErrors: { page: ['Page must be 1 or more'], q: ['Type at least 2 letters'] } },
      },
    });
  });
  it('answers data that fails its schema with 400 and the field messages', async () => {
    expect(await refusalOf(() => validate(schema, { page: 1 }))).toMatchObject({
      status: 400,
      body: { error: { message: 'Please correct the highlighted fields.', fieldErrors: { q: expect.any(Array) } } },
    });
  });
  it('reads a form body, and answers one over the limit with 413', async () => {
    const form = (body: string) =>
      new Request('http://localhost/api/x', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    expect(await parseFormBody(form('page=3&q=abc'), schema)).toEqual({ page: 3, q: 'abc' });
    expect((await refusalOf(() => parseFormBody(form(`q=${'x'.repeat(20_000)}`), schema))).status).toBe(413);
  });
});

describe('limit', () => {
  /** A rate limit whose next attempt answers `limited`, recording the keys it counted. */
  const rateLimit = (limited: Limited) => {
    const counted: string[] = [];
    const fake: RateLimit = {
      consume: async (key) => (counted.push(key), limited),
      refund: async () => {},
      reset: async () => {},
    };
    return { fake, counted };
  };

  it('counts the attempt and lets it through while the limit lasts', async () => {
    const { fake, counted } = rateLimit(null);
    await expect(limit(fake, '203.0.113.7', 'Too many messages. Please try again later.')).resolves.toBeUndefined();
    expect(counted).toEqual(['203.0.113.7']);
  });
  it('refuses a used-up limit with 429, its message and Retry-After, in the one error shape', async () => {
    const { fake } = rateLimit({ retryAfterSeconds: 42 });
    expect(await refusalOf(() => limit(fake, '203.0.113.7', 'Too many messages. Please try again later.'))).toEqual({
      status: 429,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '42' },
      body: { error: { message: 'Too many messages. Please try again later.' } },
    });
  });
  it('says "Too many attempts" when given no message', async () => {
    const { fake } = rateLimit({ retryAfterSeconds: 1 });
    expect((await refusalOf(() => limit(fake, 'key'))).body).toEqual({ error: { message: 'Too many attempts. Please try again later.' } });
  });
});
