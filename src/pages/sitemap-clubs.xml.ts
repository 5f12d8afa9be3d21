import type { APIRoute } from 'astro';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { listClubPages } from '#server/clubs/index.ts';
import { sitemapResponse } from '#server/platform/http/sitemap.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/** The verified clubs' pages, for search engines. */
export const GET: APIRoute = async ({ locals }) => {
  const origin = siteOrigin(locals.serverPort);
  return sitemapResponse(
    (await listClubPages()).map((club) => ({ loc: new URL(clubPagePath(club), origin).href, lastmod: club.updatedAt })),
  );
};
