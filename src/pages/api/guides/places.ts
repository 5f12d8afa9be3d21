import type { APIRoute } from 'astro';
import { placeSuggestQuerySchema } from '#lib/schemas/guides.ts';
import { suggestPlaces } from '#server/guides/index.ts';
import { json, parseQuery } from '#server/platform/http/endpoint.ts';

export const prerender = false;

/** Find a Guide's search box: ZIP codes, cities, counties and states matching what the visitor typed. */
export const GET: APIRoute = async ({ url }) => {
  const { q } = parseQuery(url, placeSuggestQuerySchema);
  return json(await suggestPlaces(q), 200, { 'cache-control': 'public, max-age=60' });
};
