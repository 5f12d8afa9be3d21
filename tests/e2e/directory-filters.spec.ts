import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

// The demo data's verified clubs meeting on Tuesday evenings (db/seed/demo-data.json), in their own time zones, and
// the Tuesday clubs the filter must leave out: Sonoran Sunrise meets Tuesday mornings, East Nashville Embers Tuesday
// mornings and Wednesday evenings; White Rock Lake Readers is pending. Other specs may add clubs, so the count is
// checked against the cards listed.
const TUESDAY_EVENINGS = [
  'Riverbend Flamekeepers',
  'Blue Ridge Reading Circle',
  'Fremont Lantern Circle',
  'Lake Champlain Lamplight Circle',
];
const NOT_TUESDAY_EVENINGS = ['Sonoran Sunrise Circle', 'East Nashville Embers', 'White Rock Lake Readers', 'Alamo Heights Hearth Circle'];

// The visitor is in New York: Riverbend meets at 7:00 PM in Austin, which is 8:00 PM here.
test.use({ timezoneId: 'America/New_York' });

const clubList = (page: Page) => page.getByRole('list', { name: 'Clubs' });
const card = (page: Page, name: string) => clubList(page).getByRole('listitem').filter({ hasText: name });
const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function expectTuesdayEvenings(page: Page) {
  for (const name of TUESDAY_EVENINGS) await expect(card(page, name)).toBeVisible();
  for (const name of NOT_TUESDAY_EVENINGS) await expect(clubList(page).getByText(name)).toHaveCount(0);
  const listed = await clubList(page).getByRole('listitem').count();
  expect(listed).toBeGreaterThanOrEqual(TUESDAY_EVENINGS.length);
  await expect(page.getByText(`Found ${listed} clubs meeting on Tuesday evenings`, { exact: true })).toBeVisible();
}

