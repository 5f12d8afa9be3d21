import type { APIRoute } from 'astro';
import { UNANSWERED_KINDS } from '#lib/follow-ups/unanswered-types.ts';
import { requireAdmin } from '#server/auth/index.ts';
import { closeUnansweredMessage } from '#server/follow-ups/index.ts';
import { errorResponse, json, notFound } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';

export const prerender = false;

const NOT_FOUND = 'No unanswered message has this id.';

/** "Followed up": the admin closes an escalated message; 409 when it was answered or followed up meanwhile. */
export const POST: APIRoute = async ({ params, locals }) => {
  const admin = requireAdmin(locals);
  const kind = UNANSWERED_KINDS.find((k) => k === params.kind);
  const id = requireId(params.id, NOT_FOUND);
  if (!kind) return notFound(NOT_FOUND);
  const outcome = await closeUnansweredMessage(kind, id, admin, new Date());
  if (outcome === 'not-found') return notFound(NOT_FOUND);
  if (outcome === 'already-closed') return errorResponse(409, 'This message was answered or followed up already.');
  return json({ kind, id, closed: true });
};
