import type { Page } from '@playwright/test';
import { withDatabase } from './database.ts';
import { expect, expectNoAxeViolations, test, toasts, waitForIslands } from './fixtures.ts';
import { emailsTo, signInAsNewHost } from './hosts.ts';

// Issue 40, members: at 1280 and 375 px, a host marks a visitor's join request "They've joined" on the club profile;
// the Members card lists the visitor at once; the welcome email's "Your club" link opens the member's page with the
// club's next sessions and the week's reading; the member leaves the club there, confirmed with a POST. The host adds
// a member with the card's form and removes them behind a confirmation. axe clean on each page.

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The path and query of the latest "Your club" link emailed to `address`, once the worker has sent one. */
async function yourClubPathFor(address: string): Promise<string> {
  const find = () =>
    emailsTo(address)
      .flatMap((mail) => [...mail.matchAll(/https?:\/\/[^/\s]+(\/your-club\?token=[A-Za-z0-9_-]{43})/g)].map((match) => match[1]!))
      .at(-1);
  await expect.poll(find, { timeout: 30_000 }).toBeTruthy();
  return find()!;
}

for (const width of [1280, 375]) {
  test(`a request marked joined makes a member, welcomed with their "Your club" link, who leaves (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const host = await signInAsNewHost(page);
    // Verified, meeting Tuesdays at 7 PM in Chicago, its 8-week plan begun a week ago.
    const cycleStart = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    await withDatabase(async (sql) => {
      await sql`
        update clubs set is_verified = true, meeting_frequency = 'weekly', time_zone = 'America/Chicago', cycle_start = ${cycleStart},
          meeting_format = 'in-person', venue_name = 'Maple Room', venue_address = '40 Pine St', venue_private = true,
          meeting_slots = ${sql.json([{ weekday: 'tuesday', start: '19:00', durationMinutes: 90 }])}
        where id = ${host.clubId}`;
    });
    const visitor = { name: 'Quinn Harlow', email: `quinn.${unique}@example.com` };
    const asked = await page.request.post(`/api/clubs/${host.clubId}/join-requests`, { data: { ...visitor, start: 'next-cycle' } });
    expect(asked.status()).toBe(201);

    await page.goto(`/club-profile/${host.clubId}`);
    await waitForIslands(page);
    const requests = page.getByRole('region', { name: 'Join requests' });
    const members = page.getByRole('region', { name: 'Members' });
    await expect(members).toContainText('No members yet.');
    await requests
      .getByRole('article', { name: /Quinn Harlow/ })
      .getByRole('button', { name: "They've joined" })
      .click();
    const row = members.getByRole('row', { name: /Quinn Harlow/ });
    await expect(row).toContainText(visitor.email);
    await expect(members).toContainText('1 of at most 200 members');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);

    // The host adds someone, then removes them behind the confirmation.
    const added = { name: 'Riley Brooks', email: `riley.${unique}@example.com` };
    await members.getByLabel('Name', { exact: true }).fill(added.name);
    await members.getByLabel('Email', { exact: true }).fill(added.email);
    await members.getByRole('button', { name: 'Add member' }).click();
    await expect(toasts(page)).toContainText('Riley Brooks is a member');
    const addedRow = members.getByRole('row', { name: /Riley Brooks/ });
    await expect(addedRow).toBeVisible();
    await addedRow.getByRole('button', { name: 'Remove Riley Brooks' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove Riley Brooks?' });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(addedRow).toBeVisible();
    await addedRow.getByRole('button', { name: 'Remove Riley Brooks' }).click();
    await confirm.getByRole('button', { name: 'Remove member' }).click();
    await expect(addedRow).toBeHidden();
    await expect(row).toBeVisible();

    // The visitor's welcome: their "Your club" link, no password.
    const link = await yourClubPathFor(visitor.email);
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: host.clubName })).toBeVisible();
    const sessions = page.getByRole('region', { name: 'Next sessions' });
    await expect(sessions.locator('time')).toHaveCount(4);
    await expect(sessions.locator('time').first()).toHaveText(/^Tue, [A-Z][a-z]{2} \d{1,2}, 7:00 PM C[DS]T$/);
    await expect(sessions).toContainText(/Week \d/);
    await expect(page.getByRole('region', { name: 'Where it meets' })).toContainText('Maple Room, 40 Pine St');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);

    await page.getByText('Leave the club', { exact: true }).click();
    await page.getByRole('button', { name: `Yes, leave ${host.clubName}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You have left the club' })).toBeVisible();
    await expectNoAxeViolations(page);
    await withDatabase(async (sql) => {
      expect(await sql`select 1 from club_members where club_id = ${host.clubId}`).toHaveLength(0);
    });
  });
}
