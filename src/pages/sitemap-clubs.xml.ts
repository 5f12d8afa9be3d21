import type { APIRoute } from 'astro';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { pathIn } from '#lib/shared/languages.ts';
import { listClubPages } from '#server/clubs/index.ts';
import { sitemapResponse, twinEntries } from '#server/platform/http/sitemap.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/** The verified clubs' pages and their Spanish twins, for search engines. */
export const GET: APIRoute = async ({ locals }) => {
  const origin = siteOrigin(locals.serverPort);
  const url = (path: string) => new URL(path, origin).href;
  return sitemapResponse(
    (await listClubPages()).flatMap((club) => {
      const path = clubPagePath(club);
      return twinEntries({ en: url(path), es: url(pathIn('es', path)) }, club.updatedAt);
    }),
  );
};
