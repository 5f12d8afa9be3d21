import type { Page } from '@playwright/test';
import { E2E_ADMIN } from '../support/e2e-admin.ts';
import { expect, signInAsAdmin, test } from './fixtures.ts';
import { withDatabase } from './database.ts';
import { confirmEmailOf, emailsTo, issueCodeWithCli, registerGuide, resetPathFor, signInAsNewHost } from './hosts.ts';

// Issue 37, F11: a form sent before its island hydrates (a slow phone, a script that failed, a password manager
// pressing Enter) was a GET to the page itself, with the password in the address. With JavaScript off, every form
// posts, the forms that can work without it do (docs/decisions/030), and no typed value reaches any address.

test.use({ javaScriptEnabled: false });

const SECRET = 'Secret-Pass-123';

/** Every address the page's browser asks for or shows from now on: requests, and the frames' navigations. */
function addressesOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => seen.push(request.url()));
  page.on('framenavigated', (frame) => seen.push(frame.url()));
  return seen;
}

/** Expects that none of `addresses` carries any of `values`, as typed or percent-encoded, nor a password field. */
function expectNoValueIn(addresses: string[], values: string[]) {
  const carrying = addresses.filter((address) => {
    const decoded = decodeURIComponent(address.replaceAll('+', ' '));
    return /[?&]password=/.test(address) || values.some((value) => decoded.includes(value));
  });
  expect(carrying, 'addresses that carry a typed value').toEqual([]);
}

/** The notice a page shows once the server has answered a form posted without JavaScript. */
const notice = (page: Page) => page.locator('[data-form-notice]');

test('without JavaScript each sign-in form signs in with a POST, and no typed value reaches an address', async ({ page }) => {
  const addresses = addressesOf(page);

  await page.goto('/login');
  await page.getByLabel('Email or Username').fill('nojs-admin-name');
  await page.getByLabel('Password', { exact: true }).fill(SECRET);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(notice(page)).toContainText('Login Failed');
  await expect(notice(page)).toContainText('Invalid credentials');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email or Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin-clubs$/);
  await page.context().clearCookies();

  const host = await signInAsNewHost(page);
  await page.context().clearCookies();
  // Step 1's way to sign in is a link until the wizard's script turns it into a button.
  await page.goto('/club-registration');
  await page.getByRole('link', { name: 'Sign in to manage your club' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In to Your Club' })).toBeVisible();
  await page.getByLabel('Email').fill(host.email);
  await page.getByLabel('Password', { exact: true }).fill(SECRET);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(notice(page)).toContainText('Sign In Failed');
  await expect(notice(page)).toContainText('Invalid email or password. Please try again.');
  await expect(page).toHaveURL(/\/club-registration\?signin=true$/);
  await page.getByLabel('Email').fill(host.email);
  await page.getByLabel('Password', { exact: true }).fill(host.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`/club-profile/${host.clubId}$`));
  await page.context().clearCookies();

  const guide = await registerGuide(page);
  await page.context().clearCookies();
  await page.goto('/my-licences');
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Email').fill(guide.email);
  await signIn.getByLabel('Password').fill(SECRET);
  await signIn.getByLabel('Password').press('Enter');
  await expect(notice(page)).toContainText('Invalid email or password. Please try again.');
  await signIn.getByLabel('Email').fill(guide.email);
  await signIn.getByLabel('Password').fill(guide.password);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/my-licences$/);
  await expect(signIn).toHaveCount(0);

  expectNoValueIn(addresses, [SECRET, host.password, guide.password, E2E_ADMIN.password, 'nojs-admin-name', host.email, guide.email]);
});

