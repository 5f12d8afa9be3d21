import type { APIRoute } from 'astro';
import { readQuestionPage } from '../../../../lib/server/admin-reads.ts';
import { requireAdmin } from '../../../../lib/server/authorize.ts';
import { toResponse } from '../../../../lib/server/http.ts';

export const prerender = false;

/** One page of questions (?status=, ?page=), newest first: the spec's plain list, its totals and links in headers. */
export const GET: APIRoute = async ({ locals, url }) => {
  const auth = requireAdmin(locals.user);
  if ('response' in auth) return auth.response;
  return toResponse(await readQuestionPage(url));
};
