import { defineMiddleware, sequence } from 'astro:middleware';
import type { MiddlewareHandler } from 'astro';
import { clearSessionCookie, notSignedIn, readSessionToken, sessionExists, validateSessionToken } from '#server/auth/index.ts';
import { rateLimitClientOf } from '#server/platform/client-network.ts';
import { answerFormPost } from '#server/platform/http/form-posts.ts';
import { ConflictError } from '#server/platform/conflict.ts';
import { isDatabaseUnavailable } from '#server/platform/db/db.ts';
import { env } from '#server/platform/env.ts';
import { withBaselinePolicy } from '#server/platform/http/content-security-policy.ts';
import { HttpError, errorResponse, serviceUnavailable } from '#server/platform/http/endpoint.ts';
import { localizeErrorResponse } from '#server/platform/http/localized-errors.ts';
import { answerLanguage } from '#server/platform/http/request-language.ts';
import { takeFormFlash } from '#server/platform/http/form-flash.ts';
import { keepRenderedPage } from '#server/platform/http/rendered-pages.ts';
import { PAGE_METHODS, endpointMethods, methodNotAllowed, routePatternOf } from '#server/platform/http/methods.ts';
import { canonicalPath, isCrossSiteWrite, isForeignFormPost } from '#server/platform/http/origin.ts';
import { ALERT_UNSUBSCRIBE_PATH } from '#lib/alerts/types.ts';
import { EMAIL_UNSUBSCRIBE_PATH } from '#lib/shared/email-unsubscribe.ts';
import { MEMBER_UNSUBSCRIBE_PATH } from '#lib/members/reminders.ts';
import { WEBHOOK_PATH_PREFIX } from '#server/platform/http/webhooks.ts';
import { logger } from '#server/platform/logger.ts';
import { readPage } from '#server/platform/site-content.ts';

// Each request on demand passes these steps in order; prerendered pages only get empty locals at build time.

/**
 * Every page and endpoint sees `user` and `session` (null until a session is found) and the client as rate limits
 * count it: its address, or an IPv6 client's /64 (client-network.ts).
 */
const initLocals = defineMiddleware((context, next) => {
  context.locals.user = null;
  context.locals.session = null;
  // The site's server passes the client's address and its port in; `astro dev` has only Astro's own idea of the
  // address, and its port is taken to be PORT (4321 by default, as Astro's).
  if (!context.isPrerendered) {
    context.locals.clientAddress = rateLimitClientOf(context.locals.clientAddress ?? context.clientAddress);
    context.locals.serverPort ??= env().PORT;
  }
  return next();
});

/**
 * Errors with a known answer: a refusal an endpoint threw (HttpError: not signed in, not allowed, a malformed request)
 * is answered with its status; a conflict the client caused, thrown from any repository
 * (src/lib/server/platform/conflict.ts), is a 409; a database outage is the server's state, not the client's fault: 503,
 * and it recovers by itself. A signed-in request whose session is gone by the time it failed raced its account's
 * deletion or sign-out (its writes referred to an account that no longer exists, a foreign-key violation): 401, the
 * answer it gets a moment later.
 */
const answerKnownErrors = defineMiddleware(async ({ url, locals }, next) => {
  try {
    return await next();
  } catch (error) {
    if (error instanceof HttpError) return error.toResponse();
    if (error instanceof ConflictError)
      return errorResponse(409, error.message, error.field ? { [error.field]: [error.message] } : undefined);
    if (!isDatabaseUnavailable(error)) {
      if (!locals.session || (await sessionExists(locals.session.id))) throw error;
      logger.info({ path: url.pathname, code: (error as { code?: unknown }).code }, 'request outlived its session');
      return notSignedIn().toResponse();
    }
    logger.error({ path: url.pathname, code: (error as { code: string }).code }, 'database unavailable');
    return url.pathname.startsWith('/api/')
      ? serviceUnavailable()
      : new Response(
          '<!doctype html><title>Temporarily unavailable</title><h1>Temporarily unavailable</h1><p>Please try again in a moment.</p>',
          {
            status: 503,
            headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': '5' },
          },
        );
  }
});

