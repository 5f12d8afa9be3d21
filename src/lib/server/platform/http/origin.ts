import { env, isLoopbackHost, type Env } from '#server/platform/env.ts';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type OriginSettings = Pick<Env, 'SITE_URL' | 'HOST'>;

/** The port the site listens on when PORT says none (or 0, any free port, which no address can name beforehand). */
const DEFAULT_PORT = 4321;

/**
 * The site's address as pages, sitemaps and scripts name it: SITE_URL, else this machine at the port the site runs on
 * (PORT), so that `PORT=45100 npm start` builds canonical links and sitemaps to where it serves them. Read from the
 * raw environment: the build (astro.config.mjs) and the scripts run before env()'s checks.
 */
export function siteUrlOf({ SITE_URL, PORT }: { SITE_URL?: string; PORT?: string }): string {
  return SITE_URL || `http://localhost:${Number(PORT) || DEFAULT_PORT}`;
}

/**
 * The origins whose pages are the site's own: SITE_URL's and, while the server listens on loopback only, the names
 * of loopback at the port it listens on (the demo; the test servers, which call 127.0.0.1 on a random port).
 */
function ownOrigins(serverPort: number, { SITE_URL, HOST }: OriginSettings): string[] {
  const origins = SITE_URL ? [new URL(SITE_URL).origin] : [];
  if (!isLoopbackHost(HOST)) return origins;
  const host = HOST.includes(':') && !HOST.startsWith('[') ? `[${HOST}]` : HOST;
  for (const name of ['localhost', '127.0.0.1', '[::1]', host]) origins.push(new URL(`http://${name}:${serverPort}`).origin);
  return origins;
}

/**
 * Whether a state-changing API request may have come from another site. Astro's `checkOrigin` covers only form
 * bodies, so JSON calls are checked here: the Origin header when the browser sent one, else Sec-Fetch-Site.
 * Requests with neither come from non-browser clients, which cannot carry a visitor's cookie for them.
 * The Origin is compared with the site's own origins, never with the Host header: a page on another name that
 * resolves to this server (DNS rebinding) sends a Host and an Origin that match each other.
 */
export function isCrossSiteWrite(request: Request, serverPort: number, settings: OriginSettings = env()): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get('origin');
  if (origin !== null) return !ownOrigins(serverPort, settings).includes(origin);
  const fetchSite = request.headers.get('sec-fetch-site');
  return fetchSite !== null && fetchSite !== 'same-origin';
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/**
 * Astro's `security.checkOrigin` rule, which the middleware applies instead of Astro (astro.config.mjs turns Astro's
 * off) so that one path can be left out of it: a write whose body a form can send (or that has no body type) is refused
 * unless its Origin is the request's own. Astro's check cannot leave out a path, and RFC 8058's one-click unsubscribe
 * is a form post from a mail reader's server, with no Origin.
 */
export function isForeignFormPost(request: Request, url: URL): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const sameOrigin = request.headers.get('origin') === url.origin;
  const type = request.headers.get('content-type');
  if (type === null) return !sameOrigin;
  return FORM_TYPES.some((formType) => type.toLowerCase().includes(formType)) && !sameOrigin;
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

/**
 * The page of the site a form was sent from (its path and query), read from the Referer when that is one of the
 * site's own pages, else null: where a form's answer sends the browser back to.
 */
export function refererPage(request: Request, url: URL, { SITE_URL }: Pick<Env, 'SITE_URL'> = env()): string | null {
  let referer: URL;
  try {
    referer = new URL(request.headers.get('referer') ?? '');
  } catch {
    return null;
  }
  const own = [url.origin, ...(SITE_URL ? [new URL(SITE_URL).origin] : [])];
  if (!own.includes(referer.origin)) return null;
  // "//other.example/x" as a path would be another site's address in a Location header.
  return referer.pathname.replace(/^\/+/, '/') + referer.search;
}
