import type { APIRoute } from 'astro';
import { directoryNearestSchema } from '#lib/schemas/directory.ts';
import { findNearestToPlace } from '#server/directory/directory.ts';
import { json, parseQuery } from '#server/platform/http/endpoint.ts';

export const prerender = false;

/**
 * The few verified clubs nearest to the place of a search that found nothing, in any state, each with distanceMiles:
 * the same ?state= or ?lat=&lng= and meeting filters (?day=, ?time=, ?format=) as the search. Unknown text finds none.
 */
export const GET: APIRoute = async ({ url }) => {
  const parsed = parseQuery(url, directoryNearestSchema);
  if (!parsed.ok) return parsed.response;
  return json(await findNearestToPlace(parsed.data));
};
