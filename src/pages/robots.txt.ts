import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) =>
  new Response(
    [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /admin-clubs',
      'Disallow: /admin-notifications',
      'Disallow: /club-profile/',
      // Pages for signed-in people only: a crawler would get the sign-in or 401 of each (issue 41, item 16).
      'Disallow: /account',
      'Disallow: /my-licences',
      'Disallow: /admin-licences',
      'Disallow: /admin-orders',
      'Disallow: /admin-demand',
      'Disallow: /your-club',
      'Disallow: /alerts',
      // A notification's unsubscribe page: a crawler would only get its 404.
      'Disallow: /unsubscribe',
      // The Spanish twins of the pages of alert and unsubscribe links (docs/decisions/041).
      'Disallow: /es/alerts',
      'Disallow: /es/unsubscribe',
      `Sitemap: ${new URL('/sitemap-index.xml', site)}`,
      `Sitemap: ${new URL('/sitemap-clubs.xml', site)}`,
      `Sitemap: ${new URL('/sitemap-guides.xml', site)}`,
      '',
    ].join('\n'),
    { headers: { 'content-type': 'text/plain; charset=utf-8' } },
  );
