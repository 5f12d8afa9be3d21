import type { APIRoute } from 'astro';
import { guideNamesQuerySchema } from '#lib/schemas/guides.ts';
import { json, parseQuery } from '#server/platform/http/endpoint.ts';
import { suggestGuideNames } from '#server/guides/index.ts';

export const prerender = false;

/** The contact page's Coach Name suggestions: listed guides' names and public ids, the same for everyone, so cached briefly. */
export const GET: APIRoute = async ({ url }) => {
  const { q } = parseQuery(url, guideNamesQuerySchema);
  return json(await suggestGuideNames(q), 200, { 'cache-control': 'public, max-age=60' });
};
