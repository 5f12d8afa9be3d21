import { escapeXml } from '#server/platform/xml.ts';

/** A page of a sitemap: its address, when it last changed, and its addresses in each language (`hreflang`). */
export interface SitemapUrl {
  loc: string;
  lastmod?: Date;
  alternates?: { hreflang: string; href: string }[];
}

/**
 * A sitemap of pages rendered on demand (clubs', guides'), written on each request rather than at build time with the
 * content pages' (@astrojs/sitemap's index names each through `customSitemaps`). A page with a twin in the other
 * language lists both addresses and the English one as x-default, as the content pages' sitemap does (decision 041).
 */
export function sitemapResponse(urls: SitemapUrl[]): Response {
  const withAlternates = urls.some(({ alternates }) => alternates && alternates.length > 0);
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    withAlternates
      ? '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'
      : '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(
      ({ loc, lastmod, alternates = [] }) =>
        `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}${alternates
          .map(({ hreflang, href }) => `<xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`)
          .join('')}</url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}

/** The two languages' entries of a page that has a Spanish twin, each naming both and the English one as x-default. */
export function twinEntries(twins: { en: string; es: string }, lastmod?: Date): SitemapUrl[] {
  const alternates = [
    { hreflang: 'en', href: twins.en },
    { hreflang: 'es', href: twins.es },
    { hreflang: 'x-default', href: twins.en },
  ];
  return [twins.en, twins.es].map((loc) => ({ loc, ...(lastmod && { lastmod }), alternates }));
}
