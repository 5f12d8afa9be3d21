import { env } from '#server/env.ts';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a state-changing API request may have come from another site. Astro's `checkOrigin` covers only form
 * bodies, so JSON calls are checked here: the Origin header when the browser sent one, else Sec-Fetch-Site.
 * Requests with neither come from non-browser clients, which cannot carry a visitor's cookie for them.
 * The site's own origin is the one the request came to or, behind a TLS-terminating proxy where the server sees
 * `http://` while browsers send `Origin: https://…`, the public origin in SITE_URL.
 */
export function isCrossSiteWrite(request: Request, url: URL, siteUrl = env().SITE_URL): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get('origin');
  if (origin !== null) return origin !== url.origin && (!siteUrl || origin !== new URL(siteUrl).origin);
  const fetchSite = request.headers.get('sec-fetch-site');
  return fetchSite !== null && fetchSite !== 'same-origin';
}

/** The canonical, lowercase form of a path, or null when it already is canonical. */
export function canonicalPath(pathname: string): string | null {
  const lower = pathname.toLowerCase();
  return lower === pathname ? null : lower;
}

/**
 * Whether the site's public origin (SITE_URL) is https. Behind a TLS-terminating proxy the server itself only sees
 * plain http, so this, not the request, decides HSTS and Secure cookies there.
 */
export function publicOriginIsHttps(siteUrl = env().SITE_URL): boolean {
  return Boolean(siteUrl) && new URL(siteUrl!).protocol === 'https:';
}
