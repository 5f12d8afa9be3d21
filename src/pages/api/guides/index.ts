import type { APIRoute } from 'astro';
import type { UnknownGuidePlace } from '#lib/guides/types.ts';
import { findGuideQuerySchema } from '#lib/schemas/guides.ts';
import { listGuidesByState, searchGuides } from '#server/guides/index.ts';
import { json, parseQuery } from '#server/platform/http/endpoint.ts';

export const prerender = false;

// Public and the same for every visitor; a guide who stops being listed leaves the answer within a minute.
const CACHE = { 'cache-control': 'public, max-age=60' };

/**
 * Find a guide: with `place`, the guides covering it (FoundGuides), or why none can be found (UnknownGuidePlace);
 * without, a page of every listed guide by state. With `language`, only the guides who guide in it.
 */
export const GET: APIRoute = async ({ url }) => {
  const { place, language, page } = parseQuery(url, findGuideQuerySchema);
  if (!place) return json(await listGuidesByState(page, language), 200, CACHE);
  const found = await searchGuides(place, language);
  if (found && !('reason' in found)) return json(found, 200, CACHE);
  const message = found?.reason ?? `No ZIP code, city, county or state matches "${place}".`;
  return json({ place: null, guides: [], counties: [], reserveArea: null, message } satisfies UnknownGuidePlace, 200, CACHE);
};
