import type { Page } from '@playwright/test';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { pathIn } from '#lib/shared/languages.ts';
import { guidePagePath } from '#lib/guides/types.ts';
import { insertClub } from '../support/clubs.ts';
import { insertListedGuide } from '../support/guides.ts';
import { seedLinkPages } from '../support/link-pages.ts';
import { routesNotVisited } from '../support/page-routes.ts';
import { withDatabase } from './database.ts';
import { axeViolations, expect, signInAsAdmin, test } from './fixtures.ts';
import { registerGuide, signInAsNewHost } from './hosts.ts';

// Issue 41's acceptance: axe finds nothing serious or critical on any page of the site, at 1280 and at 375 px, each
// page as its reader gets it: signed out, and the pages that need a sign-in also signed in as who may open them. The
// sweep visits every page of src/pages (the first test fails for a page it leaves out); the pages' own specs check
// their states further.

type Reader = 'visitor' | 'host' | 'guide' | 'admin';
const READERS: Record<Reader, string> = {
  visitor: 'signed out',
  host: 'signed in as a host',
  guide: 'signed in as a guide',
  admin: 'signed in as the admin',
};

const data = {
  clubPage: '',
  guidePage: '',
  linkPages: [] as string[],
  host: { email: '', password: '', clubId: 0 },
  guide: { email: '', password: '' },
};

test.beforeAll(async ({ browser }, testInfo) => {
  const label = `sweep-${testInfo.workerIndex}-${Date.now()}`;
  const club = await withDatabase((sql) =>
    insertClub(sql, {
      clubName: `Sweep Circle ${label}`,
      city: 'Asheville',
      state: 'NC',
      zipCode: '28801',
      meetings: {
        meetingFrequency: 'weekly',
        meetingFormat: 'in-person',
        venueName: 'Pack Library',
        venueAddress: '67 Haywood St',
        timeZone: 'America/New_York',
        meetingSlots: [{ weekday: 'tuesday', start: '19:00', durationMinutes: 90 }],
      },
    }),
  );
  const guide = await withDatabase((sql) => insertListedGuide(sql, 'Wren Sweep'));
  data.clubPage = clubPagePath({ id: club.id, clubName: `Sweep Circle ${label}` });
  data.guidePage = guidePagePath({ id: guide.publicId, name: guide.name });
  data.linkPages = (await withDatabase((sql) => seedLinkPages(sql, { clubId: club.id, guideUserId: guide.userId, label }))).map(
    ([, pagePath]) => pagePath,
  );
  // A host with a club and a guide with an account, who sign in again in each test's browser.
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  data.host = await signInAsNewHost(page);
  await context.clearCookies();
  data.guide = await registerGuide(page);
  await context.close();
});

/** The pages each reader is shown in the sweep. */
function pagesFor(reader: Reader): string[] {
  const signedIn = ['/account', '/my-licences', `/club-profile/${data.host.clubId}`];
  const admin = ['/admin-clubs', '/admin-licences', '/admin-notifications', '/admin-orders', '/admin-demand'];
  switch (reader) {
    case 'visitor':
      return [
        '/',
        '/flamekeeper-clubs',
        '/how-it-works',
        '/club-schedule',
        '/become-guide',
        '/faq',
        '/privacy-terms',
        '/contact-us',
        '/area-search',
        '/guides',
        '/guides?place=VT',
        data.guidePage,
        data.clubPage,
        '/wanted/nc',
        '/alerts',
        '/club-registration',
        // The sign-in that the policies' "Account page" links to.
        '/club-registration?signin=true&return=%2Faccount',
        '/login',
        '/reset-password',
        `/confirm-email?token=${'x'.repeat(43)}`,
        `/cancel-email-change?token=${'x'.repeat(43)}`,
        ...data.linkPages,
        // Signed out, these offer the sign-in (or say the page is not found, as for any unknown address).
        ...signedIn,
        ...admin,
        '/no-such-page',
        // The Spanish twins (docs/decisions/041) and the Spanish not-found page.
        '/es',
        '/es/club-schedule',
        '/es/contact-us',
        '/es/login',
        '/es/reset-password',
        `/es/confirm-email?token=${'x'.repeat(43)}`,
        `/es/cancel-email-change?token=${'x'.repeat(43)}`,
        ...data.linkPages
          .filter((pagePath) =>
            /^\/(join-request|message-replied|your-club|your-club\/not-me|your-club\/rsvp|your-club\/stop-reminders|alerts|alerts\/confirm|alerts\/keep|unsubscribe)\?/.test(
              pagePath,
            ),
          )
          .map((pagePath) => `/es${pagePath}`),
        '/es/alerts',
        '/es/wanted/nc',
        '/es/faq',
        '/es/flamekeeper-clubs',
        pathIn('es', data.clubPage),
        '/es/guides',
        '/es/guides?place=VT',
        pathIn('es', data.guidePage),
        '/es/how-it-works',
        '/es/privacy-terms',
        '/es/become-guide',
        '/es/area-search',
        '/es/no-such-page',
      ];
    case 'host':
      return ['/account', `/club-profile/${data.host.clubId}`];
    case 'guide':
      return ['/account', '/my-licences'];
    case 'admin':
      // The admin's /account says the page is for hosts and guides.
      return [...admin, `/club-profile/${data.host.clubId}`, '/account'];
  }
}

async function signIn(page: Page, reader: Reader) {
  if (reader === 'admin') return signInAsAdmin(page);
  if (reader === 'visitor') return;
  const { email, password } = reader === 'host' ? data.host : data.guide;
  const response = await page.request.post(reader === 'host' ? '/api/clubs/signin' : '/api/guides/signin', { data: { email, password } });
  expect(response.status()).toBe(200);
}

test.describe('every page through axe', () => {
  // Pages that need a sign-in answer a signed-out browser 401 (or 404), which its console reports.
  test.use({ allowedConsoleErrors: [/status of 40[134]/] });

  test('the sweep visits every page of src/pages', () => {
    const visited = (Object.keys(READERS) as Reader[]).flatMap(pagesFor);
    expect(routesNotVisited(visited)).toEqual([]);
  });

  for (const width of [1280, 375]) {
    for (const reader of Object.keys(READERS) as Reader[]) {
      test(`nothing serious at ${width} px, ${READERS[reader]}`, async ({ page }) => {
        // The visitor's sweep is some 50 pages with the Spanish twins: over 5 minutes on the busy 2-core machine.
        if (reader === 'visitor') test.slow();
        await page.setViewportSize({ width, height: 900 });
        await signIn(page, reader);
        const found: string[] = [];
        for (const pagePath of pagesFor(reader)) {
          const response = await page.goto(pagePath);
          // An email's link with its working token shows its page, not "This link is not valid".
          if (data.linkPages.includes(pagePath)) expect(response!.status(), pagePath).toBe(200);
          found.push(...(await axeViolations(page, { atLeast: 'serious' })).map((violation) => `${pagePath}: ${violation}`));
        }
        expect(found).toEqual([]);
      });
    }
  }
});
