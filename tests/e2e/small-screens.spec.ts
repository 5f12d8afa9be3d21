import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInAsAdmin, test } from './fixtures.ts';
import { signInAsNewHost } from './hosts.ts';

// Issue 29 item 5: below md the header keeps the spec's single login or logout icon, so the footer carries the main
// links, and the directory's search comes before the HOST SET panel.

const footer = (page: Page) => page.getByRole('navigation', { name: 'Footer' });

/**
 * Follows the footer's link `name` from the page on screen and expects the page it leads to: its path and its
 * heading (any heading but the 404 page's when `heading` is not given).
 */
async function followFooterLink(page: Page, name: string, path: string | RegExp, heading?: string) {
  const link = footer(page).getByRole('link', { name, exact: true });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(path);
  const h1 = page.getByRole('heading', { level: 1 });
  if (heading) await expect(h1).toHaveText(heading);
  else await expect(h1).not.toHaveText(/Page Not Found|Club Not Found/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name })).toBeHidden();
}

test.describe('a 375 px screen @mobile', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('the header keeps one login icon, and the footer leads an anonymous visitor to every main page', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('navigation', { name: 'Main' });
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Clubs directory' })).toBeHidden();
    for (const name of ['My Club', 'My Licences', 'Account']) {
      await expect(footer(page).getByRole('link', { name, exact: true })).toBeHidden();
    }

    // Each from the footer of the page the previous one opened: every page carries them.
    await followFooterLink(page, 'Clubs directory', /\/flamekeeper-clubs$/, 'FlameKeeper Clubs');
    await followFooterLink(page, 'How It Works', /\/how-it-works$/, 'How It Works');
    await followFooterLink(page, 'Club Schedule', /\/club-schedule$/, 'Club Schedule');
    await followFooterLink(page, 'Find a Guide', /\/guides$/, 'Find a Guide');
    await expectNoAxeViolations(page);
  });

  test('a signed-in host finds My Club and Account in the footer, and the main pages still', async ({ page }) => {
    const host = await signInAsNewHost(page);
    await page.goto('/how-it-works');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(footer(page).getByRole('link', { name: 'My Club' })).toHaveAttribute('href', `/club-profile/${host.clubId}`);
    await expect(footer(page).getByRole('link', { name: 'My Licences' })).toBeHidden();
    await expectNoAxeViolations(page);

    await followFooterLink(page, 'My Club', `/club-profile/${host.clubId}`, host.clubName);
    await followFooterLink(page, 'Account', /\/account$/);
    await followFooterLink(page, 'Clubs directory', /\/flamekeeper-clubs$/, 'FlameKeeper Clubs');
    await followFooterLink(page, 'Club Schedule', /\/club-schedule$/, 'Club Schedule');
  });

  test('a signed-in guide finds My Licences and Account in the footer, and no My Club', async ({ page }) => {
    const register = await page.request.post('/api/guides/register', {
      data: {
        name: 'Robin Ash',
        email: `small.guide.${Date.now()}@example.com`,
        password: 'kindling-42',
        confirmPassword: 'kindling-42',
        phone: '',
      },
    });
    expect(register.status(), await register.text()).toBe(201);
    await page.goto('/club-schedule');
    await expect(footer(page).getByRole('link', { name: 'Account' })).toBeVisible();
    await expect(footer(page).getByRole('link', { name: 'My Club' })).toBeHidden();

    await followFooterLink(page, 'My Licences', /\/my-licences$/, 'My Licences');
    await followFooterLink(page, 'Account', /\/account$/);
  });

  test('the admin finds the admin pages in the footer, as the header lists them on a wide screen', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/');
    await expect(footer(page).getByRole('link', { name: 'Clubs directory' })).toBeHidden();
    await followFooterLink(page, 'Admin Clubs', /\/admin-clubs$/, 'Admin Clubs');
    await followFooterLink(page, 'Admin Notifications', /\/admin-notifications$/, 'Admin Notifications');
    await followFooterLink(page, 'Admin Licences', /\/admin-licences$/, 'Admin Licences');
    await followFooterLink(page, 'Admin Orders', /\/admin-orders$/, 'Admin Orders');
  });

  test("the directory's search is within the first screen, before the HOST SET panel", async ({ page }) => {
    await page.goto('/flamekeeper-clubs');
    const search = page.getByRole('searchbox', { name: 'Search clubs by state, city or ZIP code' });
    const box = (await search.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    const hostPanel = (await page.getByRole('heading', { level: 2, name: 'Host a FlameKeeper Club' }).boundingBox())!;
    expect(hostPanel.y).toBeGreaterThan(box.y);

    // Keyboard and screen-reader users meet the search before the panel too: the DOM has the order the eye sees.
    const searchFirst = await page.evaluate(() => {
      const input = document.getElementById('state-search')!;
      const panel = document.getElementById('host-heading')!;
      return Boolean(input.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(searchFirst).toBe(true);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);

    // The panel comes after the clubs list there; "Host a club" beside the heading leads to it.
    await page.getByRole('link', { name: 'Host a club' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Host a FlameKeeper Club' })).toBeInViewport();
  });
  // Issue 41 item 5: the price table was cut off inside a scroller that keyboard users could not reach.
  test("/become-guide's price table is a card per market, with no sideways scroller, and a table still for screen readers", async ({
    page,
  }) => {
    await page.goto('/become-guide');
    const table = page.getByRole('table', { name: 'Licence prices per year' });
    await expect(table.getByRole('row')).toHaveCount(4);
    // Each card shows the column names beside the values; the table's own headers stay for screen readers.
    const large = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Large markets' }) });
    await expect(large.getByText('Population', { exact: true })).toBeVisible();
    await expect(large.getByText('Price per year', { exact: true })).toBeVisible();
    await expect(large.getByRole('cell').last()).toContainText(/\$\d+–\$\d+/);
    const width = page.viewportSize()!.width;
    for (const cell of await table.getByRole('cell').all()) {
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }

    // No element is wider than the screen, and nothing scrolls sideways in a box of its own.
    const offenders = await page.evaluate(() =>
      [...document.body.querySelectorAll('*')].flatMap((element) => {
        const wide = element.getBoundingClientRect().width > window.innerWidth;
        const scroller = ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) && element.scrollWidth > element.clientWidth;
        return wide || scroller ? [element.outerHTML.slice(0, 120)] : [];
      }),
    );
    expect(offenders).toEqual([]);
    await expectNoAxeViolations(page);
  });
});

test.describe('a wide screen', () => {
  test("keeps the spec's directory layout, and the footer does not repeat the header's links", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/flamekeeper-clubs');
    const hostPanel = (await page.getByRole('heading', { level: 2, name: 'Host a FlameKeeper Club' }).boundingBox())!;
    const activeClubs = (await page.getByRole('heading', { level: 2, name: 'Active Clubs' }).boundingBox())!;
    expect(hostPanel.y).toBeLessThan(activeClubs.y);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clubs directory' })).toBeVisible();
    await expect(footer(page).getByRole('link', { name: 'Clubs directory' })).toBeHidden();
    await expect(footer(page).getByRole('link', { name: 'Find a Guide' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Host a club' })).toBeHidden();
  });
});
