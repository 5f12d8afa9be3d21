import { expect, expectNoAxeViolations, signInAsAdmin, test } from './fixtures.ts';

test.describe('site layout', () => {
  test('a visitor sees the header for anonymous visitors, the home page and the footer', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'FlameKeeper Clubs' })).toBeVisible();
    for (const name of ['Clubs directory', 'How It Works', 'Club Schedule', 'Login']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Admin Clubs' })).toBeHidden();
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join a Flamekeeper Club');
    await expect(page.getByRole('contentinfo')).toContainText(/© \d{4} FlameKeeper Clubs/);
    await expectNoAxeViolations(page);
  });

  // Issue 30: at 1280 px the admin pages' content started at x = 16 while the header's started at x = 80.
  test("the admin pages' title and content line up with the header at 1280 px", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsAdmin(page);
    for (const path of ['/admin-clubs', '/admin-notifications', '/admin-licences', '/admin-orders', '/admin-demand']) {
      await page.goto(path);
      const logo = await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FlameKeeper Clubs' }).boundingBox();
      const title = await page.getByRole('heading', { level: 1 }).boundingBox();
      const firstSection = await page.getByRole('main').locator('h2').first().boundingBox();
      expect(Math.round(title!.x), path).toBe(Math.round(logo!.x));
      expect(Math.round(firstSection!.x), path).toBeGreaterThanOrEqual(Math.round(logo!.x));
      expect(Math.round(firstSection!.x), path).toBeLessThanOrEqual(Math.round(logo!.x) + 40);
    }
  });

  test('the admin sees Admin Clubs, Admin Notifications and Logout, and Logout signs out to the home page', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Admin Clubs' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Admin Notifications' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeHidden();

    await nav.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('on a small screen the header holds only the login icon button @mobile', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    // The footer carries the main links there (tests/e2e/small-screens.spec.ts).
    await expect(nav.getByRole('link', { name: 'Clubs directory' })).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('unknown pages', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('show the Page Not Found screen with a way back', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(/Page Not Found/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
