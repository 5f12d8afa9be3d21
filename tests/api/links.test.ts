import { LinkChecker, type LinkResult } from 'linkinator';
import { describe, expect, it } from 'vitest';
import { baseUrl, testSql } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';
import { insertListedGuide } from '../support/guides.ts';

// Issue 41's acceptance: linkinator, crawling the site as served from `/` and following every link on the site, finds
// no broken link, a 401 counted as broken (a crawler has no session: a page that needs a sign-in must not be linked
// where a crawler reads). Links to other sites are skipped: the test machine has no network, and what another site
// answers is no behaviour of this one.

describe('the site as a link checker crawls it from /', () => {
  it('has no broken link, a 401 counted as broken', async () => {
    // A verified club that meets (its page, calendar and share card) and a listed guide (their page): the pages a
    // visitor reaches from the directory and Find a Guide.
    await insertClub(testSql(), {
      clubName: 'Crawler Circle',
      city: 'Asheville',
      state: 'NC',
      zipCode: '28801',
      website: 'https://crawler-circle.example.org',
      meetings: {
        meetingFrequency: 'weekly',
        meetingFormat: 'in-person',
        venueName: 'Pack Library',
        venueAddress: '67 Haywood St',
        timeZone: 'America/New_York',
        meetingSlots: [{ weekday: 'tuesday', start: '19:00', durationMinutes: 90 }],
      },
    });
    await insertListedGuide(testSql(), 'Wren Crawler');

    const site = new URL(baseUrl).origin;
    const checkedBefore = new Set<string>();
    const crawl = async (start: { path: string } | { sitemap: string[] }) => {
      const { links } = await new LinkChecker().check({
        path: `${site}/`,
        ...start,
        recurse: true,
        concurrency: 4,
        // The server names itself http://localhost at its port (siteOrigin: its sitemaps, canonical links); the test
        // reaches the same server at 127.0.0.1.
        urlRewriteExpressions: [{ pattern: new RegExp(`^http://localhost:${new URL(site).port}(?=/|$)`), replacement: site }],
        // Every link off this origin, by its origin (http, https, mailto:, tel:…): the machine has no network. And
        // what an earlier crawl checked already.
        linksToSkip: async (link: string) => (!link.startsWith(`${site}/`) && link !== site) || checkedBefore.has(link),
        // A request on a kept-alive connection that the server closed as idle while this busy process had not yet read
        // the close ("SocketError: other side closed", a few times in ten runs under load) is sent again once, as a
        // browser does (RFC 9112, 9.3.1); an error that happens twice, or any 5xx twice, is still broken.
        retryErrors: true,
        retryErrorsCount: 1,
        retryErrorsJitter: 100,
        // A 401 or 403 is broken as any 4xx is; said here, as the acceptance counts them.
        statusCodes: { '401': 'error', '403': 'error' },
      });
      for (const link of links) if (link.state !== 'SKIPPED') checkedBefore.add(link.url);
      return links;
    };
    const links = [
      ...(await crawl({ path: `${site}/` })),
      // And from the clubs' and guides' sitemaps robots.txt names, as a search engine reads them: the directory draws
      // its cards (links to the club pages) in the browser, so without JavaScript a crawl from / reaches no club page.
      // (robots.txt's third, the prerendered sitemap-index.xml, names the build's origin, not this server's.)
      ...(await crawl({ sitemap: ['/sitemap-clubs.xml', '/sitemap-guides.xml'].map((sitemap) => `${site}${sitemap}`) })),
    ];
    // What went wrong where no answer came: the error and its cause.
    const failure = (link: LinkResult) =>
      (link.failureDetails ?? []).map((error) => `${String(error)} ${String((error as Error).cause ?? '')}`).join('; ');
    const checked = links.filter((link: LinkResult) => link.state !== 'SKIPPED');
    const broken = links.filter((link: LinkResult) => link.state === 'BROKEN');
    expect(
      broken.map(
        (link: LinkResult) =>
          `${link.status ?? 'no answer'} ${link.url} (linked from ${link.parent})${link.status ? '' : ` ${failure(link)}`}`,
      ),
    ).toEqual([]);
    // It crawled the site, not only the home page: the club's and the guide's pages were reached.
    const paths = checked.map((link: LinkResult) => new URL(link.url).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/', '/flamekeeper-clubs', '/guides', '/faq', '/become-guide']));
    expect(paths.some((path: string) => path.startsWith('/flamekeeper-clubs/'))).toBe(true);
    expect(paths.some((path: string) => /^\/guides\/./.test(path))).toBe(true);
  });
});