/**
 * An API refusal's messages in the language of the page that asked (docs/decisions/041): every refusal, thrown or
 * answered, passes here. Inside answerFormPosts, so that a form posted without JavaScript is answered in its page's
 * language too (the bridge names it; an email link page's own button, by the page it was pressed on).
 */
const localizeApiErrors = defineMiddleware(async ({ url, request }, next) =>
  url.pathname.startsWith('/api/') ? localizeErrorResponse(await next(), answerLanguage(request)) : next(),
);

/**
 * Each endpoint's module by its route pattern, loaded (once) when a request needs to know which methods it answers.
 * A file whose name starts with `_` is no route (Astro skips it): it holds what several endpoints share.
 */
const endpointModules = new Map(
  Object.entries(import.meta.glob<Record<string, unknown>>(['./pages/**/*.ts', '!./pages/**/_*.ts'])).map(([file, load]) => [
    routePatternOf(file),
    load,
  ]),
);
const endpointMethodsByRoute = new Map<string, readonly string[] | null>();

/**
 * A method the route does not answer is a 405 naming the ones it does, for every route in one place: Astro itself
 * would answer 404 on an endpoint and render a page whatever the method. Unknown paths keep their 404.
 */
const refuseUnsupportedMethods = defineMiddleware(async ({ routePattern, request, locals }, next) => {
  if (routePattern === '/404') return next();
  const method = locals.requestMethod ?? request.method;
  const load = endpointModules.get(routePattern);
  let allowed = load ? endpointMethodsByRoute.get(routePattern) : PAGE_METHODS;
  if (allowed === undefined) {
    allowed = endpointMethods(await load!());
    endpointMethodsByRoute.set(routePattern, allowed);
  }
  if (allowed === null || allowed.includes(method)) return next();
  return methodNotAllowed(allowed, load !== undefined);
});

/**
 * Pages match case-insensitively: every other spelling is sent to the one canonical URL. API paths are left alone:
 * their parameters (HOST SET codes) may hold capitals, and a client of the API uses the exact path.
 */
const redirectToCanonicalCase = defineMiddleware(({ url }, next) => {
  const canonical = canonicalPath(url.pathname);
  if (canonical === null || url.pathname.startsWith('/_') || url.pathname.startsWith('/api/')) return next();
  return new Response(null, { status: 308, headers: { location: canonical + url.search } });
});

/**
 * The API paths the cross-site checks leave alone, each only because something else stands in for them: the stores'
 * webhooks (platform/http/webhooks.ts) carry a signature over their raw body, which no other site's page can compute;
 * the alert emails' one-click unsubscribe (RFC 8058) is posted by mail readers with no Origin and no cookies, and its
 * link's 256-bit token says who may use it (all it can do is stop the alert whose email carried it); so is the session
 * reminders' (decision 035), whose token can only stop the reminders of the member it was sent to; so is that of the
 * notifications to accounts (issue 41), whose signed link can only turn off one setting of the person it was sent to.
 */
const CROSS_SITE_EXEMPT = [WEBHOOK_PATH_PREFIX, ALERT_UNSUBSCRIBE_PATH, MEMBER_UNSUBSCRIBE_PATH, EMAIL_UNSUBSCRIBE_PATH];
const isExempt = (url: URL) => CROSS_SITE_EXEMPT.some((prefix) => url.pathname.startsWith(prefix));

/**
 * Astro's checkOrigin, on every path but the exempt ones (Astro's own cannot leave a path out, so astro.config.mjs
 * turns it off): a form-like post whose Origin is not the page's own is refused, before a form post is bridged
 * (answerFormPosts) or any page or endpoint reads it, with Astro's own answer.
 */
const refuseForeignFormPosts = defineMiddleware(({ url, request }, next) =>
  isExempt(url) || !isForeignFormPost(request, url)
    ? next()
    : new Response(`Cross-site ${request.method} form submissions are forbidden`, { status: 403 }),
);

/** Astro's checkOrigin covers only form bodies: JSON writes to the API from another site are refused here. */
const refuseCrossSiteWrites = defineMiddleware(({ url, request, locals }, next) => {
  if (url.pathname.startsWith('/api/') && !isExempt(url) && isCrossSiteWrite(request, locals.serverPort))
    return errorResponse(403, 'Cross-site requests are not allowed.');
  return next();
});

