import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { withDatabase } from './database.ts';
import { emailsTo, registerGuide, resetPathFor, signInAsNewHost } from './hosts.ts';

// Issue 29, "One account, whatever the role", as a person meets it: a guide resets a forgotten password from
// /my-licences; a person who is host and guide signs in on the guide form and reaches both their places; /account
// changes the password and signs the other browsers out.

const signInForm = (page: Page) => page.getByRole('form', { name: 'Sign in' });

test('a guide who forgot the password resets it from /my-licences and signs in with the new one', async ({ page }) => {
  const guide = await registerGuide(page);
  await page.context().clearCookies();

  await page.goto('/my-licences');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(guide.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText(/If an account exists for that email/)).toBeVisible();

  const resetPath = await resetPathFor(guide.email);
  await page.goto(resetPath);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('New Password', { exact: true }).fill('fresh-kindling');
  await page.getByLabel('Confirm New Password').fill('fresh-kindling');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText(/Your password has been changed/)).toBeVisible();
  await expect.poll(() => emailsTo(guide.email).some((mail) => mail.includes('Subject: Your password was changed'))).toBe(true);

  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/my-licences$/);
  await signInForm(page).getByLabel('Email').fill(guide.email);
  await signInForm(page).getByLabel('Password').fill('fresh-kindling');
  await signInForm(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('region', { name: 'Your public profile' })).toBeVisible();

  // The link is spent: opened again, it says so before anything is typed.
  await page.goto(resetPath);
  await expect(page.getByRole('heading', { name: 'This reset link has already been used' })).toBeVisible();
  await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
});

test('a person who is host and guide signs in on the guide form and reaches both places', async ({ page }) => {
  const host = await signInAsNewHost(page);
  await withDatabase((sql) => sql`insert into guides (user_id, name) select owner_id, host_name from clubs where id = ${host.clubId}`);
  await page.context().clearCookies();

  await page.goto('/my-licences');
  await signInForm(page).getByLabel('Email').fill(host.email);
  await signInForm(page).getByLabel('Password').fill(host.password);
  await signInForm(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`/club-profile/${host.clubId}$`));

  const header = page.getByRole('navigation', { name: 'Main' });
  await expect(header.getByRole('link', { name: 'My Club' })).toHaveAttribute('href', `/club-profile/${host.clubId}`);
  await header.getByRole('link', { name: 'My Licences' }).click();
  await expect(page).toHaveURL(/\/my-licences$/);
  await expect(page.getByRole('region', { name: 'Your public profile' })).toBeVisible();
  await expect(signInForm(page)).toHaveCount(0);
});

test.describe('/account', () => {
  // The wrong current password's refusal.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('changes the password and signs the other browser out', async ({ page, request }) => {
    const host = await signInAsNewHost(page);
    // The `request` fixture is a second browser of the same host.
    expect((await request.post('/api/clubs/signin', { data: { email: host.email, password: host.password } })).status()).toBe(200);

    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    const sessions = page.getByRole('region', { name: 'Signed-in sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('region', { name: 'Your details' }).getByLabel('Name')).toHaveValue('Robin Vale');
    await expectNoAxeViolations(page);

    const password = page.getByRole('region', { name: 'Password' });
    await password.getByLabel('Current Password').fill('not-my-password');
    await password.getByLabel('New Password', { exact: true }).fill('ember-glow-77');
    await password.getByLabel('Confirm New Password').fill('ember-glow-77');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByText('Your current password is not correct.')).toBeVisible();
    expect((await request.get('/api/auth/user')).status()).toBe(200);

    await password.getByLabel('Current Password').fill(host.password);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(password.getByRole('status')).toContainText('Your password has been changed');
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    expect((await request.get('/api/auth/user')).status()).toBe(401);
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
    await expectNoAxeViolations(page);
  });

  test('downloads the data, and deleting the account takes its club out of the directory', async ({ page }) => {
    const host = await signInAsNewHost(page, { city: 'Cheyenne', state: 'WY', zipCode: '82001' });
    await withDatabase((sql) => sql`update clubs set is_verified = true where id = ${host.clubId}`);
    const directoryList = page.getByRole('list', { name: 'Clubs' });
    await page.goto('/flamekeeper-clubs?state=WY');
    await expect(directoryList.getByText(host.clubName)).toBeVisible();

    await page.goto('/account');
    const card = page.getByRole('region', { name: 'Your data' });
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^flamekeeper-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await fs.readFile((await file.path())!, 'utf8')) as { account: { email: string }; club: { clubName: string } };
    expect(data.account.email).toBe(host.email);
    expect(data.club.clubName).toBe(host.clubName);

    await card.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    // A host holding no licence is told what happens to the club, and nothing of licences (issue 41, item 19).
    await expect(dialog.getByText(/^Your club leaves the directory/)).toBeVisible();
    await expect(dialog.getByText(/licences you hold are released/)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Your current password').fill(host.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    // The page was /account already: the deletion is done when the page says so, not before (leaving it earlier
    // abandons the request).
    await expect(page.getByRole('status').filter({ hasText: 'Your account has been deleted.' })).toBeVisible();
    await expect(page).toHaveURL(/\/account$/);

    await page.goto('/flamekeeper-clubs?state=WY');
    await expect(page.getByText(/No clubs found for "WY"|clubs? in Wyoming/)).toBeVisible();
    await expect(page.getByText(host.clubName)).toHaveCount(0);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });
});
