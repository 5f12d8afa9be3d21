import type { APIRoute } from 'astro';
import { clearSessionCookie, invalidateSession } from '#server/auth/index.ts';
import { json } from '#server/platform/http/endpoint.ts';

export const prerender = false;

export const POST: APIRoute = async ({ locals, cookies, url }) => {
  if (locals.session) await invalidateSession(locals.session.id);
  clearSessionCookie(cookies, url);
  return json({ success: true });
};