/** The policy directives a <meta> cannot carry, added to the header Astro writes on pages rendered on demand. */
const addBaselinePolicy = defineMiddleware(async (_context, next) => withBaselinePolicy(await next()));

/** Health checks answer for the process and the database alone: a session cookie sent to them is never read. */
const HEALTH_CHECKS = new Set(['/healthz', '/readyz']);

/** Whether a shared cache (a CDN, a proxy in front of the site) may keep the response and give it to anyone. */
const sharedCacheable = (response: Response) => /(^|,)\s*(public|s-maxage=)/i.test(response.headers.get('cache-control') ?? '');

/**
 * The signed-in user from the session cookie, which is cleared when the session has ended (expired, idle or ended),
 * except on a response a shared cache may keep: the cache would hand the clearing to every visitor after, signing
 * them all out. Such responses are the same for everyone, so the stale cookie waits for the next personal response.
 * Nor is it cleared when the route has set a new one (a sign-in): the clearing would replace it.
 */
const loadSession = defineMiddleware(async ({ cookies, url, locals }, next) => {
  const token = HEALTH_CHECKS.has(url.pathname) ? undefined : readSessionToken(cookies, url);
  if (!token) return next();
  const { user, session } = await validateSessionToken(token);
  if (!session) {
    let response: Response | undefined;
    try {
      return (response = await next());
    } finally {
      // A refusal thrown on the way is answered by answerKnownErrors, never for a shared cache.
      const stale = readSessionToken(cookies, url) === token;
      if (stale && (!response || !sharedCacheable(response))) clearSessionCookie(cookies, url);
    }
  }
  locals.user = user;
  locals.session = session;
  return next();
});

/**
 * A form posted without JavaScript goes to its JSON endpoint as the island's call would, and the browser is sent on
 * with the outcome (src/lib/server/platform/http/form-posts.ts). Outermost but for initLocals, so that it sees every answer
 * the steps after it give, a refusal included.
 */
const answerFormPosts = defineMiddleware((context, next) =>
  answerFormPost(context, next, { contact: async (language) => (await readPage('contact', language)).form }),
);

/**
 * A page shows the outcome of the form posted before it once (the layout's notice, the form's field messages), and
 * the page that shows it is the visitor's alone: no cache may keep it.
 */
const takeFlash = defineMiddleware(async ({ request, cookies, url, locals }, next) => {
  if (request.method !== 'GET' || url.pathname.startsWith('/api/')) return next();
  locals.formFlash = takeFormFlash(cookies, url);
  const response = await next();
  // Clearing the cookie is the visitor's too, even when it did not hold a flash that could be read.
  if (locals.formFlash !== undefined) response.headers.set('cache-control', 'private, no-store');
  return response;
});

/**
 * A page that named the key of what it rendered (locals.renderedPageKey: a guide's page) has its answer kept under
 * it, and answers the next request that reads the same data with it (src/lib/server/platform/http/rendered-pages.ts).
 * Innermost, so that it keeps what the page itself answered, before any step adds to it on the way out.
 */
const keepRenderedPages = defineMiddleware(async ({ locals }, next) => {
  const response = await next();
  return locals.renderedPageKey ? keepRenderedPage(locals.renderedPageKey, response) : response;
});

/** A step that runs only for requests rendered on demand. */
const onDemand =
  (step: MiddlewareHandler): MiddlewareHandler =>
  (context, next) =>
    context.isPrerendered ? next() : step(context, next);

export const onRequest = sequence(
  initLocals,
  onDemand(refuseForeignFormPosts),
  onDemand(answerFormPosts),
  onDemand(localizeApiErrors),
  onDemand(answerKnownErrors),
  onDemand(refuseUnsupportedMethods),
  onDemand(redirectToCanonicalCase),
  onDemand(refuseCrossSiteWrites),
  onDemand(addBaselinePolicy),
  onDemand(loadSession),
  onDemand(takeFlash),
  onDemand(keepRenderedPages),
);
