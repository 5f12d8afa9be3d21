import { describe, expect, it } from 'vitest';
import { asUser, registerHost, request } from '../support/api.ts';

// Issue 41, item 16: a crawler of the site followed the header's Account link on every page into 151 401s.
const SIGNED_IN_PAGES = [
  '/account',
  '/my-licences',
  '/admin-clubs',
  '/admin-notifications',
  '/admin-licences',
  '/admin-orders',
  '/admin-demand',
];

describe('what a crawler finds', () => {
  it.each(['/', '/flamekeeper-clubs', '/faq', '/guides', '/become-guide'])('%s links to no page that needs a sign-in', async (path) => {
    const html = await (await request(path)).text();
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map(([, href]) => href!.split(/[?#]/)[0]);
    expect(hrefs).toContain('/flamekeeper-clubs');
    for (const page of SIGNED_IN_PAGES) expect(hrefs).not.toContain(page);
  });

  it('robots.txt keeps crawlers out of the pages that need a sign-in or a link token', async () => {
    const robots = await (await request('/robots.txt')).text();
    const disallowed = robots.split('\n').flatMap((line) => (line.startsWith('Disallow: ') ? [line.slice('Disallow: '.length)] : []));
    for (const page of [
      ...SIGNED_IN_PAGES,
      '/your-club',
      '/alerts',
      '/unsubscribe',
      '/es/alerts',
      '/es/unsubscribe',
      '/club-profile/',
      '/api/',
    ])
      expect(disallowed).toContain(page);
  });

  it("the policies' Account page link opens the sign-in for a crawler, and the Account page for a signed-in host", async () => {
    const html = await (await request('/privacy-terms')).text();
    const links = [...html.matchAll(/<a href="([^"]*)"[^>]*>Account page<\/a>/g)].map(([, href]) => href!.replaceAll('&amp;', '&'));
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of new Set(links)) {
      expect(link).not.toBe('/account');
      const signedOut = await request(link);
      expect(signedOut.status).toBe(200);
      expect(await signedOut.text()).toContain('Sign In');
      const host = await registerHost();
      const signedIn = await request(link, { headers: asUser(host.token) });
      expect(signedIn.status).toBe(303);
      expect(signedIn.headers.get('location')).toBe('/account');
    }
  });
});