test('without JavaScript the contact form sends its message, and a reset link sets a new password', async ({ page }) => {
  const addresses = addressesOf(page);
  const contact = page.getByRole('form', { name: 'Send us a message' });

  await page.goto('/contact-us');
  await contact.getByLabel('Your Name').fill('Nora Nojs');
  await contact.getByLabel('Email Address').fill('nora.nojs.e2e@example.com');
  await contact.getByLabel('Phone Number').fill('555-010-0199');
  await contact.getByRole('combobox', { name: 'Coach Name' }).fill('Any Coach');
  await contact.getByLabel('Message').fill('Too short');
  await contact.getByRole('button', { name: 'Send Message' }).click();
  await expect(notice(page)).toContainText('Error Sending Message');
  await expect(contact.getByText('Message must be at least 10 characters')).toBeVisible();
  await contact.getByLabel('Your Name').fill('Nora Nojs');
  await contact.getByLabel('Email Address').fill('nora.nojs.e2e@example.com');
  await contact.getByLabel('Phone Number').fill('555-010-0199');
  await contact.getByRole('combobox', { name: 'Coach Name' }).fill('Any Coach');
  await contact.getByLabel('Message').fill(`Sent without JavaScript: ${SECRET}`);
  await contact.getByRole('button', { name: 'Send Message' }).click();
  await expect(notice(page)).toContainText('Message Sent Successfully');
  const stored = await withDatabase((sql) => sql`select message from contact_requests where email = 'nora.nojs.e2e@example.com'`);
  expect(stored).toEqual([{ message: `Sent without JavaScript: ${SECRET}` }]);

  const guide = await registerGuide(page);
  await page.context().clearCookies();
  await page.goto('/reset-password');
  await page.getByLabel('Email').fill(guide.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(notice(page)).toContainText('If an account exists for that email');

  const resetPath = await resetPathFor(guide.email);
  await page.goto(resetPath);
  await page.getByLabel('New Password', { exact: true }).fill(SECRET);
  await page.getByLabel('Confirm New Password').fill(SECRET);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText(/Your password has been changed/)).toBeVisible();
  await expect(notice(page)).toContainText('Password Updated');

  await page.getByRole('link', { name: 'Sign In' }).click();
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Email').fill(guide.email);
  await signIn.getByLabel('Password').fill(SECRET);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/my-licences$/);
  await expect(signIn).toHaveCount(0);

  // The reset link's own token is in its address, as emailed; nothing typed is.
  expectNoValueIn(addresses, [SECRET, 'Nora Nojs', 'nora.nojs.e2e@example.com', '555-010-0199', 'Too short', guide.email]);
});

