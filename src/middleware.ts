import { defineMiddleware } from 'astro:middleware';
import { SESSION_COOKIE, clearSessionCookie, setSessionCookie, validateSessionToken } from './lib/server/auth.ts';
import { withBaselinePolicy } from './lib/server/content-security-policy.ts';
import { isDatabaseUnavailable } from './lib/server/db.ts';
import { errorResponse, serviceUnavailable } from './lib/server/http.ts';
import { logger } from './lib/server/logger.ts';
import { canonicalPath, isCrossSiteWrite } from './lib/server/origin.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  context.locals.user = null;
  context.locals.session = null;
  if (context.isPrerendered) return next();
  // The site's server passes the client's address in; `astro dev` has only Astro's own idea of it.
  context.locals.clientAddress ??= context.clientAddress;

  const { url, request, cookies } = context;

  // Pages match case-insensitively: send every other spelling to the one canonical URL. API paths are left alone:
  // their parameters (HOST SET codes) may hold capitals, and a client of the API uses the exact path.
  const canonical = canonicalPath(url.pathname);
  if (canonical !== null && !url.pathname.startsWith('/_') && !url.pathname.startsWith('/api/')) {
    return new Response(null, { status: 308, headers: { location: canonical + url.search } });
  }

  if (url.pathname.startsWith('/api/') && isCrossSiteWrite(request, url)) {
    return errorResponse(403, 'Cross-site requests are not allowed.');
  }

  try {
    const token = cookies.get(SESSION_COOKIE)?.value;
    if (token) {
      const { user, session } = await validateSessionToken(token);
      if (session) {
        if (session.fresh) setSessionCookie(cookies, url, token, session.expiresAt);
        context.locals.user = user;
        context.locals.session = session;
      } else {
        clearSessionCookie(cookies, url);
      }
    }
    return withBaselinePolicy(await next());
  } catch (error) {
    // A database outage is the server's state, not the client's fault: say so with 503, and recover by itself.
    if (!isDatabaseUnavailable(error)) throw error;
    logger.error({ path: url.pathname, code: (error as { code: string }).code }, 'database unavailable');
    return url.pathname.startsWith('/api/')
      ? serviceUnavailable()
      : new Response('<!doctype html><title>Temporarily unavailable</title><h1>Temporarily unavailable</h1><p>Please try again in a moment.</p>', {
          status: 503,
          headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': '5' },
        });
  }
});
