import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { signInAsNewHost } from './hosts.ts';

// Issue 41 items 7 and 8 on a 375 px screen: the sessions on /account are named by their browser and system, and the
// page the browser lands on says an account has been deleted, once. The `request` fixture is a second browser of the same host.

const MAC_CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test.describe('the account page at 375 px', () => {
  test.beforeEach(({ page }) => page.setViewportSize({ width: 375, height: 800 }));

  test('names each signed-in session by its browser and system, this one marked, with when it signed in and was last used', async ({
    page,
    request,
  }) => {
    const host = await signInAsNewHost(page);
    const other = await request.post('/api/clubs/signin', {
      data: { email: host.email, password: host.password },
      headers: { 'user-agent': MAC_CHROME },
    });
    expect(other.status()).toBe(200);

    await page.goto('/account');
    const sessions = page.getByRole('region', { name: 'Signed-in sessions' }).getByRole('listitem');
    await expect(sessions).toHaveCount(2);
    const when = /Signed in [A-Z][a-z]{2} \d{1,2} · last used (just now|1 minute ago)/;
    const here = sessions.filter({ hasText: '· this browser' });
    await expect(here).toContainText(/^Chrome \d+ on [A-Za-z ]+ · this browser/);
    await expect(here).toContainText(when);
    const mac = sessions.filter({ hasText: 'Chrome 131 on macOS' });
    await expect(mac).toContainText(when);
    await expect(mac).not.toContainText('this browser');
    await expect(mac.getByRole('button', { name: 'End session' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
  });

  test('deleting the account leads to /account, which says so once', async ({ page }) => {
    const host = await signInAsNewHost(page);
    await page.goto('/account');
    await page.getByRole('region', { name: 'Your data' }).getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog.getByText('We send your email address one last email saying what was deleted and what was kept.')).toBeVisible();
    await dialog.getByLabel('Your current password').fill(host.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    await expect(page).toHaveURL(/\/account$/);
    const notice = page.getByRole('status').filter({ hasText: 'Your account has been deleted.' });
    await expect(notice).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);

    // Once: the page cleared its cookie, and the signed-out browser now gets the sign-in (status 401).
    const again = await page.request.get('/account');
    expect(again.status()).toBe(401);
    const html = await again.text();
    expect(html).toContain('Sign in to see your account');
    expect(html).not.toContain('Your account has been deleted.');
  });
});
