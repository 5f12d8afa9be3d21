import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AstroCookies } from 'astro';
import { env } from '#server/platform/env.ts';
import { serverSecret } from '#server/platform/server-secrets.ts';
import { servedOverHttps } from './sessions.ts';

// OWASP's "Slow down online guessing attacks with device cookies": a browser that signs in to an account gets a
// signed cookie naming the account. Its later attempts on that account count against the browser alone, so strangers'
// failures, which lock the account, do not lock out its owner; a browser failing with it locks only itself.
// The cookie is `<user id>.<issued, Unix seconds>.<nonce>.<HMAC-SHA256>`; the HMAC also covers the account's
// password hash, which the cookie does not carry, so a new password ends every device cookie of the account.

const DEVICE_COOKIE = 'fk_device';
const LIFETIME_SECONDS = 365 * 86_400;
/** How far ahead of this server's clock another instance's issue time may be. */
const CLOCK_SKEW_SECONDS = 300;

/** The account a device cookie names: its id, and its password hash, which the signature covers. */
interface Account {
  id: string;
  passwordHash: string;
}

/** Over https `__Host-fk_device`, as for the session cookie: neither a subdomain nor plain http can plant it. */
const cookieName = (url: URL) => (servedOverHttps(url) ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE);

async function signature(payload: string, account: Account): Promise<Buffer> {
  const key = await serverSecret('device-cookies', env().DEVICE_COOKIE_SECRET);
  return createHmac('sha256', key).update(`${payload}.${account.passwordHash}`).digest();
}

/**
 * The device's id (its cookie's nonce) when the request carries an unexpired device cookie signed for `account` and
 * its current password, else null.
 */
export async function trustedDeviceOf(cookies: AstroCookies, url: URL, account: Account): Promise<string | null> {
  const parts = cookies.get(cookieName(url))?.value.split('.') ?? [];
  if (parts.length !== 4) return null;
  const [userId, issuedAt, nonce, mac] = parts as [string, string, string, string];
  if (userId !== account.id || !/^\d{1,12}$/.test(issuedAt)) return null;
  const age = Date.now() / 1000 - Number(issuedAt);
  if (age > LIFETIME_SECONDS || age < -CLOCK_SKEW_SECONDS) return null;
  const expected = await signature(`${userId}.${issuedAt}.${nonce}`, account);
  const given = Buffer.from(mac, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}

/** Gives the browser a new device cookie for `account`, for a year: HttpOnly, SameSite=Lax, Secure over https. */
export async function setDeviceCookie(cookies: AstroCookies, url: URL, account: Account): Promise<void> {
  const payload = `${account.id}.${Math.floor(Date.now() / 1000)}.${randomBytes(16).toString('base64url')}`;
  const mac = (await signature(payload, account)).toString('base64url');
  cookies.set(cookieName(url), `${payload}.${mac}`, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: servedOverHttps(url),
    maxAge: LIFETIME_SECONDS,
  });
}
