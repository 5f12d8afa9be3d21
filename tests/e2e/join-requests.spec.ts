import postgres from 'postgres';
import { clubPagePath } from '#lib/clubs/pages.ts';
import type { Sql } from '#server/platform/db/db.ts';
import { insertClub } from '../support/clubs.ts';
import { readE2EState } from '../support/e2e-state.ts';
import { expect, expectNoAxeViolations, test, toasts, waitForIslands } from './fixtures.ts';
import { signInAsNewHost } from './hosts.ts';

// Issue 28, "Ask to join": a visitor asks from a club's dialog (on a phone) and from its page; the host finds the
// request on the club profile, marks it joined, and switches joining off, after which the form gives way to the notice.

const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const dialogClub = { id: 0, clubName: `Merrimack River Join Circle ${unique}` };
/** A session as the form offers it: in the club's own time, as its page lists them. */
const TUESDAY = /^Tue, [A-Z][a-z]{2} \d{1,2}, 7:00 PM E[DS]T$/;
const MEETINGS = {
  meetingSlots: [{ weekday: 'tuesday' as const, start: '19:00', durationMinutes: 90 }],
  meetingFrequency: 'weekly' as const,
  cycleStart: '2026-09-01',
  timeZone: 'America/New_York',
};

const withDatabase = async (act: (sql: Sql) => Promise<unknown>) => {
  const sql = postgres(readE2EState().databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await act(sql as unknown as Sql);
  } finally {
    await sql.end();
  }
};

test.beforeAll(async () => {
  await withDatabase(async (sql) => {
    dialogClub.id = (
      await insertClub(sql, { clubName: dialogClub.clubName, city: 'Concord', state: 'NH', zipCode: '03301', meetings: MEETINGS })
    ).id;
  });
});

