import { describe, expect, it } from 'vitest';
import { asUser, registerHost, request } from '../support/api.ts';

// Regression tests in the spirit of Astro's published advisories: encoded and re-cased paths, and headers that
// once steered routing, must never reach admin data without an admin session.

const ADMIN_MARKERS = ['HOST SET Codes', 'Admin Notifications</h1>', 'Clubs table'];
const host = await registerHost();

async function expectNoAdminData(response: Response) {
  const body = await response.text();
  for (const marker of ADMIN_MARKERS) expect(body).not.toContain(marker);
}

describe('paths that try to reach admin pages', () => {
  for (const path of [
    '/%61dmin-clubs',
    '/%2561dmin-clubs',
    '/admin%2dclubs',
    '/admin-clubs/',
    '/admin-clubs;x',
    '/%61dmin-notifications',
  ]) {
    it(`${path} shows no admin data to anonymous visitors or hosts`, async () => {
      for (const headers of [{}, asUser(host.token)]) {
        const response = await request(path, { headers });
        expect(response.status).not.toBe(200);
        expect(response.status).toBeLessThan(500);
        await expectNoAdminData(response);
      }
    });
  }

  it('sends /ADMIN-CLUBS to the canonical path, where anonymous visitors get the 404 screen', async () => {
    const redirect = await request('/ADMIN-CLUBS?x=1');
    expect(redirect.status).toBe(308);
    expect(redirect.headers.get('location')).toBe('/admin-clubs?x=1');
    const page = await request('/admin-clubs');
    expect(page.status).toBe(404);
    await expectNoAdminData(page);
  });

  it('shows a host the Access Denied page with no admin data', async () => {
    const response = await request('/admin-clubs', { headers: asUser(host.token) });
    expect(response.status).toBe(403);
    await expectNoAdminData(response);
  });

  const steering: Record<string, string>[] = [
    { 'x-astro-path': '/admin-clubs' },
    { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    { 'x-original-url': '/admin-clubs', 'x-rewrite-url': '/admin-clubs' },
  ];

  it('ignores routing and forwarding headers on prerendered pages', async () => {
    for (const headers of steering) {
      const response = await request('/faq', { headers });
      expect(response.status).toBe(200);
      await expectNoAdminData(response);
    }
  });

  it('ignores them where Astro renders on demand: pages, the 404 page, API routes and the case redirect', async () => {
    for (const headers of steering) {
      for (const who of [{}, asUser(host.token)]) {
        const registration = await request('/club-registration', { headers: { ...headers, ...who } });
        expect(registration.status).toBeLessThan(500);
        await expectNoAdminData(registration);

        const missing = await request('/nope', { headers: { ...headers, ...who } });
        expect(missing.status).toBe(404);
        await expectNoAdminData(missing);

        expect((await request('/api/admin/clubs', { headers: { ...headers, ...who } })).status).toBe('cookie' in who ? 403 : 401);

        const redirect = await request('/ADMIN-CLUBS', { headers: { ...headers, ...who } });
        expect(redirect.status).toBe(308);
        expect(redirect.headers.get('location')).toBe('/admin-clubs');
      }
    }
  });

  it('builds no link or redirect from a forwarded host', async () => {
    const headers = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', host: 'evil.example' };
    for (const path of ['/club-registration', '/nope', '/FAQ', '/club-login']) {
      const response = await request(path, { headers });
      expect(response.headers.get('location') ?? '', path).not.toContain('evil.example');
      expect(await response.text(), path).not.toContain('evil.example');
    }
  });

  it('answers encoded API paths the same as plain ones: 401 without a session', async () => {
    expect((await request('/api/%61dmin/clubs')).status).toBe(401);
    expect((await request('/api/admin/clubs', { headers: asUser(host.token) })).status).toBe(403);
  });

  it('does not serve files outside the build through dot segments', async () => {
    for (const path of ['/%2e%2e/package.json', '/_astro/..%2f..%2fpackage.json', '/..%2f.env', '/%2e%2e%2f%2e%2e%2fetc%2fpasswd']) {
      const response = await request(path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      expect(await response.text(), path).not.toContain('"dependencies"');
    }
  });
});

describe('cross-origin writes in any content type', () => {
  const types = [
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'TEXT/PLAIN;charset=UTF-8',
    'Application/JSON; charset=utf-8',
    'application/x-www-form-urlencoded ; charset=UTF-8',
    'application/vnd.api+json',
  ];
  for (const type of types) {
    it(`are refused with 403 when sent as ${type}`, async () => {
      const response = await request('/api/clubs/signin', {
        method: 'POST',
        headers: { origin: 'https://evil.example', 'content-type': type },
        body: '{"email":"a@example.com","password":"x"}',
      });
      expect(response.status).toBe(403);
    });
  }

  it('are refused with 403 with no content type at all, and as a form post to a page', async () => {
    const bare = await request('/api/clubs/signin', { method: 'POST', headers: { origin: 'https://evil.example' }, body: 'email=a' });
    expect(bare.status).toBe(403);
    const form = await request('/club-registration', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a',
    });
    expect(form.status).toBe(403);
  });
});
