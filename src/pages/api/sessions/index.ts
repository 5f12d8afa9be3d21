import type { APIRoute } from 'astro';
import { listUserSessions, requireUser } from '#server/auth/index.ts';
import { json } from '#server/platform/http/endpoint.ts';

export const prerender = false;

/** The signed-in user's own sessions, most recently used first, the current one marked. */
export const GET: APIRoute = async ({ locals }) => {
  const { user, session } = requireUser(locals);
  return json(await listUserSessions(user.id, session.id));
};
