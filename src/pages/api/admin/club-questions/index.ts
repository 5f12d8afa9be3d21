import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../lib/server/authorize.ts';
import { json } from '../../../../lib/server/http.ts';
import { listQuestions } from '../../../../lib/server/questions.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals }) => {
  const auth = requireAdmin(locals.user);
  if ('response' in auth) return auth.response;
  return json(await listQuestions());
};
