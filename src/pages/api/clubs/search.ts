import type { APIRoute } from 'astro';
import { MAX_SEARCH_PAGE } from '#lib/directory/types.ts';
import { pageLinks } from '#lib/shared/page-links.ts';
import { directorySearchSchema } from '#lib/schemas/directory.ts';
import { noteDirectorySearch } from '#server/demand/index.ts';
import { searchDirectory } from '#server/directory/index.ts';
import { json, parseQuery } from '#server/platform/http/endpoint.ts';

export const prerender = false;

/**
 * A page (?page=) of the verified clubs for ?state= (a state: its clubs, newest first; a ZIP code or city: those within
 * ?radius= miles, nearest first, each with distanceMiles) or for ?lat=&lng= (Near me; the position is neither stored
 * nor logged), keeping those that meet ?day=, ?time= and ?format=; the filters alone give the newest clubs matching. The answer stays the spec's plain list; the place a text search was measured from is named in
 * X-Search-Place, X-Search-Message says why a ZIP code found nothing (the code is unknown), X-Search-Choices lists the
 * cities a name found in several states may mean ("Springfield, IL|Springfield, MO"), and Link (RFC 8288) gives
 * the next and previous pages where they exist. A ZIP code or city with no club within the distance is counted as
 * demand there, once per client and day, keeping nothing of the client (docs/decisions/032).
 */
export const GET: APIRoute = async ({ url, locals }) => {
  const search = parseQuery(url, directorySearchSchema);
  const { page } = search;
  const result = await searchDirectory(search);
  const { clubs, hasMore, place, message, choices } = result;
  await noteDirectorySearch(search, result, locals.clientAddress);
  const urlOf = (to: number) => {
    const target = new URL(url);
    target.searchParams.set('page', String(to));
    return `${target.pathname}${target.search}`;
  };
  const links = pageLinks(urlOf, page, { next: hasMore && page < MAX_SEARCH_PAGE, prev: page > 1 });
  return json(clubs, 200, {
    ...(place && { 'x-search-place': place }),
    ...(message && { 'x-search-message': message }),
    ...(choices && { 'x-search-choices': choices.join('|') }),
    ...(links && { link: links }),
  });
};
