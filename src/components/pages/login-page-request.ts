import type { AstroGlobal } from 'astro';
import { RETURN_PARAM, safeReturnPath } from '#lib/shared/return-path.ts';

/**
 * The page a sign-in on /login or /es/login returns to (issue 41 item 1): the page that asked for it, when it is a page
 * of this site, else null (the admin then goes to Admin Clubs, which is English in either language). An admin already
 * signed in goes there at once: a 303 the route answers with, as only its own frontmatter can (docs/decisions/041).
 */
export function loginOfRequest(astro: AstroGlobal): { returnTo: string | null } | Response {
  const returnTo = safeReturnPath(astro.url.searchParams.get(RETURN_PARAM));
  if (returnTo && astro.locals.user?.role === 'admin') return astro.redirect(returnTo, 303);
  return { returnTo };
}
