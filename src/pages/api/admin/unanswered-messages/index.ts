import type { APIRoute } from 'astro';
import { requireAdmin } from '#server/auth/index.ts';
import { listUnansweredMessages } from '#server/follow-ups/index.ts';
import { json } from '#server/platform/http/endpoint.ts';

export const prerender = false;

/** The admin's Unanswered queue: every escalated message still open, oldest first. */
export const GET: APIRoute = async ({ locals }) => {
  requireAdmin(locals);
  return json(await listUnansweredMessages());
};
