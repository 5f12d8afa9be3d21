import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_ADMIN,
  baseUrl,
  newCode,
  registerHost,
  registration,
  request,
  sentEmails,
  startServerOnTestDatabase,
  waitForEmail,
} from '../support/api.ts';
import { startServer, type ServerProcess } from '../support/server-process.ts';

// The site's public origin is a setting (SITE_URL; on a demo start on loopback, http://localhost at the port listened
// on), never the Host header a client sends. The file's server is a demo start on 127.0.0.1 at a random port.
const siteOrigin = `http://localhost:${new URL(baseUrl).port}`;
const forged = { host: 'evil.example' };

/** A JSON POST with the headers exactly as given: fetch drops a Host header, as the Fetch standard says. */
function rawPost(path: string, json: unknown, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(json);
    http
      .request(new URL(path, baseUrl), { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      })
      .on('error', reject)
      .end(body);
  });
}

describe('links in emails', () => {
  it('puts the site origin in a reset link, never the Host a client sends, and refuses the forged Origin that matches it', async () => {
    const { payload } = await registerHost();
    const forgot = (headers: Record<string, string>) => rawPost('/api/clubs/forgot-password', { email: payload.email }, headers);

    // A browser on a page at evil.example (DNS rebinding) sends a Host and an Origin that match: not the site's.
    expect(await forgot({ ...forged, origin: 'http://evil.example' })).toBe(403);
    // A script sends any Host and no Origin at all: answered, but the link is the site's.
    expect(await forgot(forged)).toBe(200);

    const mail = await waitForEmail((m) => m.includes(`To: ${payload.email}`) && m.includes('reset-password?token='));
    expect(/(\S+)\/reset-password\?token=/.exec(mail)![1]).toBe(siteOrigin);
    const mailsToVictim = sentEmails().filter((m) => m.includes(`To: ${payload.email}`));
    expect(mailsToVictim.filter((m) => m.includes('reset-password?token='))).toHaveLength(1);
    expect(mailsToVictim.join('\n')).not.toContain('evil.example');
  });

  it('puts the site origin in the welcome email of a registration sent with a forged Host', async () => {
    const payload = registration(await newCode());
    expect(await rawPost('/api/clubs/register', payload, forged)).toBe(201);
    const mail = await waitForEmail((m) => m.includes(`To: ${payload.email}`));
    expect(mail).toContain(`${siteOrigin}/club-registration?signin=true`);
    expect(mail).not.toContain('evil.example');
  });
});

describe('a production start', () => {
  it('is refused without SITE_URL, with the reason, when NODE_ENV is production or HOST is not loopback', async () => {
    await expect(startServer({ NODE_ENV: 'production', SITE_URL: '' })).rejects.toThrow(
      /exited with code 1[\s\S]*SITE_URL is not set, and NODE_ENV is production/,
    );
    await expect(startServer({ HOST: '0.0.0.0', SITE_URL: '' })).rejects.toThrow(
      /SITE_URL is not set, and HOST=0\.0\.0\.0 is not a loopback address/,
    );
  });
});

describe('the session cookie', () => {
  it('is named fk_session over plain http', async () => {
    const response = await request('/api/login', {
      method: 'POST',
      json: { emailOrUsername: TEST_ADMIN.email, password: TEST_ADMIN.password },
    });
    expect(response.headers.getSetCookie().some((c) => c.startsWith('fk_session='))).toBe(true);
  });

  describe('behind a TLS proxy (SITE_URL is https)', () => {
    let server: ServerProcess;
    beforeAll(async () => {
      server = await startServerOnTestDatabase({ SITE_URL: 'https://clubs.example' });
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('is named with the __Host- prefix (Secure, Path=/, no Domain) and read only under that name', async () => {
      const signIn = await fetch(new URL('/api/login', server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://clubs.example' },
        body: JSON.stringify({ emailOrUsername: TEST_ADMIN.email, password: TEST_ADMIN.password }),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith('__Host-fk_session='));
      expect(cookie).toBeDefined();
      expect(cookie).toMatch(/; Secure(;|$)/i);
      expect(cookie).toMatch(/; Path=\/(;|$)/i);
      expect(cookie).not.toMatch(/; Domain=/i);
      expect(signIn.headers.getSetCookie().some((c) => c.startsWith('fk_session='))).toBe(false);

      const token = cookie!.split(';')[0]!.slice('__Host-fk_session='.length);
      const me = (name: string) => fetch(new URL('/api/auth/user', server.url), { headers: { cookie: `${name}=${token}` } });
      expect((await me('__Host-fk_session')).status).toBe(200);
      expect((await me('fk_session')).status).toBe(401);
    });

    it('gives the device cookie the __Host- prefix too: Secure, HttpOnly, Path=/, no Domain', async () => {
      const signIn = await fetch(new URL('/api/login', server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://clubs.example' },
        body: JSON.stringify({ emailOrUsername: TEST_ADMIN.email, password: TEST_ADMIN.password }),
      });
      const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith('__Host-fk_device='));
      expect(cookie).toMatch(/; Secure(;|$)/i);
      expect(cookie).toMatch(/; HttpOnly(;|$)/i);
      expect(cookie).toMatch(/; Path=\/(;|$)/i);
      expect(cookie).not.toMatch(/; Domain=/i);
      expect(signIn.headers.getSetCookie().some((c) => c.startsWith('fk_device='))).toBe(false);
    });
  });
});

describe('the password-reset page', () => {
  it('is sent with Cache-Control: no-store, for it holds a live reset token', async () => {
    const response = await request('/reset-password?token=some-reset-token');
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });
});
