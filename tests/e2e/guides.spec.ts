import postgres from 'postgres';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { readE2EState } from '../support/e2e-state.ts';
import { expect, expectNoAxeViolations, test, waitForIslands } from './fixtures.ts';

// Find a Guide (issue 27) on the demo data (db/seed/demo-data.json): Maya Castillo holds Pima County, AZ exclusively,
// where the Tucson demo club meets at ZIP code 85719.
const GUIDE = 'Maya Castillo';
const ZIP = '85719';

let tucsonClub: { id: number; clubName: string };
let guidePath: string;

test.beforeAll(async ({ request }) => {
  const sql = postgres(readE2EState().databaseUrl, { max: 1, onnotice: () => {} });
  try {
    [tucsonClub] = await sql<{ id: number; clubName: string }[]>`
      select id, club_name as "clubName" from clubs where zip_code = ${ZIP} and is_verified limit 1`;
  } finally {
    await sql.end();
  }
  const found = await (await request.get(`/api/guides?place=${ZIP}`)).json();
  guidePath = found.guides[0].path;
});

test.describe('Find a Guide', () => {
  test('a visitor finds the guide of a ZIP code and opens the guide’s page', async ({ page }) => {
    await page.goto('/guides');
    await expect(page.getByRole('heading', { level: 1, name: 'Find a Guide' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Arizona' })).toBeVisible();

    const box = page.getByRole('combobox', { name: 'ZIP code, city, county or state' });
    await box.pressSequentially(ZIP);
    await expect(page.getByRole('option', { name: new RegExp(`^${ZIP} · Tucson, AZ`) })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/guides\?place=85719/);
    await expect(page.getByRole('heading', { level: 2, name: `Guides for ${ZIP} · Tucson, AZ` })).toBeVisible();
    await page.getByRole('link', { name: GUIDE }).click();

    await expect(page).toHaveURL(new RegExp(`${guidePath}$`));
    await expect(page.getByRole('heading', { level: 1, name: GUIDE })).toBeVisible();
    await expect(page.getByText('Certified guide since September 2025')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Areas Maya guides' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Map: Pima County, AZ' })).toBeVisible();
    await expect(page.getByRole('link', { name: tucsonClub.clubName })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Message Maya' })).toBeVisible();
  });

  test('works without JavaScript, and says when nobody holds a place yet', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/guides');
    await page.getByRole('combobox', { name: 'ZIP code, city, county or state' }).fill('Tucson AZ');
    await page.getByRole('button', { name: 'Find guides' }).click();
    await expect(page.getByRole('heading', { name: 'Guides for Tucson, AZ' })).toBeVisible();
    await expect(page.getByRole('link', { name: GUIDE })).toBeVisible();

    await page.goto('/guides?place=Wyoming');
    await expect(page.getByText('No guide holds Wyoming yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Reserve Wyoming' })).toHaveAttribute('href', '/area-search?area=state-WY');
    await context.close();
  });

  test('a state lists the guides of its counties under each county, and offers no reserve there', async ({ page }) => {
    // Daniel Okafor holds Los Angeles County, CA (shared) in the demo data; nobody holds California itself.
    await page.goto('/guides?place=California');
    await expect(page.getByRole('heading', { level: 2, name: 'Guides for California' })).toBeVisible();
    const county = page.getByRole('region', { name: 'Los Angeles County, CA' });
    await expect(county.getByRole('heading', { level: 3, name: 'Los Angeles County, CA' })).toBeVisible();
    await expect(county.getByRole('heading', { level: 4, name: 'Daniel Okafor' })).toBeVisible();
    await expect(page.getByText('No guide holds California yet.')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Reserve / })).toHaveCount(0);
  });

  test('the club page and dialog name the area’s guide', async ({ page }) => {
    await page.goto(clubPagePath(tucsonClub));
    await expect(page.getByText('Guide for this area:')).toBeVisible();
    await page.getByRole('link', { name: GUIDE }).click();
    await expect(page.getByRole('heading', { level: 1, name: GUIDE })).toBeVisible();

    await page.goto(`/flamekeeper-clubs?club=${tucsonClub.id}`);
    const dialog = page.getByRole('dialog', { name: tucsonClub.clubName });
    await expect(dialog.getByRole('link', { name: GUIDE })).toHaveAttribute('href', guidePath);
  });

  test('a directory search names the guides near the place searched', async ({ page }) => {
    await page.goto('/flamekeeper-clubs?state=Tucson%2C%20AZ');
    await expect(page.getByText('Guides near Tucson, AZ:')).toBeVisible();
    await expect(page.getByRole('link', { name: GUIDE })).toHaveAttribute('href', guidePath);
  });
});

for (const width of [1280, 375]) {
  test(`Find a Guide and a guide's page are accessible at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/guides', `/guides?place=${ZIP}`, '/guides?place=California', '/guides?place=Wyoming', guidePath]) {
      // Scrolled to the foot first, so that every lazy part of the page is drawn before it is checked.
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await page.waitForLoadState('load');
      await page.locator('footer').scrollIntoViewIfNeeded();
      await waitForIslands(page);
      await expectNoAxeViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBe(0);
    }
  });
}
