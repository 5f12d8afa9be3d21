import type { Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { runJobsAt, withDatabase } from './database.ts';
import { expect, expectNoAxeViolations, test, waitForIslands } from './fixtures.ts';
import { emailsTo, signInAsNewHost } from './hosts.ts';

// Issue 40, reminders and RSVPs: at 1280 and 375 px, a host marks a visitor's join request "They've joined"; the
// visitor gets the welcome; the reminder job (`npm run jobs:run -- --now … --job club-reminders`) run the day before the
// session at 9:00 in the club's time zone emails them a reminder with "I'll be there"; the member opens it, confirms
// with the page's button, and the host's profile then shows "1 coming" for that session and "Coming" on the Members
// card. axe clean on each page.

const ZONE = 'America/Chicago';

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The path and query of the first link of `pathname` in the latest email to `address` that `matches`, once sent. */
async function linkIn(address: string, pathname: string, matches: (mail: string) => boolean): Promise<string> {
  const pattern = new RegExp(`https?://[^/\\s]+(${pathname.replace(/[/?]/g, '\\$&')}\\?token=[A-Za-z0-9_-]{43})`);
  const find = () =>
    emailsTo(address)
      .filter(matches)
      .map((mail) => pattern.exec(mail)?.[1])
      .findLast(Boolean);
  await expect.poll(find, { timeout: 30_000 }).toBeTruthy();
  return find()!;
}

for (const width of [1280, 375]) {
  test(`a member reminded the day before answers "I'll be there", and the host sees 1 coming (${width} px)`, async ({ page, browser }) => {
    await page.setViewportSize({ width, height: 900 });
    const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const host = await signInAsNewHost(page);
    // Mondays at 7 PM in Chicago from a Monday one to two weeks ahead: that Monday is the club's first session.
    const today = DateTime.now().setZone(ZONE).startOf('day');
    const firstMonday = today.plus({ days: ((8 - today.weekday) % 7 || 7) + 7 });
    await withDatabase(async (sql) => {
      await sql`
        update clubs set is_verified = true, meeting_frequency = 'weekly', time_zone = ${ZONE}, cycle_start = ${firstMonday.toISODate()},
          meeting_format = 'in-person', venue_name = 'Maple Room', venue_address = '40 Pine St', venue_private = true,
          meeting_slots = ${sql.json([{ weekday: 'monday', start: '19:00', durationMinutes: 90 }])}
        where id = ${host.clubId}`;
    });
    const visitor = { name: 'Quinn Harlow', email: `quinn.${unique}@example.com` };
    const asked = await page.request.post(`/api/clubs/${host.clubId}/join-requests`, { data: { ...visitor, start: 'next-cycle' } });
    expect(asked.status()).toBe(201);

    // The host marks the request joined: the visitor is a member, and is welcomed.
    await page.goto(`/club-profile/${host.clubId}`);
    await waitForIslands(page);
    await page
      .getByRole('region', { name: 'Join requests' })
      .getByRole('article', { name: /Quinn Harlow/ })
      .getByRole('button', { name: "They've joined" })
      .click();
    await expect(page.getByRole('region', { name: 'Members' }).getByRole('row', { name: /Quinn Harlow/ })).toBeVisible();
    await linkIn(visitor.email, '/your-club', (mail) => mail.includes('Subject: Welcome to'));
    await expect(page.getByRole('region', { name: 'Reminders' }).getByLabel('The day before, at 9:00 AM')).toBeChecked();

    // The day before the session at 9:00 in Chicago, the reminder job runs.
    const dayBefore = firstMonday.minus({ days: 1 }).set({ hour: 9 });
    // The 1280 and 375 px runs of this test run side by side with the same first Monday: either's job run may send the
    // other's reminder, so what counts is the member's email, not this run's count.
    expect(runJobsAt(dayBefore.toJSDate(), ['club-reminders'])).toMatch(/club-reminders: \d+ reminders/);
    const rsvpPath = await linkIn(visitor.email, '/your-club/rsvp', (mail) => mail.includes('Subject: Reminder:'));
    const reminder = emailsTo(visitor.email).findLast((mail) => mail.includes('Subject: Reminder:'))!;
    expect(reminder).toContain("I'll be there");
    expect(reminder).toContain('Week 1 — Awakening');
    expect(reminder).toContain('Maple Room, 40 Pine St');

    // The member, with no account, opens "I'll be there" and confirms.
    const member = await browser.newContext({ viewport: { width, height: 900 } });
    try {
      const memberPage = await member.newPage();
      await memberPage.goto(rsvpPath);
      await expect(memberPage.getByRole('heading', { level: 1, name: `Coming to ${host.clubName}?` })).toBeVisible();
      await expectNoAxeViolations(memberPage);
      await memberPage.getByRole('button', { name: "Yes, I'll be there" }).click();
      await expect(memberPage.getByRole('heading', { level: 1, name: 'See you there' })).toBeVisible();
      expect(await horizontalOverflow(memberPage)).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(memberPage);
    } finally {
      await member.close();
    }

    // The host sees the answer counted on the session, and on the Members card.
    await page.reload();
    await waitForIslands(page);
    const sessions = page.getByRole('region', { name: 'Cancel or move a session' });
    await expect(sessions.locator('[data-rsvp-counts]').first()).toHaveText("1 coming · 0 can't · 0 not answered");
    await expect(page.getByRole('region', { name: 'Members' }).getByRole('row', { name: /Quinn Harlow/ })).toContainText('Coming');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
}