test.describe('directory meeting filters', () => {
  test('filter by Tuesday and evening, keep the filters in the URL across a reload and a search, then clear', async ({ page }) => {
    await page.goto('/flamekeeper-clubs');
    await expect(page.getByText(/recently registered clubs/)).toBeVisible();

    await page.getByLabel('Day', { exact: true }).selectOption({ label: 'Tuesday' });
    await page.getByLabel('Time of day').selectOption({ label: 'Evening (from 5 PM)' });
    await expect(page).toHaveURL(/\/flamekeeper-clubs\?day=tuesday&time=evening$/);
    await expectTuesdayEvenings(page);
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(page.getByLabel('Day', { exact: true })).toHaveValue('tuesday');
    await expect(page.getByLabel('Time of day')).toHaveValue('evening');
    await expect(page.getByLabel('Format')).toHaveValue('');
    await expectTuesdayEvenings(page);

    // With a state search: Texas's one Tuesday evening club.
    await page.getByRole('searchbox', { name: 'Search clubs by state' }).fill('TX');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('Found 1 club in Texas meeting on Tuesday evenings', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\?state=TX&day=tuesday&time=evening$/);
    await expect(card(page, 'Riverbend Flamekeepers')).toBeVisible();

    // A format narrows the search on screen; online keeps hybrid clubs.
    await page.getByLabel('Format').selectOption({ label: 'Online' });
    await expect(
      page.getByText('No clubs found in Texas meeting on Tuesday evenings online. Try another day, time of day, format or language.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\?state=TX&day=tuesday&time=evening&format=online$/);

    // Back and forward restore each step.
    await page.goBack();
    await expect(page.getByText('Found 1 club in Texas meeting on Tuesday evenings', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Format')).toHaveValue('');
    await page.goBack();
    await expectTuesdayEvenings(page);
    await expect(page.getByRole('searchbox', { name: 'Search clubs by state' })).toHaveValue('');
    await page.goForward();
    await expect(page.getByText('Found 1 club in Texas meeting on Tuesday evenings', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page).toHaveURL(/\/flamekeeper-clubs$/);
    await expect(page.getByText(/recently registered clubs/)).toBeVisible();
    for (const label of ['Day', 'Time of day', 'Format', 'Language']) await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
    await expect(page.getByRole('searchbox', { name: 'Search clubs by state' })).toHaveValue('');
  });

  test('a card shows the next session in the club’s time zone, the visitor’s beside it, and the format; the dialog links to the club’s page', async ({
    page,
  }) => {
    await page.goto('/flamekeeper-clubs?day=tuesday&time=evening');
    const riverbend = card(page, 'Riverbend Flamekeepers');
    await expect(riverbend).toContainText(/Next: Tue, [A-Z][a-z]{2} \d{1,2}, 7:00 PM C[SD]T · 8:00 PM your time/);
    await expect(riverbend).toContainText('In person');
    await expect(card(page, 'Blue Ridge Reading Circle')).toContainText('Hybrid (in person and online)');

    await riverbend.getByRole('link').first().click();
    const dialog = page.getByRole('dialog', { name: 'Riverbend Flamekeepers' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\?day=tuesday&time=evening&club=\d+$/);
    await expect(dialog).toContainText(/Next: Tue, [A-Z][a-z]{2} \d{1,2}, 7:00 PM C[SD]T · 8:00 PM your time/);
    const clubId = new URL(page.url()).searchParams.get('club');
    await expect(dialog.getByRole('link', { name: "Open the club's page" })).toHaveAttribute(
      'href',
      `/flamekeeper-clubs/${clubId}-riverbend-flamekeepers`,
    );
    await expectNoAxeViolations(page);

    // Closing keeps the filtered results; ?club=ID alone still opens the dialog.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\?day=tuesday&time=evening$/);
    await expectTuesdayEvenings(page);
    await page.goto(`/flamekeeper-clubs?club=${clubId}`);
    await expect(page.getByRole('dialog', { name: 'Riverbend Flamekeepers' })).toBeVisible();
  });

  test('filters alone combine with a format, and fit a 375 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/flamekeeper-clubs?day=tuesday&format=online');
    // Online clubs and hybrid ones (Blue Ridge) on Tuesdays, at any time; Riverbend meets in person only.
    for (const name of ['Fremont Lantern Circle', 'Blue Ridge Reading Circle', 'Sonoran Sunrise Circle', 'East Nashville Embers']) {
      await expect(card(page, name)).toBeVisible();
    }
    await expect(clubList(page).getByText('Riverbend Flamekeepers')).toHaveCount(0);
    await expect(page.getByText(/^Found \d+ clubs meeting on Tuesdays online$/)).toBeVisible();
    // Below 768 px the filters fold behind a button that counts those chosen (issue 41, item 4).
    for (const label of ['Day', 'Time of day', 'Format']) await expect(page.getByLabel(label, { exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Filters (2)' }).click();
    for (const label of ['Day', 'Time of day', 'Format']) await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('meeting filters with Near me', () => {
  // 78704, Austin: Riverbend meets there on Tuesday evenings; Alamo Heights, 75 mi away in San Antonio, on Saturday mornings.
  test.use({ geolocation: { latitude: 30.2428, longitude: -97.7658 }, permissions: ['geolocation'] });

  test('narrow the clubs around the visitor, the position still out of the URL', async ({ page }) => {
    await page.goto('/flamekeeper-clubs');
    await expect(page.getByText(/recently registered clubs/)).toBeVisible();
    await page.getByRole('button', { name: 'Near me' }).click();
    await page.getByRole('combobox', { name: 'Distance' }).selectOption('100');
    await expect(card(page, 'Riverbend Flamekeepers')).toBeVisible();

    await page.getByLabel('Day', { exact: true }).selectOption({ label: 'Saturday' });
    await expect(page.getByText('Found 1 club within 100 mi of your location meeting on Saturdays', { exact: true })).toBeVisible();
    await expect(card(page, 'Alamo Heights Hearth Circle')).toContainText('mi away');
    await expect(page).toHaveURL(/\/flamekeeper-clubs\?day=saturday$/);
    expect(page.url()).not.toMatch(/lat|lng/);
  });
});
