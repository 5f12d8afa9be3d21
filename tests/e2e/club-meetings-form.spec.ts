import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInAsAdmin, test, toasts, waitForIslands } from './fixtures.ts';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { withDatabase } from './database.ts';
import { issueCodeWithCli, signInAsNewHost } from './hosts.ts';

// Each test registers its own host and club through the API (tests/e2e/hosts.ts), in Austin, TX 78704 (Central
// Time), without meeting times.
const AUSTIN = { city: 'Austin', state: 'TX', zipCode: '78704' };

async function openProfile(page: Page, clubId: number) {
  await page.goto(`/club-profile/${clubId}`);
  await page.locator('astro-island[component-url*="ClubProfile"]:not([ssr])').waitFor({ state: 'attached' });
}

const meetings = (page: Page) => page.getByRole('group', { name: 'When and how the club meets' });
const slot = (page: Page, number: number) => meetings(page).getByRole('group', { name: `Meeting time ${number}` });
/** The value shown under a label of the profile's description list. */
const detail = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function editProfile(page: Page) {
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(meetings(page)).toBeVisible();
}

test.describe("meeting times in the host's profile", () => {
  test('a host adds a weekly online Tuesday evening with a meeting link, dial-in and a cycle start, and keeps it after a reload', async ({
    page,
  }) => {
    const host = await signInAsNewHost(page, AUSTIN);
    await openProfile(page, host.clubId);
    await editProfile(page);

    const group = meetings(page);
    // The zone the server filled in from the ZIP code is shown as the ZIP code's.
    await expect(group.getByLabel('Time zone').locator('option:checked')).toHaveText('From ZIP code 78704: Central Time (America/Chicago)');
    await expect(group.getByLabel('Meeting link')).toHaveCount(0);

    await group.getByRole('button', { name: 'Add a meeting time' }).click();
    const first = slot(page, 1);
    await expect(first.getByLabel('Day')).toBeFocused();
    await first.getByLabel('Day').selectOption({ label: 'Tuesday' });
    await first.getByLabel('Start time').fill('19:00');
    await first.getByLabel('Length (minutes)').fill('90');
    await group.getByLabel('How often').selectOption({ label: 'Every week' });
    await group.getByLabel('Format').selectOption({ label: 'Online' });
    await group.getByLabel('Meeting link').fill('https://meet.example.org/hearth');
    await group.getByLabel('Dial-in details').fill('Dial +1 555 0100, passcode 4242');
    await group.getByLabel('Cycle start').fill('2026-12-01');
    await expectNoAxeViolations(page);

    // A second time can be added and removed again; focus stays in the form.
    await group.getByRole('button', { name: 'Add a meeting time' }).click();
    await expect(slot(page, 2)).toBeVisible();
    await group.getByRole('button', { name: 'Remove meeting time 2' }).click();
    await expect(slot(page, 2)).toHaveCount(0);
    await expect(group.getByRole('button', { name: 'Add a meeting time' })).toBeFocused();

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByText('Profile Updated')).toBeVisible();

    const expectSaved = async () => {
      await expect(detail(page, 'Meetings')).toHaveText('Tuesdays 7:00 PM (90 min) · every week · Online · America/Chicago');
      await expect(detail(page, 'Meeting Link')).toContainText('https://meet.example.org/hearth');
      await expect(detail(page, 'Meeting Link')).toContainText('Dial +1 555 0100, passcode 4242');
      await expect(detail(page, 'Meeting Link')).toContainText('For members only');
      await expect(detail(page, 'Cycle Start')).toHaveText('12/1/2026');
    };
    await expectSaved();
    await page.reload();
    await expectSaved();

    // The form opens with what was saved, and saving the profile again keeps it.
    await editProfile(page);
    await expect(slot(page, 1).getByLabel('Day')).toHaveValue('tuesday');
    await expect(slot(page, 1).getByLabel('Start time')).toHaveValue('19:00');
    await expect(slot(page, 1).getByLabel('Length (minutes)')).toHaveValue('90');
    await expect(meetings(page).getByLabel('Meeting link')).toHaveValue('https://meet.example.org/hearth');
    await page.getByLabel('Club Name').fill('Renamed Hearth Circle');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Renamed Hearth Circle');
    await expect(detail(page, 'Meetings')).toHaveText('Tuesdays 7:00 PM (90 min) · every week · Online · America/Chicago');
  });

  test('a meeting time without a start shows the message beside the field and sends nothing', async ({ page }) => {
    const host = await signInAsNewHost(page, AUSTIN);
    await openProfile(page, host.clubId);
    const puts: string[] = [];
    page.on('request', (request) => request.method() === 'PUT' && puts.push(request.url()));
    await editProfile(page);

    await meetings(page).getByRole('button', { name: 'Add a meeting time' }).click();
    const start = slot(page, 1).getByLabel('Start time');
    await start.fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await expect(slot(page, 1).getByRole('alert')).toHaveText('Start time must be a time such as 19:00');
    await expect(start).toHaveAttribute('aria-invalid', 'true');
    await expect(start).toHaveAccessibleDescription('Start time must be a time such as 19:00');
    expect(puts).toEqual([]);
  });

  test.describe('the server refuses a meeting field', () => {
    test.use({ allowedConsoleErrors: [/status of 400/] });

    test("the server's message for a nested field shows beside that field", async ({ page }) => {
      const host = await signInAsNewHost(page, AUSTIN);
      await openProfile(page, host.clubId);
      await page.route(`**/api/clubs/${host.clubId}`, (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({
              status: 400,
              json: {
                error: {
                  message: 'Please correct the highlighted fields.',
                  fieldErrors: { 'meetingSlots.0.durationMinutes': ['Length must be 15 to 480 minutes'] },
                },
              },
            })
          : route.continue(),
      );
      await editProfile(page);
      await meetings(page).getByRole('button', { name: 'Add a meeting time' }).click();
      await page.getByRole('button', { name: 'Save Changes' }).click();

      await expect(toasts(page).getByText('Please correct the highlighted fields.')).toBeVisible();
      const length = slot(page, 1).getByLabel('Length (minutes)');
      await expect(length).toHaveAttribute('aria-invalid', 'true');
      await expect(slot(page, 1).getByRole('alert')).toHaveText('Length must be 15 to 480 minutes');
    });
  });

  test('the meeting fields fit a 375 px screen @mobile', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const host = await signInAsNewHost(page, AUSTIN);
    await openProfile(page, host.clubId);
    await editProfile(page);
    await meetings(page).getByRole('button', { name: 'Add a meeting time' }).click();
    await meetings(page).getByLabel('Format').selectOption({ label: 'Hybrid (in person and online)' });
    await expect(meetings(page).getByLabel('Meeting link')).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
  });
});