test('without JavaScript a host registers a club from a fresh HOST SET code, and no typed value reaches an address', async ({ page }) => {
  const addresses = addressesOf(page);
  const code = issueCodeWithCli('e2e without javascript');
  const email = `nojs.host.${Date.now()}@example.com`;

  // A HOST SET order's email links to step 1 with its code filled in, the page's HTML alone.
  await page.goto('/club-registration?code=HOST-FROM-EMAIL');
  await expect(page.getByLabel('HOST SET Code')).toHaveValue('HOST-FROM-EMAIL');
  await page.getByLabel('HOST SET Code').fill('HOST-NOPE-0000');
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(notice(page)).toContainText('Invalid Code');
  await expect(notice(page)).toContainText('The HOST SET code you entered is not valid. Please check and try again.');
  await page.getByLabel('HOST SET Code').fill(code.toLowerCase());
  await page.getByLabel('HOST SET Code').press('Enter');
  await expect(page.getByRole('heading', { name: 'Register Your Club' })).toBeVisible();
  await expect(page.locator('strong', { hasText: code })).toBeVisible();
  await expect(page).toHaveURL(/\/club-registration$/);

  const fillHost = async () => {
    await page.getByLabel('Host Name').fill('Nola Nojs');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(SECRET);
    await page.getByLabel('Confirm Password').fill(SECRET);
    await page.getByLabel('Club Name').fill('Quiet Embers Nojs');
    await page.getByLabel('City').fill('Asheville');
    await page.getByLabel('State').selectOption('NC');
  };
  await fillHost();
  await page.getByLabel('ZIP Code').fill('2880');
  await page.getByRole('button', { name: 'Register Club' }).click();
  await expect(notice(page)).toContainText('Registration Failed');
  await expect(page.getByText('ZIP code must be 5 digits')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Register Your Club' })).toBeVisible();

  // The refusal keeps the code, never a typed value: the form is filled again, with a meeting time this time.
  await expect(page.getByLabel('Host Name')).toHaveValue('');
  await fillHost();
  await page.getByLabel('ZIP Code').fill('28801');
  await page.getByLabel('Day').selectOption('thursday');
  await page.getByLabel('Start time').fill('18:30');
  await page.getByLabel('Length (minutes)').fill('90');
  await page.getByRole('button', { name: 'Register Club' }).click();
  await expect(notice(page)).toContainText('Registration Successful');
  await expect(page.getByRole('heading', { name: 'Your Club Is Registered!' })).toBeVisible();
  const clubs = await withDatabase((sql) => sql`select club_name, host_set_code, meeting_slots from clubs where email = ${email}`);
  expect(clubs).toEqual([
    { club_name: 'Quiet Embers Nojs', host_set_code: code, meeting_slots: [{ weekday: 'thursday', start: '18:30', durationMinutes: 90 }] },
  ]);

  expectNoValueIn(addresses, [SECRET, email, 'Nola Nojs', 'Quiet Embers Nojs', code, code.toLowerCase(), 'HOST-NOPE-0000']);
});

test('without JavaScript the /account forms work: the name is saved, a wrong current password refused', async ({ page }) => {
  const addresses = addressesOf(page);
  await signInAsNewHost(page);
  await page.goto('/account');
  const details = page.getByRole('region', { name: 'Your details' });
  await expect(details.getByLabel('Name')).toHaveValue('Robin Vale');
  await details.getByLabel('Name').fill('Nojs Renamed');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(notice(page)).toContainText('Details Saved');
  await expect(details.getByLabel('Name')).toHaveValue('Nojs Renamed');

  const password = page.getByRole('region', { name: 'Password' });
  await password.getByLabel('Current Password').fill(SECRET);
  await password.getByLabel('New Password', { exact: true }).fill('Secret-Pass-789');
  await password.getByLabel('Confirm New Password').fill('Secret-Pass-789');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(notice(page)).toContainText('Password Not Changed');
  await expect(password.getByText('Your current password is not correct.')).toBeVisible();

  expectNoValueIn(addresses, [SECRET, 'Secret-Pass-789', 'Nojs Renamed']);
});

test('without JavaScript the /account email and delete forms work: the new address gets its link, the right password deletes', async ({
  page,
}) => {
  const addresses = addressesOf(page);
  const guide = await registerGuide(page);
  await page.goto('/account');
  const email = page.getByRole('region', { name: 'Email' });
  await expect(email.getByText('Not confirmed yet')).toBeVisible();
  await email.getByRole('button', { name: 'Send the link again' }).click();
  await expect(notice(page)).toContainText(`We sent a new confirmation link to ${guide.email}.`);
  await confirmEmailOf(page, guide.email);

  const newEmail = `nojs.${Date.now()}@example.net`;
  await page.goto('/account');
  await email.getByLabel('New email').fill(newEmail);
  await email.getByLabel('Current password').fill(SECRET);
  await email.getByRole('button', { name: 'Change email' }).click();
  await expect(notice(page)).toContainText('Could not change your email');
  await expect(email.getByText('Your current password is not right.')).toBeVisible();
  await email.getByLabel('New email').fill(newEmail);
  await email.getByLabel('Current password').fill(guide.password);
  await email.getByRole('button', { name: 'Change email' }).click();
  await expect(notice(page)).toContainText('Check your new inbox');
  await expect(email.getByText(`Waiting for confirmation of ${newEmail}`)).toBeVisible();
  await expect.poll(() => emailsTo(newEmail).length).toBeGreaterThan(0);

  // The dialog's form, without the script that opens it: in a <details> that "Delete my account" opens.
  const data = page.getByRole('region', { name: 'Your data' });
  const deletion = data.locator('form[action="/api/account/delete"]');
  await expect(deletion).toBeHidden();
  await data.getByText('Delete my account').first().click();
  await expect(deletion.getByText('This cannot be undone.')).toBeVisible();
  await deletion.getByLabel('Your current password').fill(SECRET);
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await expect(notice(page)).toContainText('Delete my account');
  await expect(deletion.getByText('Your current password is not correct.')).toBeVisible();
  await deletion.getByLabel('Your current password').fill(guide.password);
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been deleted.' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  const left = await withDatabase((sql) => sql`select count(*)::int as count from users where email = ${guide.email}`);
  expect(left).toEqual([{ count: 0 }]);

  expectNoValueIn(addresses, [SECRET, newEmail, guide.password]);
});

/** The pages with forms, by who sees them. */
const PAGES = {
  visitor: [
    '/',
    '/flamekeeper-clubs',
    '/club-registration',
    '/club-registration?signin=true',
    '/guides',
    '/contact-us',
    '/login',
    '/my-licences',
    '/reset-password',
  ],
  host: ['/account', '/club-profile/:club', '/my-licences'],
  admin: ['/admin-clubs', '/admin-notifications', '/admin-licences', '/admin-orders'],
};

/**
 * Fills every text box of the page's `index`th form with a recognisable value and sends it as a person would: its
 * submit button when it can be pressed, else Enter in its first text box (which a disabled button blocks).
 */
async function submitForm(page: Page, index: number): Promise<string> {
  const form = page.locator('form').nth(index);
  if (!(await form.isVisible())) return 'hidden';
  const boxes = form.locator(
    'input:not([type]), input[type=text], input[type=email], input[type=password], input[type=tel], input[type=search], textarea',
  );
  for (const box of await boxes.all()) if (await box.isVisible()) await box.fill(SECRET);
  for (const box of await form.locator('input[type=number]').all()) await box.fill('123');
  const button = form.locator('button[type=submit], button:not([type])').first();
  const sent = page.waitForEvent('framenavigated', { timeout: 5_000 }).then(
    () => 'sent',
    () => 'not sent',
  );
  if ((await button.count()) > 0 && (await button.isEnabled())) await button.click();
  else if ((await boxes.count()) > 0) await boxes.first().press('Enter');
  return sent;
}

test('without JavaScript every form of the site posts or cannot be sent, and no typed value reaches an address', async ({ page }) => {
  const addresses = addressesOf(page);
  const host = await signInAsNewHost(page);
  const checked: string[] = [];

  const sweep = async (path: string) => {
    await page.goto(path);
    const forms = await page.locator('form').count();
    for (let index = 0; index < forms; index += 1) {
      await page.goto(path);
      const form = page.locator('form').nth(index);
      const method = (await form.getAttribute('method'))?.toLowerCase();
      const action = await form.getAttribute('action');
      // The one search form that gets its results page: its box is the search, meant for the address (decision 030).
      if (path === '/guides' && action === '/guides') {
        expect(method).toBe('get');
        continue;
      }
      expect(method, `${path} form ${index}`).toBe('post');
      expect(action, `${path} form ${index}`).toMatch(/^\/api\//);
      checked.push(`${path} #${index} ${action}: ${await submitForm(page, index)}`);
    }
  };

  for (const path of PAGES.host) await sweep(path.replace(':club', String(host.clubId)));
  await page.context().clearCookies();
  for (const path of PAGES.visitor) await sweep(path);
  await signInAsAdmin(page);
  for (const path of PAGES.admin) await sweep(path);

  expect(checked.length).toBeGreaterThan(10);
  expectNoValueIn(addresses, [SECRET]);
});
