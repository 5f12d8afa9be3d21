import type { APIRoute } from 'astro';
import { clearSessionCookie, invalidateSession } from '../../lib/server/auth.ts';
import { json } from '../../lib/server/http.ts';

export const prerender = false;

export const POST: APIRoute = async ({ locals, cookies, url }) => {
  if (locals.session) await invalidateSession(locals.session.id);
  clearSessionCookie(cookies, url);
  return json({ success: true });
};
