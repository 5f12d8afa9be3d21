import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { upsertAdmin } from '#server/auth/users.ts';
import { registration, useRealLimitsServer } from '../support/api.ts';
import { issueHostSetCodes } from '#server/codes/host-set-codes.ts';

// Security review, issue 26 item 10: ten failed sign-ins from anywhere locked the admin out for about 15 minutes,
// again and again. Strangers are still locked out; a browser that has signed in to the account before (a device
// cookie, as OWASP's "device cookies" describe) still signs in.
// The file's test server raises every limit: this file runs a server of its own with the real ones.

const realLimits = useRealLimitsServer();

const ADMIN = { email: 'device-admin@example.com', username: 'device-admin', password: 'a device admin password' };

const post = (path: string, json: unknown, cookie?: string) =>
  fetch(new URL(path, realLimits.server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: realLimits.server.url, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(json),
  });
/** The review's request: POST /api/login, from a browser carrying `cookie` or from a stranger. */
const login = (password: string, cookie?: string) => post('/api/login', { emailOrUsername: ADMIN.email, password }, cookie);

/** The Set-Cookie header of the device cookie, and the cookie as a browser sends it back. */
function deviceCookieOf(response: Response): { header: string; cookie: string } {
  const header = response.headers.getSetCookie().find((c) => c.startsWith('fk_device='));
  if (!header) throw new Error(`no device cookie: ${response.headers.getSetCookie().join(' | ')}`);
  return { header, cookie: header.split(';')[0]! };
}

async function statusesOf(count: number, send: () => Promise<Response>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send()).status);
  return statuses;
}

/** The admin's browser signs in once, as on any earlier day, and keeps its device cookie. */
async function adminBrowser(): Promise<string> {
  await upsertAdmin(ADMIN, realLimits.sql);
  const response = await login(ADMIN.password);
  expect(response.status).toBe(200);
  const { cookie } = deviceCookieOf(response);
  await realLimits.sql`delete from rate_limits`;
  return cookie;
}

describe('device cookies', () => {
  it("after 10 strangers' failures the stranger is refused even with the right password (429), while the admin's browser signs in", async () => {
    const browser = await adminBrowser();

    expect(await statusesOf(10, () => login('guess'))).toEqual(Array(10).fill(401));
    const stranger = await login(ADMIN.password);
    expect(stranger.status).toBe(429);
    expect(stranger.headers.getSetCookie()).toEqual([]);

    const owner = await login(ADMIN.password, browser);
    expect(owner.status).toBe(200);
    expect(await owner.json()).toMatchObject({ success: true, user: { email: ADMIN.email, role: 'admin' } });
    expect(owner.headers.getSetCookie().some((c) => c.startsWith('fk_session='))).toBe(true);

    // The owner's success does not reopen the account to strangers.
    expect((await login(ADMIN.password)).status).toBe(429);
  });

  it('is HttpOnly, SameSite=Lax, for the whole site and a year, and given by the host and guide sign-ins too', async () => {
    await upsertAdmin(ADMIN, realLimits.sql);
    const { header } = deviceCookieOf(await login(ADMIN.password));
    expect(header).toMatch(/; HttpOnly/i);
    expect(header).toMatch(/; SameSite=Lax/i);
    expect(header).toMatch(/; Path=\//i);
    expect(header).toMatch(/; Max-Age=31536000/i);
    // This server is plain http on loopback; over https the cookie is Secure and named __Host-fk_device.
    expect(header).not.toMatch(/; Secure/i);

    const [code] = await issueHostSetCodes(1, 'device cookie test', realLimits.sql);
    const host = registration(code!);
    expect((await post('/api/clubs/register', host)).status).toBe(201);
    const hostSignIn = await post('/api/clubs/signin', { email: host.email, password: host.password });
    expect(await hostSignIn.json()).toMatchObject({ success: true });
    expect(deviceCookieOf(hostSignIn).header).toBeDefined();
    const guideSignIn = await post('/api/guides/signin', { email: host.email, password: host.password });
    expect(deviceCookieOf(guideSignIn).header).toBeDefined();
  });

  it("locks only the browser that fails 10 times with its device cookie: strangers' counters and the account stay open", async () => {
    const browser = await adminBrowser();
    expect(await statusesOf(10, () => login('guess', browser))).toEqual(Array(10).fill(401));
    expect((await login(ADMIN.password, browser)).status).toBe(429);

    // The browser's failures were its own: the account (and this address) are not locked for anyone else.
    expect((await login(ADMIN.password)).status).toBe(200);
  });

  it("is no help to strangers: another account's, a tampered one, or one from before a password change counts as none", async () => {
    const browser = await adminBrowser();
    const [code] = await issueHostSetCodes(1, 'device cookie test', realLimits.sql);
    const host = registration(code!);
    expect((await post('/api/clubs/register', host)).status).toBe(201);
    const hostBrowser = deviceCookieOf(await post('/api/clubs/signin', { email: host.email, password: host.password })).cookie;
    const [userId, issuedAt, nonce, mac] = browser.slice('fk_device='.length).split('.');
    const tampered = `fk_device=${userId}.${issuedAt}.${nonce!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}.${mac}`;
    await realLimits.sql`delete from rate_limits`;

    expect(await statusesOf(10, () => login('guess'))).toEqual(Array(10).fill(401));
    for (const cookie of [hostBrowser, tampered, 'fk_device=garbage']) {
      expect((await login(ADMIN.password, cookie)).status, cookie).toBe(429);
    }

    // A new password (a reset, or the admin's again from the command line) ends the account's device cookies.
    await upsertAdmin({ ...ADMIN, password: 'another device admin password' }, realLimits.sql);
    expect((await login('another device admin password', browser)).status).toBe(429);
  });

  it('lasts a year: signed with the key the server keeps in server_secrets, one 364 days old is trusted, one 366 days old is not', async () => {
    await adminBrowser();
    const [key] = await realLimits.sql<{ secret: Buffer }[]>`select secret from server_secrets where name = 'device-cookies'`;
    const [account] = await realLimits.sql<
      { id: string; passwordHash: string }[]
    >`select id, password_hash from users where email = ${ADMIN.email}`;
    const cookieIssued = (daysAgo: number, nonce: string) => {
      const payload = `${account!.id}.${Math.floor(Date.now() / 1000) - daysAgo * 86_400}.${nonce}`;
      return `fk_device=${payload}.${createHmac('sha256', key!.secret).update(`${payload}.${account!.passwordHash}`).digest('base64url')}`;
    };

    expect(await statusesOf(10, () => login('guess'))).toEqual(Array(10).fill(401));
    expect((await login(ADMIN.password, cookieIssued(366, 'old-browser'))).status).toBe(429);
    expect((await login(ADMIN.password, cookieIssued(364, 'older-browser'))).status).toBe(200);
  });
});
