import { MAX_SEARCH_PAGE } from '#lib/directory-types.ts';
import { pageLinks } from '#lib/page-links.ts';
import { directoryNearestSchema, directorySearchSchema } from '#lib/schemas/directory.ts';
import { findNearestToPlace, listRecentVerifiedClubs, searchDirectory } from './directory.ts';
import { parseQuery, type JsonAnswer } from '#server/http/endpoint.ts';

// The directory's public reads. Their Astro routes (src/pages/api/clubs/{index,search,nearest}.ts) and the site
// server's lean path (site-handler.ts, docs/decisions/008) both answer with these, so the two cannot drift apart.

/** GET /api/clubs: the directory's initial list, recently registered verified clubs, public fields only. */
export async function readRecentClubs(): Promise<JsonAnswer> {
  return { status: 200, body: await listRecentVerifiedClubs() };
}

/**
 * GET /api/clubs/search: a page (?page=) of the verified clubs for ?state= (a state: its clubs, newest first; a ZIP
 * code or city: those within ?radius= miles, nearest first, each with distanceMiles) or for ?lat=&lng= (Near me; the
 * position is neither stored nor logged). The answer stays the spec's plain list; the place a text search was
 * measured from is named in X-Search-Place, X-Search-Message says why a ZIP code found nothing (the code is unknown),
 * and Link (RFC 8288) gives the next and previous pages where they exist.
 */
export async function readClubSearch(url: URL): Promise<JsonAnswer> {
  const parsed = parseQuery(url, directorySearchSchema);
  if (!parsed.ok) return parsed.answer;
  const { clubs, hasMore, place, message } = await searchDirectory(parsed.data);
  const links = searchPageLinks(url, parsed.data.page, hasMore);
  return {
    status: 200,
    body: clubs,
    headers: { ...(place && { 'x-search-place': place }), ...(message && { 'x-search-message': message }), ...(links && { link: links }) },
  };
}

/** The Link header of a search's page: the same search's next page (when more clubs follow) and previous page. */
function searchPageLinks(url: URL, page: number, hasMore: boolean): string | null {
  const urlOf = (to: number) => {
    const target = new URL(url);
    target.searchParams.set('page', String(to));
    return `${target.pathname}${target.search}`;
  };
  return pageLinks(urlOf, page, { next: hasMore && page < MAX_SEARCH_PAGE, prev: page > 1 });
}

/**
 * GET /api/clubs/nearest: the few verified clubs nearest to the place of a search that found nothing, in any state,
 * each with distanceMiles: the same ?state= or ?lat=&lng= as the search. Unknown text finds none.
 */
export async function readNearestClubs(url: URL): Promise<JsonAnswer> {
  const parsed = parseQuery(url, directoryNearestSchema);
  if (!parsed.ok) return parsed.answer;
  return { status: 200, body: await findNearestToPlace(parsed.data) };
}
