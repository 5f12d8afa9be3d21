import type { APIRoute } from 'astro';
import { directorySearchSchema } from '../../../lib/schemas/directory.ts';
import { searchDirectory } from '../../../lib/server/directory.ts';
import { json, parseQuery } from '../../../lib/server/http.ts';

export const prerender = false;

/**
 * Verified clubs for ?state= (a state: its clubs, newest first; a ZIP code or city: those within ?radius= miles,
 * nearest first, each with distanceMiles) or for ?lat=&lng= (Near me; the position is neither stored nor logged).
 * The answer stays the spec's plain list; the place a text search was measured from is named in X-Search-Place, and
 * X-Search-Message says why a ZIP code found nothing (the code is unknown).
 */
export const GET: APIRoute = async ({ url }) => {
  const parsed = parseQuery(url, directorySearchSchema);
  if (!parsed.ok) return parsed.response;
  const { clubs, place, message } = await searchDirectory(parsed.data);
  return json(clubs, 200, { ...(place && { 'x-search-place': place }), ...(message && { 'x-search-message': message }) });
};
