import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { confirmEmailOf, confirmationPathFor, emailsTo } from './hosts.ts';

// Issue 37 F0, as the owner of an account meets it: someone signed in to their account asks to change its email; the
// notice to the current address carries "This wasn't me", which cancels the change, signs every browser out and leads
// to a new password, with which the owner signs in again with their own address.

const PASSWORD = 'kindling-42';

/** A new guide account through the API, its email confirmed, signed in in the page's browser. */
async function registerConfirmedGuide(page: Page) {
  const email = `owner.${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
  const response = await page.request.post('/api/guides/register', {
    data: { name: 'Jordan Ember', email, password: PASSWORD, confirmPassword: PASSWORD, phone: '' },
  });
  expect(response.status(), await response.text()).toBe(201);
  await confirmEmailOf(page, email);
  return email;
}

/** The path of the "This wasn't me" link the notice to `address` carries, once the worker has sent it. */
async function cancelPathFor(address: string): Promise<string> {
  const latest = () =>
    emailsTo(address)
      .flatMap((mail) =>
        [...mail.matchAll(/https?:\/\/[^/\s]+(\/cancel-email-change\?token=[A-Za-z0-9_-]{43})/g)].map((match) => match[1]!),
      )
      .at(-1);
  await expect.poll(latest).toBeTruthy();
  return latest()!;
}

test('the old address\'s "This wasn\'t me" cancels an email change, signs every browser out and restores the account', async ({
  page,
  request,
}) => {
  const email = await registerConfirmedGuide(page);
  // The `request` fixture is another browser signed in to the account: the one that asked for the change, say.
  expect((await request.post('/api/guides/signin', { data: { email, password: PASSWORD } })).status()).toBe(200);
  expect((await request.get('/api/auth/user')).status()).toBe(200);

  const newEmail = `taker.${Date.now()}@example.net`;
  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Email' });
  await card.getByLabel('New email').fill(newEmail);
  await card.getByLabel('Current password').fill(PASSWORD);
  await card.getByRole('button', { name: 'Change email' }).click();
  await expect(card.getByText(`Waiting for confirmation of ${newEmail}`)).toBeVisible();

  const noticeSent = () => emailsTo(email).some((mail) => mail.includes('Subject: Your sign-in email is being changed to t***@e***.net'));
  await expect.poll(noticeSent).toBe(true);
  await page.goto(await cancelPathFor(email));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cancel the change of your sign-in email?');
  await expect(page.getByText('t***@e***.net')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: "This wasn't me" }).click();

  await expect(page).toHaveURL(/\/reset-password\?token=[A-Za-z0-9_-]{43}&from=email-change$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
  await expect(page.getByRole('status').filter({ hasText: 'The change of your email is cancelled' })).toBeVisible();
  await expectNoAxeViolations(page);
  // Every browser is signed out, the one that asked for the change too.
  expect((await request.get('/api/auth/user')).status()).toBe(401);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  await page.getByLabel('New Password', { exact: true }).fill('my-own-hearth-8');
  await page.getByLabel('Confirm New Password').fill('my-own-hearth-8');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText(/Your password has been changed/)).toBeVisible();

  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/my-licences$/);
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password').fill('my-own-hearth-8');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('region', { name: 'Your public profile' })).toBeVisible();

  // The change's own link, sent to the other address, no longer works and says why.
  await page.goto(await confirmationPathFor(newEmail));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This email change was cancelled');
  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Email' }).getByText(email, { exact: true })).toBeVisible();
});
