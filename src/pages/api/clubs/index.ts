import type { APIRoute } from 'astro';
import { MAX_SEARCH_PAGE } from '#lib/directory/types.ts';
import { pageLinks } from '#lib/shared/page-links.ts';
import { recentClubsSchema } from '#lib/schemas/directory.ts';
import { searchRecentVerifiedClubs } from '#server/directory/index.ts';
import { json, parseQuery } from '#server/platform/http/endpoint.ts';

export const prerender = false;

/**
 * The directory's initial list: recently registered verified clubs, public fields only, newest first, a page (?page=)
 * at a time; Link (RFC 8288) gives the next and previous pages, so every listed club can be reached from the list.
 */
export const GET: APIRoute = async ({ url }) => {
  const { page } = parseQuery(url, recentClubsSchema);
  const { clubs, hasMore } = await searchRecentVerifiedClubs({}, page);
  const urlOf = (to: number) => `${url.pathname}?page=${to}`;
  const links = pageLinks(urlOf, page, { next: hasMore && page < MAX_SEARCH_PAGE, prev: page > 1 });
  return json(clubs, 200, links ? { link: links } : {});
};
