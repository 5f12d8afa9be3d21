import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueHostSetCodes } from '#server/codes/host-set-codes.ts';
import { upsertAdmin } from '#server/auth/users.ts';
import { registration, useRealLimitsServer } from '../support/api.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';

// The file's test server raises every limit; this file runs a server of its own with the real ones.
const realLimits = useRealLimitsServer();

const post = (path: string, json: unknown) =>
  fetch(new URL(path, realLimits.server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: realLimits.server.url },
    body: JSON.stringify(json),
  });

async function statusesOf(count: number, send: () => Promise<Response>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send()).status);
  return statuses;
}

describe('rate limits', () => {
  it('allow 5 contact messages per visitor, then answer 429 with Retry-After', async () => {
    const message = {
      name: 'Jordan Ellis',
      email: 'jordan@example.com',
      phone: '(828) 555-0199',
      coachName: 'Maria Lopez',
      message: 'A message long enough to send.',
    };
    expect(await statusesOf(5, () => post('/api/contact-requests', message))).toEqual([201, 201, 201, 201, 201]);
    const limited = await post('/api/contact-requests', message);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ error: { message: 'Too many messages. Please try again later.' } });
  });

  it('allow 10 HOST SET code checks per visitor, then 429 even for a valid code', async () => {
    const [code] = await issueHostSetCodes(1, 'rate limit test', realLimits.sql);
    expect(await statusesOf(10, () => post('/api/clubs/verify-code', { hostSetCode: 'HOST-GUESS-00000' }))).toEqual(Array(10).fill(200));
    expect((await post('/api/clubs/verify-code', { hostSetCode: code })).status).toBe(429);
  });

  it('count registrations against the code limit before hashing: of 20 parallel ones with unissued codes, 10 are evaluated', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post('/api/clubs/register', registration(`HOST-GUESS-${String(i).padStart(5, '0')}`))),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('give a successful registration its code attempt back', async () => {
    expect(await statusesOf(9, () => post('/api/clubs/verify-code', { hostSetCode: 'HOST-GUESS-00000' }))).toEqual(Array(9).fill(200));
    const [code] = await issueHostSetCodes(1, 'rate limit test', realLimits.sql);
    expect((await post('/api/clubs/register', registration(code!))).status).toBe(201);
    expect((await post('/api/clubs/verify-code', { hostSetCode: 'HOST-GUESS-00000' })).status).toBe(200);
    expect((await post('/api/clubs/verify-code', { hostSetCode: 'HOST-GUESS-00000' })).status).toBe(429);
  });

  it('lock an account after 10 failed sign-ins: the 11th attempt answers 429 even with the right password', async () => {
    const host = await registerHost();
    const attempt = (password: string) => post('/api/clubs/signin', { email: host.email, password });
    expect(await statusesOf(10, () => attempt('wrong password'))).toEqual(Array(10).fill(200));
    const limited = await attempt(host.password);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ error: { message: 'Too many sign-in attempts. Please try again later.' } });
  });

  it('evaluate at most 10 of 30 parallel wrong sign-ins to one account: the other 20 answer 429 unevaluated', async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => post('/api/clubs/signin', { email: 'target@example.com', password: 'wrong password' })),
    );
    const evaluated = responses.filter((r) => r.status === 200);
    expect(evaluated).toHaveLength(10);
    for (const response of evaluated) expect(await response.json()).toEqual({ success: false, clubId: null, home: null });
    expect(responses.filter((r) => r.status === 429)).toHaveLength(20);
  });

  it('let the right password in after 9 failures, and forget the failures once it does', async () => {
    const host = await registerHost();
    const attempt = (password: string) => post('/api/clubs/signin', { email: host.email, password });
    expect(await statusesOf(9, () => attempt('wrong password'))).toEqual(Array(9).fill(200));
    expect(await (await attempt(host.password)).json()).toEqual({
      success: true,
      clubId: host.clubId,
      home: `/club-profile/${host.clubId}`,
    });
    expect(await statusesOf(10, () => attempt('wrong password'))).toEqual(Array(10).fill(200));
  });

  it('stop a client after 20 failed sign-ins across accounts', async () => {
    const statuses = await statusesOf(21, () =>
      post('/api/clubs/signin', { email: `someone.${Math.random()}@example.com`, password: 'guess' }),
    );
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
  });

  it('lock admin login (POST /api/login) after 10 failures with 429 and Retry-After', async () => {
    const attempt = () => post('/api/login', { emailOrUsername: 'not-the-admin', password: 'guess' });
    expect(await statusesOf(10, attempt)).toEqual(Array(10).fill(401));
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ error: { message: 'Too many sign-in attempts. Please try again later.' } });
  });

  it('count failed sign-ins by the account: after 10 on `admin`, neither its email nor `admİn` (U+0130) signs in with the right password', async () => {
    const admin = await upsertAdmin(
      { email: 'limits-admin@example.com', username: 'admin', password: 'limits admin password' },
      realLimits.sql,
    );
    const login = (emailOrUsername: string, password: string) => post('/api/login', { emailOrUsername, password });
    expect(await statusesOf(10, () => login('admin', 'guess'))).toEqual(Array(10).fill(401));
    const byEmail = await login(admin.email.toUpperCase(), 'limits admin password');
    expect(byEmail.status).toBe(429);
    // Identifiers are compared in one normal form (NFKC, then JavaScript's lower case): `admİn` becomes `admi` U+0307
    // `n`, which names no account, so it cannot reach the admin, whatever PostgreSQL's lower() makes of it.
    const variant = await login('adm\u0130n', 'limits admin password');
    expect([401, 429]).toContain(variant.status);
    expect(variant.headers.getSetCookie()).toEqual([]);
  });

  it('count failures through the email and the username against the one account they name', async () => {
    const admin = await upsertAdmin(
      { email: 'limits-admin@example.com', username: 'admin', password: 'limits admin password' },
      realLimits.sql,
    );
    const login = (emailOrUsername: string, password: string) => post('/api/login', { emailOrUsername, password });
    expect(await statusesOf(5, () => login(admin.email, 'guess'))).toEqual(Array(5).fill(401));
    expect(await statusesOf(5, () => login(' ADMIN ', 'guess'))).toEqual(Array(5).fill(401));
    expect((await login('admin', 'limits admin password')).status).toBe(429);
  });

  it('count every registration with a taken email against the code limit: 10 answer 409, the 11th 429, and the code stays unspent', async () => {
    const host = await registerHost();
    const [code] = await issueHostSetCodes(1, 'rate limit test', realLimits.sql);
    const attempt = () => post('/api/clubs/register', registration(code!, { email: host.email.toUpperCase() }));
    const refused = await attempt();
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: {
        message: 'An account with this email already exists. Sign in instead.',
        fieldErrors: { email: ['An account with this email already exists. Sign in instead.'] },
      },
    });
    expect(await statusesOf(9, attempt)).toEqual(Array(9).fill(409));
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: { message: 'Too many attempts. Please try again later.' } });
    const [stored] = await realLimits.sql`select redeemed_at from host_set_codes where code = ${code!}`;
    expect(stored!.redeemedAt).toBeNull();
  });

  it('count registrations with a taken email before hashing: of 20 parallel ones with a valid code, 10 are evaluated', async () => {
    const host = await registerHost();
    const [code] = await issueHostSetCodes(1, 'rate limit test', realLimits.sql);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/clubs/register', registration(code!, { email: host.email }))),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('allow 10 password reset attempts per client, then answer 429', async () => {
    const attempt = () =>
      post('/api/clubs/reset-password', {
        token: 'a-well-formed-token-nobody-was-sent',
        password: 'new-kindling',
        confirmPassword: 'new-kindling',
      });
    expect(await statusesOf(9, attempt)).toEqual(Array(9).fill(400));
    const refused = await attempt();
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'This reset link is invalid or has expired. Ask for a new one.',
    );
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: { message: 'Too many attempts. Please try again later.' } });
  });

  it('allow 10 check-in answers with unknown tokens per client, then answer 429', async () => {
    const attempt = () => post('/api/check-ins', { token: 'a-check-in-token-nobody-was-sent'.padEnd(43, '0'), answer: 'still-meeting' });
    expect(await statusesOf(10, attempt)).toEqual(Array(10).fill(404));
    expect((await attempt()).status).toBe(429);
  });
});