test.describe('meeting times at registration', () => {
  test("a new host gives the club's meeting times, its time zone following the ZIP code", async ({ page }) => {
    await page.goto('/club-registration');
    await waitForIslands(page);
    await page.getByLabel('HOST SET Code').fill(issueCodeWithCli('e2e meetings'));
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(page.getByRole('heading', { name: 'Register Your Club' })).toBeFocused();

    const email = `meetings.${Date.now()}@example.com`;
    await page.getByLabel('Host Name').fill('Robin Vale');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('kindling-42');
    await page.getByLabel('Confirm Password').fill('kindling-42');
    await page.getByLabel('Club Name').fill('South Congress Embers');
    await page.getByLabel('City').fill('Austin');
    await page.getByLabel('State').selectOption('TX');
    await page.getByLabel('ZIP Code').fill('78704');

    const group = meetings(page);
    await expect(group.getByLabel('Time zone').locator('option:checked')).toHaveText('From ZIP code 78704: Central Time (America/Chicago)');
    await group.getByRole('button', { name: 'Add a meeting time' }).click();
    await slot(page, 1).getByLabel('Day').selectOption({ label: 'Wednesday' });
    await slot(page, 1).getByLabel('Start time').fill('10:00');
    await slot(page, 1).getByLabel('Length (minutes)').fill('120');
    await group.getByLabel('How often').selectOption({ label: 'The 1st such weekday of the month' });
    await group.getByLabel('Format').selectOption({ label: 'In person' });
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Register Club' }).click();
    await expect(page.getByRole('heading', { name: 'Your Club Is Registered!' })).toBeVisible();

    const signin = await page.request.post('/api/clubs/signin', { data: { email, password: 'kindling-42' } });
    const { clubId } = (await signin.json()) as { clubId: number };
    expect(await (await page.request.get(`/api/clubs/${clubId}`)).json()).toMatchObject({
      meetingSlots: [{ weekday: 'wednesday', start: '10:00', durationMinutes: 120 }],
      meetingFrequency: 'first',
      meetingFormat: 'in-person',
      videoLink: null,
      cycleStart: null,
      timeZone: 'America/Chicago',
    });
  });
});

