import type { AstroCookies } from 'astro';
import { z } from 'zod';
import type { FormFlash } from '#lib/shared/form-posts.ts';
import { publicOriginIsHttps } from './origin.ts';

// The outcome of a form posted without JavaScript travels to the page it returns to in a cookie that lives a minute and
// is read once, by that page alone: no field value is put in it but a registration's HOST SET code, and nothing goes in
// the address (docs/decisions/030).
// A prerendered page cannot read it: the cookie then waits out its minute unread, never shown on another page.

const FLASH_COOKIE = 'fk_flash';
const LIFETIME_SECONDS = 60;
/** Below a browser's 4 KB per cookie, with room for the name and attributes. */
const MAX_COOKIE_CHARS = 3000;

const flashSchema = z.object({
  /** The path of the page that shows it. */
  page: z.string().max(2000),
  form: z.string().max(40),
  tone: z.enum(['error', 'success']),
  title: z.string().max(200).optional(),
  message: z.string().max(500),
  fieldErrors: z.record(z.string().max(100), z.array(z.string().max(300)).max(5)).optional(),
  hostSetCode: z.string().max(40).optional(),
});

/** Over https `__Host-fk_flash`, as the session cookie: no sibling subdomain can plant words on the site's pages. */
const cookieName = (url: URL) => (url.protocol === 'https:' || publicOriginIsHttps() ? `__Host-${FLASH_COOKIE}` : FLASH_COOKIE);

const cookieOptions = (url: URL) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  path: '/',
  secure: url.protocol === 'https:' || publicOriginIsHttps(),
});

const encode = (payload: object) => Buffer.from(JSON.stringify(payload)).toString('base64url');

/**
 * A form post's answer: a 303 to `location` (a path of the site) and, when given, `flash` kept for a minute for that
 * page alone; its field messages are dropped if they do not fit in a cookie.
 */
export function redirectWithFlash(cookies: AstroCookies, url: URL, location: string, flash?: FormFlash): Response {
  if (flash) {
    const payload = { ...flash, page: new URL(location, url).pathname };
    let value = encode(payload);
    if (value.length > MAX_COOKIE_CHARS) value = encode({ ...payload, fieldErrors: undefined });
    cookies.set(cookieName(url), value, { ...cookieOptions(url), maxAge: LIFETIME_SECONDS });
  }
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}

/**
 * The flash the request carries for its page, cleared as it is read: each is shown once. Undefined when it carries
 * none for this page, null for a malformed one (dropped all the same).
 */
export function takeFormFlash(cookies: AstroCookies, url: URL): FormFlash | null | undefined {
  const value = cookies.get(cookieName(url))?.value;
  if (value === undefined) return undefined;
  let parsed: ReturnType<typeof flashSchema.safeParse> | undefined;
  try {
    parsed = flashSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
  } catch {
    // Not JSON: dropped below.
  }
  if (parsed?.success && parsed.data.page !== url.pathname) return undefined;
  cookies.delete(cookieName(url), cookieOptions(url));
  if (!parsed?.success) return null;
  const { page: _page, ...flash } = parsed.data;
  return flash as FormFlash;
}