/** Registers a host on this file's server (registration is not a sign-in: it leaves the sign-in counters alone). */
async function registerHost() {
  const [code] = await issueHostSetCodes(1, 'rate limit test', realLimits.sql);
  const payload = registration(code!);
  const response = await post('/api/clubs/register', payload);
  expect(response.status).toBe(201);
  const { clubId } = (await response.json()) as { clubId: number };
  return { email: payload.email, password: payload.password, clubId };
}

describe('behind a proxy (TRUSTED_PROXIES=1)', () => {
  let proxied: ServerProcess;
  beforeAll(async () => {
    proxied = await startServer({
      DATABASE_URL: realLimits.database.url,
      DATABASE_POOL_MAX: String(realLimits.database.poolMax),
      SEED_DEMO_DATA: 'false',
      TRUSTED_PROXIES: '1',
    });
  });
  afterAll(async () => {
    await proxied.stop();
  });

  const message = {
    name: 'Proxy Test',
    email: 'proxy@example.com',
    phone: '5550001111',
    coachName: 'Coach Name',
    message: 'Counted per visitor.',
  };
  const contactVia = (target: ServerProcess, forwardedFor: string) =>
    fetch(new URL('/api/contact-requests', target.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: target.url, 'x-forwarded-for': forwardedFor },
      body: JSON.stringify(message),
    });

  it('counts each visitor by the address the proxy appended, which a forged entry cannot change', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await contactVia(proxied, `10.9.9.${i}, 198.51.100.7`)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    // Another visitor behind the same proxy has a limit of their own.
    expect((await contactVia(proxied, '198.51.100.8')).status).toBe(201);
  });

  it('counts an IPv6 visitor by its /64: a new address in it is the same visitor, the next /64 another', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) statuses.push((await contactVia(proxied, `2001:db8:0:7::${i}`)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    expect((await contactVia(proxied, '2001:db8:0:7:ffff:ffff:ffff:ffff')).status).toBe(429);
    expect((await contactVia(proxied, '2001:db8:0:8::1')).status).toBe(201);
  });

  it('is not trusted by a server that was not told about a proxy', async () => {
    expect((await contactVia(realLimits.server, '198.51.100.9')).status).toBe(201);
    const keys = await realLimits.sql<{ key: string }[]>`select key from rate_limits`;
    expect(keys.map((row) => row.key).join(' ')).not.toContain('198.51.100.9');
    expect(keys.map((row) => row.key).join(' ')).toContain('127.0.0.1');
  });
});
