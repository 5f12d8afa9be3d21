import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { guidePagePath } from '#lib/guides/types.ts';
import { unsubscribeToken } from '#server/platform/email/unsubscribe-links.ts';
import { asUser, registerHost, request, signInAdmin, testSql } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';
import { registerGuide, registerListedGuide } from '../support/licensing.ts';
import { htmlErrors } from '../support/w3c.ts';

// The pages rendered on demand pass the W3C Nu Html Checker with no error, as every prerendered page does
// (tests/build/w3c.test.ts; issue 30 item 15): each as its reader gets it, signed in or not.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fk-w3c-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the pages rendered on demand, as the W3C checker reads them', () => {
  it('have no errors', async () => {
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
    // A member of the club (issue 40), with a "Your club" link and an "I did not ask for this" link.
    const memberToken = (purpose: string) => `${purpose}-checker-member-link-token`.padEnd(43, 'x');
    const [member] = await testSql()<{ id: string }[]>`
      insert into club_members (club_id, name, email, mailbox_hash, source)
      values (${club.id}, 'Wren Member', 'wren.member@example.com', ${'a'.repeat(64)}, 'host') returning id`;
    for (const purpose of ['club', 'not-me', 'coming', 'reminders-off'])
      await testSql()`
        insert into member_links (token_hash, member_id, purpose, session_start)
        values (${createHash('sha256').update(memberToken(purpose)).digest('hex')}, ${member!.id}, ${purpose},
          ${purpose === 'coming' ? '2027-03-17T00:00:00Z' : null})`;
    // A notification's one-click unsubscribe link (issue 41), signed as the job signs it.
    const [hostAccount] = await testSql()<{ ownerId: string }[]>`select owner_id from clubs where id = ${host.clubId}`;
    const unsubscribe = `/unsubscribe?${new URLSearchParams({ token: await unsubscribeToken('reply-reminders', hostAccount!.ownerId, testSql()) })}`;
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
      ['your-club', `/your-club?token=${memberToken('club')}`],
      ['your-club-left', '/your-club?left=true'],
      ['your-club-not-me', `/your-club/not-me?token=${memberToken('not-me')}`],
      ['your-club-rsvp', `/your-club/rsvp?token=${memberToken('coming')}`],
      ['your-club-stop-reminders', `/your-club/stop-reminders?token=${memberToken('reminders-off')}`],
      ['unsubscribe', unsubscribe],
      ['unsubscribe-stopped', `${unsubscribe}&stopped=true`],
      ['unsubscribe-unknown', '/unsubscribe?token=never-sent-to-anyone'],
      ['not-found', '/no-such-page'],
    ];
    const files = await Promise.all(
      pages.map(async ([name, pagePath, token]) => {
        const response = await request(pagePath, { headers: asUser(token) });
        expect(response.headers.get('content-type'), pagePath).toMatch(/^text\/html/);
        const file = path.join(dir, `${name}.html`);
        fs.writeFileSync(file, await response.text());
        return file;
      }),
    );
    expect(await htmlErrors(files)).toEqual([]);
  });
});
