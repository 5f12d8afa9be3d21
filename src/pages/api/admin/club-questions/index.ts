import type { APIRoute } from 'astro';
import { questionPageHeaders } from '#lib/questions/list.ts';
import { questionListQuerySchema } from '#lib/schemas/admin.ts';
import { requireAdmin } from '#server/auth/index.ts';
import { jsonText, parseQuery } from '#server/platform/http/endpoint.ts';
import { listQuestionsPage } from '#server/questions/index.ts';

export const prerender = false;

/** One page of questions (?status=, ?page=), newest first: the spec's plain list, its totals and links in headers. */
export const GET: APIRoute = async ({ locals, url }) => {
  requireAdmin(locals);
  const query = parseQuery(url, questionListQuerySchema);
  const page = await listQuestionsPage(query);
  // PostgreSQL writes the page's JSON (docs/decisions/012): it is sent as it is.
  return jsonText(page.questionsJson, 200, questionPageHeaders(query, page));
};
