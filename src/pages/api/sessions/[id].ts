import type { APIRoute } from 'astro';
import { sessionIdParamSchema } from '#lib/schemas/sessions.ts';
import { clearSessionCookie, endUserSession, requireUser } from '#server/auth/index.ts';
import { json, notFound } from '#server/platform/http/endpoint.ts';

export const prerender = false;

// Only the user's own sessions can be ended: another user's session, like a malformed or unknown id, is not found.
export const DELETE: APIRoute = async ({ params, locals, cookies, url }) => {
  const { user, session } = requireUser(locals);
  const id = sessionIdParamSchema.safeParse(params.id);
  if (!id.success) return notFound('Session not found.');

  const ended = await endUserSession(user.id, id.data);
  if (!ended) return notFound('Session not found.');
  // Ending the session making the request is signing out.
  if (ended === session.id) clearSessionCookie(cookies, url);
  return json({ success: true });
};
