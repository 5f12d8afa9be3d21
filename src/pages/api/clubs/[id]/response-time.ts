import type { APIRoute } from 'astro';
import { clubReplyTime } from '#server/follow-ups/index.ts';
import { json, notFound } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';

export const prerender = false;

/**
 * "Usually replies within …" of a listed club's dialog: `{ responseTime }`, null while its host has too few answers.
 * A median over days moves slowly: an hour's caching is plenty.
 */
export const GET: APIRoute = async ({ params }) => {
  const answer = await clubReplyTime(requireId(params.id, 'Club not found.'), new Date());
  if (!answer) return notFound('Club not found.');
  return json(answer, 200, { 'cache-control': 'public, max-age=3600' });
};