test.describe('Ask to join', () => {
  test("from a club's dialog on a 375 px screen: field errors, the live count, then the request sent", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/flamekeeper-clubs?club=${dialogClub.id}`);
    const dialog = page.getByRole('dialog', { name: dialogClub.clubName });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Contact Host' })).toBeVisible();

    const disclosure = dialog.getByRole('button', { name: 'Ask to join' });
    await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    await disclosure.click();
    await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    const form = dialog.getByRole('form', { name: `Ask to join: ${dialogClub.clubName}` });
    await expect(form).toBeVisible();
    // The form opens below what the dialog shows: its first field takes focus, scrolled into view.
    await expect(form.getByLabel('Your Name')).toBeFocused();
    await expect(form.getByLabel('Your Name')).toBeInViewport();

    await form.getByRole('button', { name: 'Send Request' }).click();
    await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(form.getByText('Choose when you would like to start')).toBeVisible();
    await expect(form.getByLabel('Your Name')).toBeFocused();
    await expectNoAxeViolations(page);

    const start = form.getByLabel('When would you like to start?');
    // The next 4 Tuesdays in the club's time, then the next new cycle.
    await expect(start.locator('option')).toHaveText(['Choose a start', TUESDAY, TUESDAY, TUESDAY, TUESDAY, 'The next new cycle']);
    await form.getByLabel('Your Name').fill('Casey Morgan');
    await form.getByLabel('Email Address').fill(`casey.${unique}@example.com`);
    await start.selectOption({ index: 2 });
    await form.getByLabel('Message (optional)').fill('Hello from Concord!');
    await expect(form.getByText('19 of 2,000 characters')).toBeVisible();

    // Nothing in the dialog is wider than the screen.
    const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = (await form.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);

    await form.getByRole('button', { name: 'Send Request' }).click();
    await expect(toasts(page)).toContainText(`Your request is on its way to the host of ${dialogClub.clubName}`);
    await expect(form).toBeHidden();
    await expect(disclosure).toBeFocused();

    // The same visitor again: told so, and nothing new is sent.
    await disclosure.click();
    await form.getByLabel('Your Name').fill('Casey Morgan');
    await form.getByLabel('Email Address').fill(`CASEY.${unique}@example.com`);
    await start.selectOption({ label: 'The next new cycle' });
    await form.getByRole('button', { name: 'Send Request' }).click();
    await expect(toasts(page)).toContainText('You already asked; the host has your request');
  });

  test('a form filled in part reports every field’s problem on the first submit (issue 41 item 12)', async ({ page }) => {
    await page.goto(clubPagePath(dialogClub));
    await page.getByRole('region', { name: 'Connect' }).getByRole('button', { name: 'Ask to join' }).click();
    const form = page.getByRole('form', { name: `Ask to join: ${dialogClub.clubName}` });
    await form.getByLabel('Your Name').fill('Casey Morgan');
    await form.getByLabel('Email Address').fill('casey@');
    await form.getByLabel('Phone Number (optional)').fill('555-01');
    await form.getByLabel('Email Address').press('Enter');

    await expect(form.getByRole('alert')).toHaveText([
      'Please enter a valid email address',
      'Please enter a valid phone number',
      'Choose when you would like to start',
    ]);
    for (const label of ['Email Address', 'Phone Number (optional)', 'When would you like to start?']) {
      await expect(form.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(form.getByLabel('Your Name')).not.toHaveAttribute('aria-invalid');
    await expectNoAxeViolations(page);
  });

  test("from the club's page; the host marks it joined on the profile and switches joining off", async ({ page }) => {
    const host = await signInAsNewHost(page);
    await withDatabase(async (sql) => {
      await sql`
        update clubs set is_verified = true, meeting_frequency = 'weekly', time_zone = ${MEETINGS.timeZone},
          cycle_start = ${MEETINGS.cycleStart}, meeting_slots = ${sql.json(MEETINGS.meetingSlots)}
        where id = ${host.clubId}`;
    });
    const pagePath = clubPagePath({ id: host.clubId, clubName: host.clubName });

    await page.goto(pagePath);
    await waitForIslands(page);
    const connect = page.getByRole('region', { name: 'Connect' });
    await expect(connect.getByRole('link', { name: 'Contact Host' })).toBeVisible();
    await connect.getByRole('button', { name: 'Ask to join' }).click();
    const form = page.getByRole('form', { name: `Ask to join: ${host.clubName}` });
    await form.getByLabel('Your Name').fill('Dana Whitfield');
    await form.getByLabel('Email Address').fill(`dana.${unique}@example.com`);
    await form.getByLabel('Phone Number (optional)').fill('(802) 555-0142');
    await form.getByLabel('When would you like to start?').selectOption({ label: 'The next new cycle' });
    await form.getByLabel('Message (optional)').fill('I read the first book last spring.');
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Send Request' }).click();
    await expect(toasts(page)).toContainText('Request Sent');

    await page.goto(`/club-profile/${host.clubId}`);
    const card = page.getByRole('region', { name: 'Join requests' });
    const request = card.getByRole('article', { name: /Dana Whitfield/ });
    await expect(request).toContainText(`dana.${unique}@example.com`);
    await expect(request).toContainText('(802) 555-0142');
    await expect(request).toContainText('The next new cycle');
    await expect(request).toContainText('I read the first book last spring.');
    await expect(request.getByRole('heading')).toHaveText(/Dana Whitfield\s*Status: New/);
    await expect(card.locator('[data-count="new"]')).toHaveText('1');
    await waitForIslands(page);
    await expectNoAxeViolations(page);

    await request.getByRole('button', { name: "They've joined" }).click();
    await expect(request.getByRole('heading')).toHaveText(/Status: Joined/);
    await expect(card.locator('[data-count="new"]')).toHaveText('0');
    await expect(card.locator('[data-count="joined"]')).toHaveText('1');
    await expect(request.getByRole('button', { name: "They've joined" })).toBeHidden();

    const off = card.getByRole('checkbox', { name: 'Not taking new members right now' });
    await off.check();
    await expect(off).toBeChecked();
    await expect(off).toBeEnabled();
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Join requests' }).getByRole('checkbox', { name: 'Not taking new members right now' }),
    ).toBeChecked();

    // A new address: the page is cached for five minutes, and the visitor's browser fetches it afresh.
    await page.goto(`${pagePath}?joining=off`);
    await expect(page.getByRole('region', { name: 'Connect' })).toContainText('Not taking new members right now');
    await expect(page.getByRole('button', { name: 'Ask to join' })).toHaveCount(0);
    await page.goto(`/flamekeeper-clubs?club=${host.clubId}`);
    const dialog = page.getByRole('dialog', { name: host.clubName });
    await expect(dialog).toContainText('Not taking new members right now');
    await expect(dialog.getByRole('button', { name: 'Ask to join' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
