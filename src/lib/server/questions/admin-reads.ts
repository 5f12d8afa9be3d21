import { questionPageHeaders } from '#lib/question-list.ts';
import { questionListQuerySchema } from '#lib/schemas/admin.ts';
import { JsonText, parseQuery, type JsonAnswer } from '#server/http/endpoint.ts';
import { listQuestionsPage } from './questions.ts';

// The admin's polled reads, for a caller that has already checked the admin: their Astro route and the site server's
// lean path (site-handler.ts, docs/decisions/010) both answer with these.

/** GET /api/admin/club-questions: one page of questions (?status=, ?page=), newest first; totals and links in headers. */
export async function readQuestionPage(url: URL): Promise<JsonAnswer> {
  const query = parseQuery(url, questionListQuerySchema);
  if (!query.ok) return query.answer;
  const page = await listQuestionsPage(query.data);
  return { status: 200, body: new JsonText(page.questionsJson), headers: questionPageHeaders(query.data, page) };
}
