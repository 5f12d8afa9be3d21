import type { Page } from '@playwright/test';
import { withDatabase } from './database.ts';
import { expect, expectNoAxeViolations, signInAsAdmin, test, waitForIslands } from './fixtures.ts';

// Where clubs are wanted (issue 39) in a real browser: a state's counties ranked by demand, a county's area card, and
// the map that leads to them. No other spec searches or licenses anything in Montana: Yellowstone County (FIPS 30111)
// holds the ZIP codes below, none with a club near it.

const YELLOWSTONE_ZIPS = ['59002', '59006', '59015', '59024', '59037', '59044', '59079'];

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Seven searches that find no club, each of another ZIP code of the county (this browser is one client, counted once
 * per place and day: a retry adds none), and 27 people waiting, as the alerts would record them.
 */
async function wantedInYellowstone(page: Page) {
  for (const zip of YELLOWSTONE_ZIPS) {
    const response = await page.request.get(`/api/clubs/search?state=${zip}&radius=10`);
    expect(await response.json()).toEqual([]);
  }
  await withDatabase(async (sql) => {
    for (const [kind, code] of [
      ['zip', '59101'],
      ['county', '30111'],
      ['state', 'MT'],
    ]) {
      await sql`
        insert into demand_areas (area_kind, area_code, waiting) values (${kind}::area_kind, ${code}, 27)
        on conflict (area_kind, area_code) do update set waiting = 27`;
    }
  });
}

test.describe('where clubs are wanted', () => {
  for (const width of [1280, 375]) {
    test(`/wanted/mt ranks Yellowstone County first and its area card shows the rounded counts at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await wantedInYellowstone(page);

      await page.goto('/wanted/mt');
      await expect(page.getByRole('heading', { level: 1, name: 'Where clubs are wanted in Montana' })).toBeVisible();
      const table = page.getByRole('table', { name: 'Counties of Montana, most wanted first' });
      const first = table.locator('tbody tr').first();
      await expect(first.getByRole('rowheader')).toHaveText('Yellowstone County');
      await expect(first.getByRole('cell')).toHaveText(['25', '5']);
      await expect(table.locator('tbody tr').nth(1).getByRole('cell')).toHaveText(['fewer than 5', 'fewer than 5']);
      expect(await horizontalOverflow(page)).toBe(0);
      await expectNoAxeViolations(page);

      await first.getByRole('link', { name: 'Yellowstone County' }).click();
      await expect(page).toHaveURL(/\/area-search\?area=county-30111$/);
      const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Yellowstone County' }) });
      await expect(card.getByTestId('area-demand')).toHaveText(
        /^People waiting for a club here: 25\s*·\s*Searches that found no club in the last 90 days: 5$/,
      );
      expect(await horizontalOverflow(page)).toBe(0);
      await expectNoAxeViolations(page);
    });
  }

  test('the map of /become-guide and /club-registration leads each state to its counties', async ({ page }) => {
    await wantedInYellowstone(page);
    for (const path of ['/become-guide', '/club-registration']) {
      await page.goto(path);
      const section = page.getByRole('region', { name: 'Where clubs are wanted' });
      // /become-guide is prerendered: its counts arrive as a server island, replacing the uncounted map.
      const montana = section.getByRole('link', { name: 'Montana: 25 people waiting' }).first();
      await expect(montana).toBeAttached();
      await expect(section.getByRole('link', { name: 'Wyoming: fewer than 5 people waiting' }).first()).toBeAttached();
      await expectNoAxeViolations(page);
    }
    // Only before a code is entered: the wizard's next step (here, signing in) leaves the map behind.
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Sign in to manage your club' }).click();
    await expect(page.getByRole('region', { name: 'Where clubs are wanted' })).toBeHidden();

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/become-guide');
    const section = page.getByRole('region', { name: 'Where clubs are wanted' });
    await section.getByText('The states as a list').click();
    expect(await horizontalOverflow(page)).toBe(0);
    await section.getByTestId('wanted-states').getByRole('link', { name: 'Montana: 25 people waiting' }).click();
    await expect(page).toHaveURL(/\/wanted\/mt$/);
    expect(await horizontalOverflow(page)).toBe(0);
  });

  test('the admin sorts /admin-demand by a column, filters it by state, and exports it, at 375 px', async ({ page }) => {
    await wantedInYellowstone(page);
    await signInAsAdmin(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/admin-demand?state=MT');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Demand' })).toBeVisible();
    const counties = page.getByTestId('admin-demand-counties');
    await expect(counties.locator('tbody tr').first().getByRole('rowheader')).toHaveText('Yellowstone County, MT');
    await expect(counties.locator('tbody tr').first().getByRole('cell').nth(1)).toHaveText('27');
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/export/demand.csv?state=MT&sort=waiting',
    );
    expect(await horizontalOverflow(page)).toBe(0);
    await expectNoAxeViolations(page);

    await counties.getByRole('link', { name: 'Listed clubs' }).click();
    await expect(page).toHaveURL(/\/admin-demand\?state=MT&sort=listedClubs$/);
    await expect(page.getByTestId('admin-demand-counties').getByRole('columnheader', { name: 'Listed clubs' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await page.getByLabel('Counties of', { exact: true }).selectOption('WY');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Counties of Wyoming' })).toBeVisible();
  });
});
