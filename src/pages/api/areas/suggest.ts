import type { APIRoute } from 'astro';
import { areaSuggestQuerySchema } from '#lib/schemas/licensing.ts';
import { json, parseQuery } from '#server/platform/http/endpoint.ts';
import { suggestAreas } from '#server/licensing/areas.ts';

export const prerender = false;

/** The search box's suggestions: areas matching what the visitor typed, or why nothing can be licensed. */
export const GET: APIRoute = async ({ url }) => {
  const parsed = parseQuery(url, areaSuggestQuerySchema);
  if (!parsed.ok) return parsed.response;
  return json(await suggestAreas(parsed.data.q), 200, { 'cache-control': 'public, max-age=60' });
};
