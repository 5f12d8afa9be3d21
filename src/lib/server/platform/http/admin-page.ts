import type { AstroGlobal } from 'astro';

/** Who is asking for an admin page: nobody signed in, someone signed in who is not the admin, or the admin. */
export type AdminPageAccess = 'anonymous' | 'denied' | 'admin';

/**
 * The admin pages' one guard. The spec registers the admin routes only for a signed-in visitor, so an anonymous one
 * gets the 404 screen (the page rewrites to /404 on 'anonymous'); a signed-in non-admin gets status 403 and the
 * 'Access Denied' notice, with none of the data. Either signed-in answer is private: no shared cache may keep it.
 */
export function adminPageAccess(astro: Pick<AstroGlobal, 'locals' | 'response'>): AdminPageAccess {
  const user = astro.locals.user;
  if (!user) return 'anonymous';
  astro.response.headers.set('cache-control', 'private, no-store');
  if (user.role === 'admin') return 'admin';
  astro.response.status = 403;
  return 'denied';
}
