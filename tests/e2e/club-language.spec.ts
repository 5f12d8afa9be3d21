import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, toasts } from './fixtures.ts';
import { signInAsNewHost } from './hosts.ts';

// Issue 42, "People's language". The demo data's verified clubs meeting in Spanish (db/seed/demo-data.json): Alamo
// Heights and North Park in Spanish, Montrose and Sonoran Sunrise in English and Spanish; Riverbend meets in English.
const IN_SPANISH = ['Alamo Heights Hearth Circle', 'North Park Lantern Society', 'Montrose Morning Pages', 'Sonoran Sunrise Circle'];

const clubList = (page: Page) => page.getByRole('list', { name: 'Clubs' });
const card = (page: Page, name: string) => clubList(page).getByRole('listitem').filter({ hasText: name });
const languageFilter = (page: Page) => page.getByLabel('Language', { exact: true });
const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('the directory’s language filter', () => {
  test('a visitor chooses Spanish with the keyboard and finds the Spanish and bilingual clubs, in a URL they can share', async ({
    page,
  }) => {
    await page.goto('/flamekeeper-clubs');
    await expect(page.getByText(/recently registered clubs/)).toBeVisible();

    // From the Format filter, Tab reaches the language; the arrow keys choose, as on any select.
    await page.getByLabel('Format', { exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(languageFilter(page)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(languageFilter(page)).toHaveValue('es');
    await expect(page).toHaveURL(/\/flamekeeper-clubs\?language=es$/);

    for (const name of IN_SPANISH) await expect(card(page, name)).toBeVisible();
    await expect(clubList(page).getByText('Riverbend Flamekeepers')).toHaveCount(0);
    await expect(card(page, 'Alamo Heights Hearth Circle')).toContainText('Meets in Spanish (en español)');
    await expect(card(page, 'Montrose Morning Pages')).toContainText('Meets in English and Spanish');
    const listed = await clubList(page).getByRole('listitem').count();
    await expect(page.getByText(`Found ${listed} clubs meeting in Spanish`, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    // The address names the search: opened again (or by someone it was sent to), it shows the same clubs.
    await page.goto(page.url());
    await expect(languageFilter(page)).toHaveValue('es');
    for (const name of IN_SPANISH) await expect(card(page, name)).toBeVisible();

    // With a state: Texas's clubs in Spanish, then in Spanish and English both.
    await page.getByRole('searchbox', { name: 'Search clubs by state' }).fill('TX');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\?state=TX&language=es$/);
    await expect(page.getByText('Found 2 clubs in Texas meeting in Spanish', { exact: true })).toBeVisible();
    await languageFilter(page).selectOption({ label: 'English and Spanish' });
    await expect(page.getByText('Found 1 club in Texas meeting in English and Spanish', { exact: true })).toBeVisible();
    await expect(card(page, 'Montrose Morning Pages')).toBeVisible();

    // The club's dialog says the language too.
    await card(page, 'Montrose Morning Pages').getByRole('link').first().click();
    const dialog = page.getByRole('dialog', { name: 'Montrose Morning Pages' });
    await expect(dialog.locator('[data-meeting-language]')).toHaveText('English and Spanish');
    await expectNoAxeViolations(page);
  });

  test('counts the language among the folded filters on a 375 px screen, and fits it', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/flamekeeper-clubs?language=es&format=online');
    await expect(card(page, 'Sonoran Sunrise Circle')).toBeVisible();
    await expect(languageFilter(page)).toBeHidden();
    await page.getByRole('button', { name: 'Filters (2)' }).click();
    await expect(languageFilter(page)).toHaveValue('es');
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('the host’s choice of language', () => {
  test('a host says their club meets in English and Spanish, with the keyboard, and their profile keeps it', async ({ page }) => {
    const host = await signInAsNewHost(page, { city: 'Austin', state: 'TX', zipCode: '78704' });
    await page.goto(`/club-profile/${host.clubId}`);
    await page.locator('astro-island[component-url*="ClubProfile"]:not([ssr])').waitFor({ state: 'attached' });
    const languageOfMeetings = page.locator('dt', { hasText: /^Language of Meetings$/ }).locator('xpath=following-sibling::dd[1]');
    await expect(languageOfMeetings).toHaveText('English');

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const choice = page.getByRole('group', { name: 'When and how the club meets' }).getByLabel('Language of meetings');
    await expect(choice).toHaveValue('en');
    await choice.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(choice).toHaveValue('en-and-es');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByText('Profile Updated')).toBeVisible();
    await expect(languageOfMeetings).toHaveText('English and Spanish');

    await page.reload();
    await expect(languageOfMeetings).toHaveText('English and Spanish');
  });
});

test.describe('Find a Guide by language', () => {
  // The demo guides (db/seed/demo-data.json): Maya Castillo guides in English and Spanish (Pima County, AZ), Daniel
  // Okafor in English and Igbo, Theo Brennan in English only.
  test('works without JavaScript: the guides’ languages to choose from, and a place where none guides in one', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/guides');
    await page.getByLabel('Language', { exact: true }).selectOption('Spanish');
    await page.getByRole('button', { name: 'Find guides' }).click();
    await expect(page).toHaveURL(/\/guides\?place=&language=Spanish$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Guides in Spanish' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Maya Castillo' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Theo Brennan' })).toHaveCount(0);

    await page.getByRole('combobox', { name: 'ZIP code, city, county or state' }).fill('Tucson AZ');
    await page.getByLabel('Language', { exact: true }).selectOption('Igbo');
    await page.getByRole('button', { name: 'Find guides' }).click();
    await expect(page.getByText('No guide for Tucson, AZ guides in Igbo yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Show guides in any language' }).click();
    await expect(page.getByRole('heading', { name: 'Guides for Tucson, AZ' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Maya Castillo' })).toBeVisible();
    await context.close();
  });

  test('is accessible with a language chosen', async ({ page }) => {
    await page.goto('/guides?language=spanish');
    await expect(page.getByLabel('Language', { exact: true })).toHaveValue('Spanish');
    await expectNoAxeViolations(page);
  });
});
