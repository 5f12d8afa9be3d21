import type { AstroCookies, AstroCookieSetOptions } from 'astro';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE, clearSessionCookie, readSessionToken, setSessionCookie } from '#server/auth/sessions.ts';

function recordingCookies() {
  const set = new Map<string, { value: string; options: AstroCookieSetOptions }>();
  const deleted = new Map<string, unknown>();
  const cookies = {
    set: (name: string, value: string, options: AstroCookieSetOptions) => set.set(name, { value, options }),
    delete: (name: string, options: unknown) => deleted.set(name, options),
  } as unknown as AstroCookies;
  return { cookies, set, deleted };
}

const expires = new Date('2030-01-01T00:00:00Z');
/** The session cookie's name over https: the prefix makes browsers refuse it unless Secure, Path=/ and without Domain. */
const HOST_PREFIXED = `__Host-${SESSION_COOKIE}`;

describe('the session cookie', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is HttpOnly, SameSite=Lax, Path=/ and Secure when the site is served over https', () => {
    const { cookies, set } = recordingCookies();
    setSessionCookie(cookies, new URL('https://clubs.example/api/login'), 'token', expires);
    expect(set.get(HOST_PREFIXED)).toEqual({
      value: 'token',
      options: { httpOnly: true, sameSite: 'lax', path: '/', secure: true, expires },
    });
  });

  it('is not Secure over plain http (local development), where a Secure cookie would never be sent back', () => {
    const { cookies, set } = recordingCookies();
    setSessionCookie(cookies, new URL('http://localhost:4321/api/login'), 'token', expires);
    expect(set.get(SESSION_COOKIE)?.options.secure).toBe(false);
  });

  it('is Secure behind a TLS-terminating proxy, when the public origin is https though the request is plain http', async () => {
    vi.stubEnv('SITE_URL', 'https://clubs.example');
    // The environment is read once per process: load the modules anew, as a server started with this setting would.
    vi.resetModules();
    const { setSessionCookie } = await import('#server/auth/sessions.ts');
    const { cookies, set } = recordingCookies();
    setSessionCookie(cookies, new URL('http://10.0.0.7:4321/api/login'), 'token', expires);
    expect(set.get(HOST_PREFIXED)?.options.secure).toBe(true);
    expect(set.get(SIGNED_IN_HINT_COOKIE)?.options.secure).toBe(true);
  });

  it('comes with a readable signed-in hint that carries no secret', () => {
    const { cookies, set } = recordingCookies();
    setSessionCookie(cookies, new URL('https://clubs.example/'), 'token', expires);
    expect(set.get(SIGNED_IN_HINT_COOKIE)).toEqual({ value: '1', options: { sameSite: 'lax', path: '/', secure: true, expires } });
  });

  it('is cleared together with its hint', () => {
    const { cookies, deleted } = recordingCookies();
    clearSessionCookie(cookies, new URL('https://clubs.example/'));
    expect([...deleted.keys()].sort()).toEqual([HOST_PREFIXED, SIGNED_IN_HINT_COOKIE].sort());
  });

  it('is named with the __Host- prefix over https, and plainly over http://localhost', () => {
    const https = recordingCookies();
    setSessionCookie(https.cookies, new URL('https://clubs.example/api/login'), 'token', expires);
    expect([...https.set.keys()].sort()).toEqual(['__Host-fk_session', SIGNED_IN_HINT_COOKIE].sort());
    expect(https.set.get('__Host-fk_session')?.options).toMatchObject({ secure: true, path: '/' });
    expect(https.set.get('__Host-fk_session')?.options).not.toHaveProperty('domain');

    const http = recordingCookies();
    setSessionCookie(http.cookies, new URL('http://localhost:4321/api/login'), 'token', expires);
    expect([...http.set.keys()].sort()).toEqual(['fk_session', SIGNED_IN_HINT_COOKIE].sort());
  });

  it('is read under the name that applies only: over https a plain fk_session (planted over http) is no session', () => {
    const jar = (values: Record<string, string>) =>
      ({ get: (name: string) => (name in values ? { value: values[name] } : undefined) }) as unknown as AstroCookies;
    const both = jar({ fk_session: 'planted', '__Host-fk_session': 'real' });
    expect(readSessionToken(both, new URL('https://clubs.example/'))).toBe('real');
    expect(readSessionToken(jar({ fk_session: 'planted' }), new URL('https://clubs.example/'))).toBeUndefined();
    expect(readSessionToken(both, new URL('http://localhost:4321/'))).toBe('planted');
  });
});
