import type { AstroGlobal } from 'astro';

/** Who is asking for an admin page: nobody signed in, someone signed in who is not the admin, or the admin. */
export type AdminPageAccess = 'anonymous' | 'denied' | 'admin';

/**
 * The admin pages' one guard. Nobody signed in gets status 404, as the spec registers the admin routes only for a
 * signed-in visitor, and the admin sign-in, which comes back to the page with its query and anchor (issue 41 item 1:
 * the admin's emails link to `/admin-clubs?club=…`); its words are the same for every admin page and query. A
 * signed-in non-admin gets status 403 and the 'Access Denied' notice. None of them gets any data, and no shared cache
 * may keep any of these answers (the admin's own is the same address).
 */
export function adminPageAccess(astro: Pick<AstroGlobal, 'locals' | 'response'>): AdminPageAccess {
  const user = astro.locals.user;
  astro.response.headers.set('cache-control', 'private, no-store');
  if (!user) {
    astro.response.status = 404;
    return 'anonymous';
  }
  if (user.role === 'admin') return 'admin';
  astro.response.status = 403;
  return 'denied';
}
