import type { APIRoute } from 'astro';
import { questionStatusSchema } from '#lib/schemas/admin.ts';
import { requireAdmin } from '#server/auth/authorize.ts';
import { json, notFound, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { parseId } from '#server/platform/http/params.ts';
import { transitionQuestion } from '#server/questions/questions.ts';

export const prerender = false;

/** Moves a question along pending → contacted → completed → pending; any other move is a 409. */
export const PATCH: APIRoute = async ({ params, locals, request }) => {
  const auth = requireAdmin(locals.user);
  if ('response' in auth) return auth.response;
  const id = parseId(params.id);
  if (id === null) return notFound('Question not found.');
  const parsed = await parseJsonBody(request, questionStatusSchema);
  if (!parsed.ok) return parsed.response;

  const question = await transitionQuestion(id, parsed.data.status, auth.admin);
  return question ? json(question) : notFound('Question not found.');
};
