import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { pathIn } from '#lib/shared/languages.ts';
import { guidePagePath } from '#lib/guides/types.ts';
import { asUser, registerHost, request, signInAdmin, testSql } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';
import { registerGuide, registerListedGuide } from '../support/licensing.ts';
import { seedLinkPages } from '../support/link-pages.ts';
import { routesNotVisited } from '../support/page-routes.ts';
import { htmlErrors } from '../support/w3c.ts';

// Every page passes the W3C Nu Html Checker with no error as served (issue 30 item 15, issue 41's acceptance): each as
// its reader gets it, signed in or not, those of an email's link with a working token. The prerendered pages' files are
// also checked by tests/build/w3c.test.ts.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fk-w3c-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('every page as served, as the W3C checker reads it', () => {
  it('has no errors, and no page of src/pages is left out', async () => {
    const admin = await signInAdmin();
    const host = await registerHost();
    const guide = await registerGuide();
    const listedGuide = await registerListedGuide(admin, 'Wren Validator');
    const club = await insertClub(testSql(), {
      clubName: 'Checker Circle',
      meetings: {
        meetingFrequency: 'weekly',
        timeZone: 'America/Chicago',
        meetingSlots: [{ weekday: 'tuesday', start: '19:00', durationMinutes: 90 }],
      },
    });
    const [guideRow] = await testSql()<{ userId: string }[]>`select user_id from guides where public_id = ${listedGuide.publicId}`;
    const linkPages = await seedLinkPages(testSql(), { clubId: club.id, guideUserId: guideRow!.userId, label: 'checker' });
    const unsubscribe = linkPages.find(([name]) => name === 'unsubscribe')![1];
    const pages: [name: string, pagePath: string, token?: string][] = [
      ['club-page', clubPagePath({ id: club.id, clubName: 'Checker Circle' })],
      ['guide-page', guidePagePath({ id: listedGuide.publicId, name: listedGuide.name })],
      ['guides', '/guides?place=VT'],
      ['club-profile', `/club-profile/${host.clubId}`, host.token],
      ['club-profile-admin', `/club-profile/${host.clubId}`, admin],
      ['club-profile-signed-out', `/club-profile/${host.clubId}`],
      ['account-host', '/account', host.token],
      ['account-guide', '/account', guide.token],
      ['account-signed-out', '/account'],
      ['my-licences', '/my-licences', guide.token],
      ['my-licences-signed-out', '/my-licences'],
      ['reset-password', '/reset-password'],
      ['reset-link-unknown', '/reset-password?token=never-sent-to-anyone-at-all'],
      ['confirm-email-unknown', '/confirm-email?token=never-sent-to-anyone-at-all'],
      ['cancel-email-change-unknown', `/cancel-email-change?token=${'x'.repeat(43)}`],
      ['admin-clubs', '/admin-clubs', admin],
      ['admin-licences', '/admin-licences', admin],
      ['admin-notifications', '/admin-notifications', admin],
      ['admin-orders', '/admin-orders', admin],
      ['admin-demand', '/admin-demand?state=MT', admin],
      ['admin-clubs-signed-out', `/admin-clubs?club=${host.clubId}`],
      ['login-with-return', '/login?return=%2Fadmin-clubs%3Fclub%3D1'],
      ['host-sign-in-with-return', '/club-registration?signin=true&return=%2Fclub-profile%2F1%23join-requests'],
      ['club-registration', '/club-registration'],
      ['wanted-state', '/wanted/mt'],
      ['contact-us', '/contact-us'],
      ['login', '/login'],
      ['your-club-left', '/your-club?left=true'],
      ['alerts-form', '/alerts'],
      ['unknown-link', `/club-check-in?token=${'x'.repeat(43)}&answer=stopped`],
      ...linkPages,
      // The prerendered pages too, as served (tests/build/w3c.test.ts reads their files).
      ['home', '/'],
      ['directory', '/flamekeeper-clubs'],
      ['how-it-works', '/how-it-works'],
      ['club-schedule', '/club-schedule'],
      ['become-guide', '/become-guide'],
      ['faq', '/faq'],
      ['privacy-terms', '/privacy-terms'],
      ['area-search', '/area-search'],
      ['unsubscribe-stopped', `${unsubscribe}&stopped=true`],
      ['unsubscribe-unknown', '/unsubscribe?token=never-sent-to-anyone'],
      ['not-found', '/no-such-page'],
      // The Spanish twins (docs/decisions/041) and the Spanish not-found page.
      ['home-es', '/es'],
      ['club-schedule-es', '/es/club-schedule'],
      ['contact-us-es', '/es/contact-us'],
      ['login-es', '/es/login'],
      ['login-with-return-es', '/es/login?return=%2Fadmin-clubs%3Fclub%3D1'],
      ['reset-password-es', '/es/reset-password'],
      ['reset-link-unknown-es', '/es/reset-password?token=never-sent-to-anyone-at-all'],
      ['confirm-email-unknown-es', '/es/confirm-email?token=never-sent-to-anyone-at-all'],
      ['cancel-email-change-unknown-es', `/es/cancel-email-change?token=${'x'.repeat(43)}`],
      ...linkPages
        .filter(([name]) =>
          [
            'join-request',
            'message-replied',
            'your-club',
            'your-club-not-me',
            'your-club-rsvp',
            'your-club-stop-reminders',
            'alerts-confirm',
            'alerts-keep',
            'alerts',
            'unsubscribe',
          ].includes(name),
        )
        .map(([name, pagePath]): [string, string] => [`${name}-es`, `/es${pagePath}`]),
      ['your-club-left-es', '/es/your-club?left=true'],
      ['alerts-form-es', '/es/alerts'],
      ['unsubscribe-stopped-es', `/es${unsubscribe}&stopped=true`],
      ['wanted-state-es', '/es/wanted/nm'],
      ['directory-es', '/es/flamekeeper-clubs'],
      ['club-page-es', pathIn('es', clubPagePath({ id: club.id, clubName: 'Checker Circle' }))],
      ['guides-es', '/es/guides?place=VT'],
      ['guide-page-es', pathIn('es', guidePagePath({ id: listedGuide.publicId, name: listedGuide.name }))],
      ['faq-es', '/es/faq'],
      ['how-it-works-es', '/es/how-it-works'],
      ['privacy-terms-es', '/es/privacy-terms'],
      ['become-guide-es', '/es/become-guide'],
      ['area-search-es', '/es/area-search'],
      ['not-found-es', '/es/no-such-page'],
    ];
    // Every page of src/pages is among them (tests/support/page-routes.ts): a new page fails this test until it is added.
    expect(routesNotVisited(pages.map(([, pagePath]) => pagePath))).toEqual([]);
    const files = await Promise.all(
      pages.map(async ([name, pagePath, token]) => {
        const response = await request(pagePath, { headers: asUser(token) });
        expect(response.headers.get('content-type'), pagePath).toMatch(/^text\/html/);
        // A link with a working token shows its page, not "This link is not valid".
        if (linkPages.some(([linkName]) => linkName === name)) expect(response.status, pagePath).toBe(200);
        const file = path.join(dir, `${name}.html`);
        fs.writeFileSync(file, await response.text());
        return file;
      }),
    );
    expect(await htmlErrors(files)).toEqual([]);
  });
});
