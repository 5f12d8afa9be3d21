import type { APIRoute } from 'astro';
import { requireUser } from '#server/auth/index.ts';
import { json, notFound } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';
import { markGuideMessage } from '#server/guides/index.ts';

export const prerender = false;

const NOT_FOUND = 'Message not found.';
const MARKS = ['read', 'replied'] as const;

/** The guide marks one of their messages read, or replied (which is read too); anyone else's is not found. */
export const POST: APIRoute = async ({ params, locals }) => {
  const { user } = requireUser(locals);
  const mark = MARKS.find((m) => m === params.mark);
  const messageId = requireId(params.messageId, NOT_FOUND);
  if (!mark) return notFound(NOT_FOUND);
  const message = await markGuideMessage(user.id, messageId, mark);
  return message ? json(message) : notFound(NOT_FOUND);
};
