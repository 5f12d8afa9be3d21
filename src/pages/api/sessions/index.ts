import type { APIRoute } from 'astro';
import { listUserSessions } from '#server/auth/sessions.ts';
import { json, unauthorized } from '#server/platform/http/endpoint.ts';

export const prerender = false;

/** The signed-in user's own sessions, most recently used first, the current one marked. */
export const GET: APIRoute = async ({ locals }) => {
  if (!locals.user || !locals.session) return unauthorized();
  return json(await listUserSessions(locals.user.id, locals.session.id));
};
