import type { APIRoute } from 'astro';
import { areaSuggestQuerySchema } from '#lib/schemas/licensing.ts';
import { json, parseQuery } from '#server/platform/http/endpoint.ts';
import { suggestAreas } from '#server/licensing/index.ts';

export const prerender = false;

/** The search box's suggestions: areas matching what the visitor typed, or why nothing can be licensed. */
export const GET: APIRoute = async ({ url }) => {
  const { q } = parseQuery(url, areaSuggestQuerySchema);
  return json(await suggestAreas(q), 200, { 'cache-control': 'public, max-age=60' });
};
