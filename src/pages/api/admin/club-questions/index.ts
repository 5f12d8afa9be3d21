import type { APIRoute } from 'astro';
import { readQuestionPage } from '#server/questions/admin-reads.ts';
import { requireAdmin } from '#server/auth/authorize.ts';
import { toResponse } from '#server/http/endpoint.ts';

export const prerender = false;

/** One page of questions (?status=, ?page=), newest first: the spec's plain list, its totals and links in headers. */
export const GET: APIRoute = async ({ locals, url }) => {
  const auth = requireAdmin(locals.user);
  if ('response' in auth) return auth.response;
  return toResponse(await readQuestionPage(url));
};
