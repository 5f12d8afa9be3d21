import { E2E_ADMIN } from '../support/e2e-admin.ts';
import { expect, expectNoAxeViolations, signInAsAdmin, test, toasts } from './fixtures.ts';
import { emailsTo, signInAsNewHost } from './hosts.ts';

test.describe('admin login', () => {
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test('asks for both fields, hides the password until asked, and refuses wrong credentials', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Login');
    await expect(page.getByText('Admin access only')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in to manage your club' })).toHaveAttribute('href', '/club-registration?signin=true');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email or username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    const password = page.getByLabel('Password', { exact: true });
    await password.fill('a secret');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    await page.getByLabel('Email or Username').fill(E2E_ADMIN.email);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toasts(page).getByText('Login Failed')).toBeVisible();
    await expect(toasts(page).getByText('Invalid credentials')).toBeVisible();
  });

  // Issue 41 item 19: the admin's sign-in has a "Forgot password?" that works for the admin, from the keyboard.
  test('"Forgot password?" on /login emails the admin a reset link, from the keyboard', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByRole('link', { name: 'admin sign-in' })).toHaveAttribute('href', '/login');
    const before = emailsTo(E2E_ADMIN.email).filter((mail) => mail.includes('reset-password?token=')).length;
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'If an account exists for that email' })).toBeVisible();
    await expectNoAxeViolations(page);
    await expect.poll(() => emailsTo(E2E_ADMIN.email).filter((mail) => mail.includes('reset-password?token=')).length).toBe(before + 1);
  });

  test('signs the admin in by username and opens Admin Clubs', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email or Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin-clubs$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Notifications' })).toBeVisible();
  });
});

test.describe('club management on the profile page', () => {
  test('the admin verifies, sets yearly and lifetime membership, and unverifies a host club', async ({ page, browser }) => {
    const hostContext = await browser.newContext();
    const host = await signInAsNewHost(await hostContext.newPage());
    await hostContext.close();

    await signInAsAdmin(page);
    await page.goto(`/club-profile/${host.clubId}`);
    const card = page.getByRole('region', { name: 'Club Management' });
    await expect(card).toBeVisible();
    await expect(page.getByRole('link', { name: 'Manage All Clubs' })).toHaveAttribute('href', '/admin-clubs');
    await expectNoAxeViolations(page);

    await card.getByRole('button', { name: 'Verify Club' }).click();
    await expect(toasts(page).getByText('Club verified successfully')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Unverify Club' })).toBeVisible();

    await card.getByRole('button', { name: 'Set Yearly Renewal' }).click();
    await expect(toasts(page).getByText('Yearly renewal set successfully')).toBeVisible();
    await expect(page.getByText('Yearly Membership').first()).toBeVisible();

    await card.getByRole('button', { name: 'Set Lifetime Membership' }).click();
    await expect(toasts(page).getByText('Lifetime membership set successfully')).toBeVisible();
    await expect(page.getByText('Lifetime Membership').first()).toBeVisible();

    await card.getByRole('button', { name: 'Unverify Club' }).click();
    // As on Admin Clubs, the confirmation asks for the reason the host's email quotes.
    const confirm = page.getByRole('dialog', { name: /^Unverify .+\?$/ });
    await confirm.getByLabel('Reason for the host (optional)').fill('Your meeting place is listed as closed.');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Unverify' }).click();
    await expect(toasts(page).getByText('Club unverified successfully')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Verify Club' })).toBeVisible();
    await expect.poll(() => emailsTo(host.email).some((mail) => mail.includes('Your meeting place is listed as closed.'))).toBe(true);
  });

  test('a host sees no Club Management card on their own profile', async ({ page }) => {
    const host = await signInAsNewHost(page);
    await page.goto(`/club-profile/${host.clubId}`);
    await expect(page.getByRole('heading', { name: 'Club Status' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Club Management' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Manage All Clubs' })).toHaveCount(0);
  });
});

test.describe('club management when the server fails', () => {
  test.use({ allowedConsoleErrors: [/status of 500/] });

  test('shows the error toast with the default message', async ({ page, browser }) => {
    const hostContext = await browser.newContext();
    const host = await signInAsNewHost(await hostContext.newPage());
    await hostContext.close();
    await signInAsAdmin(page);
    await page.route('**/api/clubs/*/verify', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto(`/club-profile/${host.clubId}`);
    await page.getByRole('region', { name: 'Club Management' }).getByRole('button', { name: 'Verify Club' }).click();
    await expect(toasts(page).getByText('Error', { exact: true })).toBeVisible();
    await expect(toasts(page).getByText('Failed to verify club')).toBeVisible();
  });
});