test.describe("meeting times in the admin's club editor", () => {
  test('the admin sees and saves the meeting fields, and the table and change history show them', async ({ page }) => {
    const host = await signInAsNewHost(page, AUSTIN);
    await page.context().clearCookies();
    await signInAsAdmin(page);
    await page.goto('/admin-clubs');
    await page.locator('astro-island[component-url*="AdminClubs"]:not([ssr])').waitFor({ state: 'attached' });

    await page.getByLabel('Search clubs').fill(host.clubName);
    const row = page
      .getByRole('table', { name: 'Clubs' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: host.clubName, exact: true }) });
    const edit = row.getByRole('button', { name: /^Edit/ });
    await edit.click();
    const dialog = page.getByRole('dialog', { name: 'Edit Club' });
    const group = dialog.getByRole('group', { name: 'When and how the club meets' });
    await expect(group).toBeVisible();
    await expect(dialog.getByText('No admin changes yet.')).toBeVisible();

    await group.getByRole('button', { name: 'Add a meeting time' }).click();
    const first = group.getByRole('group', { name: 'Meeting time 1' });
    await first.getByLabel('Day').selectOption({ label: 'Thursday' });
    await first.getByLabel('Start time').fill('18:30');
    await first.getByLabel('Length (minutes)').fill('60');
    await group.getByLabel('Format').selectOption({ label: 'Hybrid (in person and online)' });
    await group.getByLabel('Meeting link').fill('https://meet.example.org/admin');
    await group.getByLabel('Dial-in details').fill('Dial +1 555 0100');
    await group.getByLabel('Time zone').selectOption('America/Denver');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();

    await expect(toasts(page).getByText('Club Updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Meets: Thursdays 6:30 PM (60 min) · every week · Hybrid (in person and online) · America/Denver');

    await edit.click();
    await expect(first.getByLabel('Day')).toHaveValue('thursday');
    await expect(group.getByLabel('Dial-in details')).toHaveValue('Dial +1 555 0100');
    await expect(group.getByLabel('Time zone')).toHaveValue('America/Denver');
    await expect(
      dialog.getByRole('list', { name: 'Admin changes, newest first' }).getByRole('list', { name: 'Changes' }).getByRole('listitem'),
    ).toHaveText([
      'meeting times: (none) → Thursdays 6:30 PM (60 min)',
      'format: (empty) → Hybrid (in person and online)',
      'meeting link: (empty) → https://meet.example.org/admin',
      'dial-in details: (empty) → Dial +1 555 0100',
      'time zone: America/Chicago → America/Denver',
    ]);
  });
});

// Issue 30 item 22: a club page gave no address and no directions.
test.describe("the meeting place in the host's profile", () => {
  test('a host sets a meeting place, the club page shows it with directions, and a private one is shared after you ask', async ({
    page,
  }) => {
    // Verified, so that it has a page; in a state whose clubs no other test counts.
    const host = await signInAsNewHost(page, { city: 'Missoula', state: 'MT', zipCode: '59802' });
    await withDatabase((sql) => sql`update clubs set is_verified = true where id = ${host.clubId}`);
    await openProfile(page, host.clubId);
    await editProfile(page);

    const group = meetings(page);
    await expect(group.getByLabel('Meeting place')).toHaveCount(0);
    await group.getByLabel('Format').selectOption({ label: 'In person' });
    await group.getByLabel('Meeting place').fill('Missoula Public Library meeting room');
    await group.getByLabel('Street address').fill('455 E Main St');
    const privately = group.getByRole('checkbox', { name: 'Share the place only with people who ask to join' });
    await expect(privately).not.toBeChecked();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByText('Profile Updated')).toBeVisible();
    await expect(detail(page, 'Meeting Place')).toContainText('Missoula Public Library meeting room, 455 E Main St');

    const clubPage = clubPagePath({ id: host.clubId, clubName: host.clubName });
    await page.goto(clubPage);
    const place = page.locator('[data-meeting-place]');
    await expect(place.locator('dt')).toHaveText('Meeting place:');
    await expect(place.locator('dd')).toHaveText(
      'Missoula Public Library meeting room, 455 E Main St, Missoula, MT 59802 Directions (opens in a new tab)',
    );
    const directions = place.getByRole('link', { name: 'Directions (opens in a new tab)' });
    await expect(directions).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=455%20E%20Main%20St%2C%20Missoula%2C%20MT%2059802',
    );
    await expect(directions).toHaveAttribute('target', '_blank');

    await openProfile(page, host.clubId);
    await editProfile(page);
    await meetings(page).getByRole('checkbox', { name: 'Share the place only with people who ask to join' }).check();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByText('Profile Updated')).toBeVisible();
    await expect(detail(page, 'Meeting Place')).toContainText('Private: shared after visitors ask to join');

    // The page is cached for five minutes (public, max-age=300): a new address is a new page.
    await page.goto(`${clubPage}?after=private`);
    await expect(page.locator('[data-meeting-place] dd')).toHaveText('shared after you ask to join');
    await expect(page.getByText('Missoula Public Library')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Directions/ })).toHaveCount(0);
  });
});
