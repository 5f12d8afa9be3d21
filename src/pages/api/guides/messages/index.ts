import type { APIRoute } from 'astro';
import { requireUser } from '#server/auth/index.ts';
import { json, notFound } from '#server/platform/http/endpoint.ts';
import { listGuideMessages } from '#server/guides/index.ts';

export const prerender = false;

/** The signed-in guide's inbox: the newest messages first, and how many are unread; 404 for an account that is no guide. */
export const GET: APIRoute = async ({ locals }) => {
  const { user } = requireUser(locals);
  const inbox = await listGuideMessages(user.id);
  return inbox ? json(inbox) : notFound('No guide profile for this account.');
};
