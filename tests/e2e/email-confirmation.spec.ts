import { expect, expectNoAxeViolations, test, toasts } from './fixtures.ts';
import { confirmationPathFor, signInAsNewHost } from './hosts.ts';

// Issue 29 item 4: a new host's club profile says the email is unconfirmed, with "Send the link again", until the
// emailed link is used; the link's page brings the host back to the profile, which then says it is confirmed.

test('a new host confirms their email from the club profile notice', async ({ page }) => {
  const host = await signInAsNewHost(page);
  await page.goto(`/club-profile/${host.clubId}`);
  await page.locator('astro-island[component-url*="ClubProfile"]:not([ssr])').waitFor({ state: 'attached' });
  const notice = page.getByRole('region', { name: 'Please confirm your email address' });
  await expect(notice).toContainText(host.email);
  await expectNoAxeViolations(page);

  await notice.getByRole('button', { name: 'Send the link again' }).click();
  await expect(notice.getByRole('status')).toHaveText(`A new link is on its way to ${host.email}.`);
  await expect(toasts(page)).toContainText('Link sent');

  await page.goto(await confirmationPathFor(host.email));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your email address');
  await expect(page.getByText('You will then be taken back to your club profile.')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm my email' }).click();

  await expect(page).toHaveURL(new RegExp(`/club-profile/${host.clubId}$`));
  await expect(page.getByRole('status').filter({ hasText: 'Your email address is confirmed.' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Club Profile' })).toBeVisible();
  await expect(page.getByText('Your email address is confirmed.')).toHaveCount(0);
  await expect(notice).toHaveCount(0);
});
