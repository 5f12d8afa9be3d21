import { expect, expectNoAxeViolations, signInAsAdmin, test, toasts, waitForIslands } from './fixtures.ts';

test('the admin chooses a daily digest on /admin-notifications, sees the toast, and the choice survives a reload', async ({ page }) => {
  const sender = `Setting Visitor ${Date.now()}`;
  const sent = await page.request.post('/api/contact-requests', {
    data: { name: sender, email: 'visitor@example.com', phone: '5550001111', coachName: 'Coach Ames', message: 'Is there a club near me?' },
  });
  expect(sent.status()).toBe(201);
  await signInAsAdmin(page);
  await page.goto('/admin-notifications');
  // The notification the message made is listed, linking to the page that acts on it.
  await expect(
    page
      .getByRole('region', { name: 'Recent notifications' })
      .getByRole('link', { name: new RegExp(`New visitor question from ${sender}`) }),
  ).toHaveAttribute('href', '/admin-notifications');
  await waitForIslands(page);
  // Issue 30: the recent notifications said UTC while the questions said local time. Both say the admin's own.
  const times = page.getByRole('main').locator('time');
  expect(await times.count()).toBeGreaterThan(1);
  await expect(page.getByRole('main').locator('time', { hasText: 'UTC' })).toHaveCount(0);
  const setting = page.getByRole('region', { name: 'Your notification emails' });
  await expect(setting.getByText("You use the site's default: an email for each.")).toBeVisible();
  await expect(setting.getByRole('radio', { name: /^An email for each \(site default\)/ })).toBeChecked();
  await expectNoAxeViolations(page);

  await setting.getByRole('radio', { name: /^A daily digest/ }).check();
  await setting.getByRole('button', { name: 'Save setting' }).click();
  await expect(toasts(page).getByText('Notification setting saved')).toBeVisible();
  await expect(setting.getByText('Your choice: a daily digest.')).toBeVisible();

  await page.reload();
  await waitForIslands(page);
  await expect(setting.getByRole('radio', { name: /^A daily digest/ })).toBeChecked();
  await expect(setting.getByText('Your choice: a daily digest.')).toBeVisible();
  await expectNoAxeViolations(page);

  // Back to an email for each, which the other specs' admin takes.
  await setting.getByRole('radio', { name: /^An email for each/ }).check();
  await setting.getByRole('button', { name: 'Save setting' }).click();
  await expect(setting.getByText('Your choice: an email for each.')).toBeVisible();
});
