import type { APIRoute } from 'astro';
import { directoryNearestSchema } from '#lib/schemas/directory.ts';
import { findNearestToPlace } from '#server/directory/index.ts';
import { json, parseQuery } from '#server/platform/http/endpoint.ts';

export const prerender = false;

/**
 * The few verified clubs nearest to the place of a search that found nothing, in any state, each with distanceMiles:
 * the same ?state= or ?lat=&lng= and meeting filters (?day=, ?time=, ?format=) as the search. Unknown text finds none.
 */
export const GET: APIRoute = async ({ url }) => {
  return json(await findNearestToPlace(parseQuery(url, directoryNearestSchema)));
};
