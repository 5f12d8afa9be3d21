import type { AstroCookies } from 'astro';
import { z } from 'zod';
import type { FormFlash } from '#lib/form-posts.ts';
import { publicOriginIsHttps } from './origin.ts';

// The outcome of a form posted without JavaScript travels to the page it returns to in a cookie that lives a minute and
// is read once: no field value is put in it, and nothing goes in the address (docs/decisions/030).

const FLASH_COOKIE = 'fk_flash';
const LIFETIME_SECONDS = 60;
/** Below a browser's 4 KB per cookie, with room for the name and attributes. */
const MAX_COOKIE_CHARS = 3000;

const flashSchema = z.object({
  form: z.string().max(40),
  tone: z.enum(['error', 'success']),
  title: z.string().max(200).optional(),
  message: z.string().max(500),
  fieldErrors: z.record(z.string().max(100), z.array(z.string().max(300)).max(5)).optional(),
});

/** Over https `__Host-fk_flash`, as the session cookie: no sibling subdomain can plant words on the site's pages. */
const cookieName = (url: URL) => (url.protocol === 'https:' || publicOriginIsHttps() ? `__Host-${FLASH_COOKIE}` : FLASH_COOKIE);

const cookieOptions = (url: URL) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  path: '/',
  secure: url.protocol === 'https:' || publicOriginIsHttps(),
});

/** Keeps `flash` for the next page the browser opens, for a minute; its field messages are dropped if they do not fit. */
export function setFormFlash(cookies: AstroCookies, url: URL, flash: FormFlash): void {
  let value = Buffer.from(JSON.stringify(flash)).toString('base64url');
  if (value.length > MAX_COOKIE_CHARS) value = Buffer.from(JSON.stringify({ ...flash, fieldErrors: undefined })).toString('base64url');
  cookies.set(cookieName(url), value, { ...cookieOptions(url), maxAge: LIFETIME_SECONDS });
}

/**
 * The flash the request carries, cleared as it is read: each is shown once. Undefined when it carries none, null for a
 * malformed one (dropped all the same).
 */
export function takeFormFlash(cookies: AstroCookies, url: URL): FormFlash | null | undefined {
  const value = cookies.get(cookieName(url))?.value;
  if (value === undefined) return undefined;
  cookies.delete(cookieName(url), cookieOptions(url));
  try {
    const parsed = flashSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return parsed.success ? (parsed.data as FormFlash) : null;
  } catch {
    return null;
  }
}
