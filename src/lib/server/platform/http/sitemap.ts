import { escapeXml } from '#server/platform/xml.ts';

/**
 * A sitemap of pages rendered on demand (clubs', guides'), written on each request rather than at build time with the
 * content pages' (@astrojs/sitemap's index names each through `customSitemaps`).
 */
export function sitemapResponse(urls: { loc: string; lastmod?: Date }[]): Response {
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(
      ({ loc, lastmod }) => `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}
