import type { APIRoute } from 'astro';
import { clubReplyTime } from '#server/follow-ups/index.ts';
import { json, notFound } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';
import { requestLanguage } from '#server/platform/http/request-language.ts';
import { readPage } from '#server/platform/site-content.ts';
import { PAGE_LANGUAGE_HEADER } from '#lib/shared/page-language.ts';

export const prerender = false;

/**
 * "Usually replies within …" of a listed club's dialog: `{ responseTime }`, null while its host has too few answers,
 * in the language of the page that asks (the dialog's request says it, as every island's does; hence the Vary).
 * A median over days moves slowly: an hour's caching is plenty.
 */
export const GET: APIRoute = async ({ params, request }) => {
  const language = requestLanguage(request);
  const words = language === 'en' ? undefined : (await readPage('clubPage', language)).responseTime;
  const answer = await clubReplyTime(requireId(params.id, 'Club not found.'), new Date(), words);
  if (!answer) return notFound('Club not found.');
  return json(answer, 200, { 'cache-control': 'public, max-age=3600', vary: PAGE_LANGUAGE_HEADER });
};
