import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) =>
  new Response(
    [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /admin-clubs',
      'Disallow: /admin-notifications',
      'Disallow: /club-profile/',
      `Sitemap: ${new URL('/sitemap-index.xml', site)}`,
      `Sitemap: ${new URL('/sitemap-clubs.xml', site)}`,
      `Sitemap: ${new URL('/sitemap-guides.xml', site)}`,
      '',
    ].join('\n'),
    { headers: { 'content-type': 'text/plain; charset=utf-8' } },
  );
