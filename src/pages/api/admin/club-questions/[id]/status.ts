import type { APIRoute } from 'astro';
import { questionStatusSchema } from '#lib/schemas/admin.ts';
import { requireAdmin } from '#server/auth/index.ts';
import { json, notFound, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';
import { transitionQuestion } from '#server/questions/index.ts';

export const prerender = false;

/** Moves a question along pending → contacted → completed → pending; any other move is a 409. */
export const PATCH: APIRoute = async ({ params, locals, request }) => {
  const admin = requireAdmin(locals);
  const id = requireId(params.id, 'Question not found.');
  const { status } = await parseJsonBody(request, questionStatusSchema);

  const question = await transitionQuestion(id, status, admin);
  return question ? json(question) : notFound('Question not found.');
};
