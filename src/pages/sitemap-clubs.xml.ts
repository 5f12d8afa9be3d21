import type { APIRoute } from 'astro';
import { clubPagePath } from '#lib/club-pages.ts';
import { listClubPages } from '#server/clubs/club-pages.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

const XML_ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => XML_ESCAPES[c]!);

/**
 * The verified clubs' pages, for search engines. Clubs change at any time, so this sitemap is written on each request
 * rather than at build time with the content pages' (@astrojs/sitemap's index names it through `customSitemaps`).
 */
export const GET: APIRoute = async ({ locals }) => {
  const origin = siteOrigin(locals.serverPort);
  const urls = (await listClubPages()).map(
    (club) =>
      `<url><loc>${escapeXml(new URL(clubPagePath(club), origin).href)}</loc><lastmod>${club.updatedAt.toISOString()}</lastmod></url>`,
  );
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
};
