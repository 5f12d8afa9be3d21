import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_ADMIN, baseUrl, request, sessionTokenFrom, testSql } from '../support/api.ts';

async function signInAsAdmin() {
  const response = await request('/api/login', {
    method: 'POST',
    json: { emailOrUsername: TEST_ADMIN.email, password: TEST_ADMIN.password },
  });
  expect(response.status).toBe(200);
  const token = sessionTokenFrom(response);
  expect(token).toBeDefined();
  return { response, token: token! };
}

describe('sessions', () => {
  it('answers 401 from /api/auth/user when nobody is signed in, without leaking anything', async () => {
    const response = await request('/api/auth/user');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { message: 'Unauthorized: please sign in.' } });
  });

  it('sets an HttpOnly, SameSite=Lax, Path=/ session cookie that is not Secure over plain http', async () => {
    const { response } = await signInAsAdmin();
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('fk_session='))!;
    const attributes = cookie.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');
    expect(attributes.some((a) => a.startsWith('expires='))).toBe(true);
    expect(attributes).not.toContain('secure');
  });

  it('stores only the SHA-256 of the cookie token, never the token itself', async () => {
    const { token } = await signInAsAdmin();
    const sql = testSql();
    const hashed = createHash('sha256').update(token).digest('hex');
    expect(await sql`select id from user_sessions where id = ${token}`).toHaveLength(0);
    expect(await sql`select id from user_sessions where id = ${hashed}`).toHaveLength(1);
  });

  it('knows the signed-in admin, and signs in by username too', async () => {
    const { token } = await signInAsAdmin();
    const me = await request('/api/auth/user', { headers: { cookie: `fk_session=${token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: TEST_ADMIN.email, username: 'admin', role: 'admin' });

    const byUsername = await request('/api/login', {
      method: 'POST',
      json: { emailOrUsername: 'ADMIN', password: TEST_ADMIN.password },
    });
    expect(byUsername.status).toBe(200);
  });

  it('gives a new session id at every sign-in', async () => {
    const first = await signInAsAdmin();
    const second = await signInAsAdmin();
    expect(first.token).not.toBe(second.token);
  });

  it('answers a wrong password and an unknown account alike', async () => {
    const wrongPassword = await request('/api/login', {
      method: 'POST',
      json: { emailOrUsername: TEST_ADMIN.email, password: 'not the password' },
    });
    const unknown = await request('/api/login', {
      method: 'POST',
      json: { emailOrUsername: 'nobody@example.com', password: 'not the password' },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrongPassword.json()).toEqual(await unknown.json());
    expect(sessionTokenFrom(wrongPassword)).toBeUndefined();
  });

  it('rejects a sign-in payload that breaks the schema with 400 and field messages', async () => {
    const response = await request('/api/login', { method: 'POST', json: { emailOrUsername: '', password: 42 } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fieldErrors: Record<string, string[]> } };
    expect(body.error.fieldErrors.emailOrUsername).toEqual(['Email or username is required']);
    expect(body.error.fieldErrors.password).toBeDefined();
  });

  it('ends the session at logout: the old cookie no longer works', async () => {
    const { token } = await signInAsAdmin();
    const logout = await request('/api/logout', { method: 'POST', headers: { cookie: `fk_session=${token}` } });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie().some((c) => /^fk_session=;/.test(c) || /fk_session=deleted/.test(c) || /Max-Age=0/i.test(c))).toBe(
      true,
    );
    const me = await request('/api/auth/user', { headers: { cookie: `fk_session=${token}` } });
    expect(me.status).toBe(401);
  });

  it('ignores a forged cookie', async () => {
    const me = await request('/api/auth/user', { headers: { cookie: 'fk_session=forged-token' } });
    expect(me.status).toBe(401);
  });
});

describe('cross-site protection', () => {
  it('answers 403 to a JSON POST from another origin, before doing anything', async () => {
    const { token } = await signInAsAdmin();
    const response = await request('/api/logout', {
      method: 'POST',
      headers: { origin: 'https://evil.example', cookie: `fk_session=${token}` },
    });
    expect(response.status).toBe(403);
    const me = await request('/api/auth/user', { headers: { cookie: `fk_session=${token}` } });
    expect(me.status).toBe(200);
  });

  it('answers 403 when Sec-Fetch-Site says cross-site and there is no Origin', async () => {
    const response = await fetch(new URL('/api/login', baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ emailOrUsername: TEST_ADMIN.email, password: TEST_ADMIN.password }),
    });
    expect(response.status).toBe(403);
  });
});
