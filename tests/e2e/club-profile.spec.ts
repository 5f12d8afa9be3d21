import postgres from 'postgres';
import type { Page } from '@playwright/test';
import { readE2EState } from '../support/e2e-state.ts';
import { expect, expectNoAxeViolations, signInAsAdmin, test, toasts } from './fixtures.ts';
import { signInAsNewHost } from './hosts.ts';

// Each test registers its own host and club (tests/e2e/hosts.ts): a pending club with a lifetime membership in
// Asheville, NC 28801, hosted by Robin Vale, meeting "Tuesdays, 7:00 PM", without a website.

/** The club as its host reads it from the API: the expected values for what the page shows. */
async function clubFromApi(page: Page, clubId: number) {
  const response = await page.request.get(`/api/clubs/${clubId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { hostSetCode: string; createdAt: string };
}

/**
 * Sets a club's verification and membership straight in the e2e database: the admin actions that do this in the
 * product are not part of the profile page.
 */
async function setClubStatus(
  clubId: number,
  status: { isVerified: boolean; membershipType: 'lifetime' | 'yearly' | 'none'; renewalDate: string | null },
) {
  const { databaseUrl } = readE2EState();
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`
      update clubs set is_verified = ${status.isVerified}, membership_type = ${status.membershipType},
        renewal_date = ${status.renewalDate}
      where id = ${clubId}`;
  } finally {
    await sql.end();
  }
}

/** The title band: club name, location, badge and membership. */
const clubHeader = (page: Page, clubName: string) => page.getByRole('region', { name: clubName });
/** Opens a club's profile and waits until its island is interactive (Astro drops `ssr` once it has hydrated). */
async function openProfile(page: Page, clubId: number) {
  const response = await page.goto(`/club-profile/${clubId}`);
  await page.locator('astro-island[component-url*="ClubProfile"]:not([ssr])').waitFor({ state: 'attached' });
  return response!;
}

const profileCard = (page: Page) => page.getByRole('region', { name: /^(Club Profile|Edit Profile)$/ });
const statusCard = (page: Page) => page.getByRole('region', { name: 'Club Status' });
const quickActions = (page: Page) => page.getByRole('region', { name: 'Quick Actions' });

/** The value shown under a label of a card's description list. */
const detail = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('club profile', () => {
  test('a signed-in host sees their pending club, its status and the quick actions', async ({ page }) => {
    const host = await signInAsNewHost(page);
    const { hostSetCode, createdAt } = await clubFromApi(page, host.clubId);

    const response = await openProfile(page, host.clubId);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toContain('no-store');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(host.clubName);
    const header = clubHeader(page, host.clubName);
    await expect(header.getByText('Asheville, NC 28801')).toBeVisible();
    await expect(header.getByText('Pending', { exact: true })).toBeVisible();
    await expect(header.getByText('Lifetime Membership')).toBeVisible();

    const profile = profileCard(page);
    await expect(profile.getByRole('heading', { name: 'Club Profile' })).toBeVisible();
    await expect(detail(page, 'Host Name')).toHaveText('Robin Vale');
    await expect(detail(page, 'Email')).toHaveText(host.email);
    await expect(detail(page, 'Description')).toHaveText('A small circle that reads on Tuesday evenings.');
    await expect(detail(page, 'Meeting Schedule')).toHaveText('Tuesdays, 7:00 PM');
    await expect(detail(page, 'Website')).toHaveText('Not provided');

    const status = statusCard(page);
    await expect(detail(page, 'Verification Status')).toHaveText('Pending Verification');
    const memberSince = await page.evaluate((iso) => new Date(iso).toLocaleDateString(), createdAt);
    await expect(detail(page, 'Member Since')).toHaveText(memberSince);
    await expect(detail(page, 'HOST SET Code')).toHaveText(hostSetCode);
    await expect(
      status.getByText('Your club is pending verification. It will appear in the public directory once our admin team approves it.'),
    ).toBeVisible();

    const actions = quickActions(page);
    await expect(actions.getByRole('link', { name: 'View Clubs Directory' })).toHaveAttribute('href', '/flamekeeper-clubs');
    const workbook = actions.getByRole('link', { name: /Participant Workbook.*\$30\.00/ });
    const primer = actions.getByRole('link', { name: /Foundation Primer.*\$20\.00/ });
    await expect(actions.getByRole('listitem').first()).toContainText('Participant Workbook');
    for (const link of [workbook, primer]) {
      await expect(link).toHaveAttribute('href', /^https:\/\/store\.flamekeeperclubs\.com\/products\//);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
    await expect(page.getByLabel('Host Name')).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test('shows a verified club with a yearly membership and its renewal date in the local format', async ({ page }) => {
    const host = await signInAsNewHost(page, { website: 'https://hearth-circle.example.org' });
    await setClubStatus(host.clubId, { isVerified: true, membershipType: 'yearly', renewalDate: '2027-03-01' });

    await openProfile(page, host.clubId);
    const header = clubHeader(page, host.clubName);
    await expect(header.getByText('Verified', { exact: true })).toBeVisible();
    await expect(header.getByText('Pending', { exact: true })).toHaveCount(0);
    const renews = await page.evaluate(() => new Date(2027, 2, 1).toLocaleDateString());
    await expect(header.getByText('Yearly Membership')).toBeVisible();
    await expect(header.getByText(`Renews ${renews}`)).toBeVisible();
    await expect(detail(page, 'Verification Status')).toHaveText('Verified');
    await expect(statusCard(page).getByText(/pending verification/)).toHaveCount(0);
    const website = detail(page, 'Website').getByRole('link', { name: /hearth-circle\.example\.org/ });
    await expect(website).toHaveAttribute('href', 'https://hearth-circle.example.org');
    await expect(website).toHaveAttribute('target', '_blank');
    await expect(website).toHaveAttribute('rel', /noopener/);
  });

  test('says so when a club has no active membership', async ({ page }) => {
    const host = await signInAsNewHost(page);
    await setClubStatus(host.clubId, { isVerified: false, membershipType: 'none', renewalDate: null });
    await openProfile(page, host.clubId);
    await expect(page.getByText('No Active Membership')).toBeVisible();
    await expect(page.getByText('Lifetime Membership')).toHaveCount(0);
  });

  test('a host edits the profile, sees the new values at once, and keeps them after a reload', async ({ page }) => {
    const host = await signInAsNewHost(page, { website: 'https://hearth-circle.example.org' });
    await openProfile(page, host.clubId);
    await page.getByRole('button', { name: 'Edit Profile' }).click();

    await page.getByLabel('Club Name').fill('Blue Ridge Lantern Circle');
    await page.getByLabel('City').fill('Portland');
    await page.getByLabel('State').selectOption({ label: 'Oregon' });
    await page.getByLabel('ZIP Code').fill('97201');
    await page.getByLabel('Meeting Schedule').fill('Thursdays, 6:30 PM');
    await page.getByLabel('Website').fill('');

    // Hold the request to see the busy state.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/clubs/${host.clubId}`, async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();

    await expect(toasts(page).getByText('Profile Updated')).toBeVisible();
    await expect(toasts(page).getByText('Your club profile has been saved.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeFocused();

    const expectSaved = async () => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blue Ridge Lantern Circle');
      await expect(page.getByText('Portland, OR 97201')).toBeVisible();
      await expect(detail(page, 'Meeting Schedule')).toHaveText('Thursdays, 6:30 PM');
      await expect(detail(page, 'Website')).toHaveText('Not provided');
      await expect(detail(page, 'Host Name')).toHaveText('Robin Vale');
    };
    await expectSaved();
    await page.reload();
    await expectSaved();
  });

  test('an invalid edit shows the messages inline and sends nothing; Cancel discards the changes', async ({ page }) => {
    const host = await signInAsNewHost(page);
    await openProfile(page, host.clubId);
    const puts: string[] = [];
    page.on('request', (request) => request.method() === 'PUT' && puts.push(request.url()));

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Host Name').fill('A');
    await page.getByLabel('ZIP Code').fill('123');
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await expect(page.getByText('Host name must be at least 2 characters')).toBeVisible();
    await expect(page.getByText('ZIP code must be 5 digits')).toBeVisible();
    await expect(page.getByLabel('Host Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('ZIP Code')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Host Name')).toBeFocused();
    expect(puts).toEqual([]);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
    await expect(detail(page, 'Host Name')).toHaveText('Robin Vale');
    await expect(page.getByText('Asheville, NC 28801')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeFocused();

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByLabel('Host Name')).toHaveValue('Robin Vale');
    await expect(page.getByLabel('ZIP Code')).toHaveValue('28801');
    await expect(page.getByText('ZIP code must be 5 digits')).toHaveCount(0);
    expect(puts).toEqual([]);
  });

  test("the admin can open any host's club profile", async ({ page }) => {
    const host = await signInAsNewHost(page);
    await page.context().clearCookies();
    await signInAsAdmin(page);
    await openProfile(page, host.clubId);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(host.clubName);
    // Titled for its reader: the admin is not the club's host.
    const header = clubHeader(page, host.clubName);
    await expect(header.getByText("Administration · Robin Vale's club")).toBeVisible();
    await expect(header.getByText('Your Club Profile')).toHaveCount(0);
  });

  test('fits a 360 px wide screen without horizontal scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const host = await signInAsNewHost(page, {
      clubName: 'The Thursday Evening Lantern Readers of Greater Western North Carolina',
      website: 'https://a-rather-long-subdomain.hearth-circle-readers.example.org/about-our-circle',
    });
    await openProfile(page, host.clubId);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});

test.describe('club profile when the server refuses a save', () => {
  test.use({ allowedConsoleErrors: [/status of (400|500)/] });

  test('a server failure shows "Update Failed" with the server\'s message and stays in edit mode', async ({ page }) => {
    const host = await signInAsNewHost(page);
    await openProfile(page, host.clubId);
    await page.route(`**/api/clubs/${host.clubId}`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"message":"Database unavailable"}}' })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Club Name').fill('Never Saved Circle');
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await expect(toasts(page).getByText('Update Failed')).toBeVisible();
    await expect(toasts(page).getByText('Database unavailable')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    await expect(page.getByLabel('Club Name')).toHaveValue('Never Saved Circle');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(host.clubName);
  });

  test('a failure without a message gets the default sentence', async ({ page }) => {
    const host = await signInAsNewHost(page);
    await openProfile(page, host.clubId);
    await page.route(`**/api/clubs/${host.clubId}`, (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '' }) : route.continue(),
    );
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByText('Update Failed')).toBeVisible();
    await expect(toasts(page).getByText('Unable to update club profile. Please try again.')).toBeVisible();
  });

  test("the server's field errors appear on their fields", async ({ page }) => {
    const host = await signInAsNewHost(page);
    await openProfile(page, host.clubId);
    await page.route(`**/api/clubs/${host.clubId}`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              error: { message: 'Please correct the highlighted fields.', fieldErrors: { city: ['City is required'] } },
            }),
          })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByText('Please correct the highlighted fields.')).toBeVisible();
    await expect(page.getByText('City is required')).toBeVisible();
    await expect(page.getByLabel('City')).toHaveAttribute('aria-invalid', 'true');
  });
});

test.describe('club profile that the visitor may not see', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  async function expectClubNotFound(page: Page, path: string) {
    const response = await page.goto(path);
    expect(response!.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Club Not Found');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  }

  test("another host's club, an unknown id and a malformed id show Club Not Found with status 404", async ({ page }) => {
    const other = await signInAsNewHost(page);
    const me = await signInAsNewHost(page);
    await expectClubNotFound(page, `/club-profile/${other.clubId}`);
    await expect(page.getByText(other.clubName)).toHaveCount(0);
    await expect(page.getByText(other.email)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expectClubNotFound(page, '/club-profile/99999999');
    await expectClubNotFound(page, '/club-profile/abc');

    // The host's own club is still theirs.
    await openProfile(page, me.clubId);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(me.clubName);
  });

  test('an anonymous visitor gets the host sign-in (404, nothing of the club), and Back to Directory leads to the directory', async ({
    page,
  }) => {
    const host = await signInAsNewHost(page);
    await page.context().clearCookies();
    const response = await page.goto(`/club-profile/${host.clubId}`);
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to manage your club');
    await expect(page.getByText(host.clubName)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute(
      'href',
      `/club-registration?signin=true&return=%2Fclub-profile%2F${host.clubId}`,
    );

    await page.getByRole('link', { name: 'Back to Directory' }).click();
    await expect(page).toHaveURL(/\/flamekeeper-clubs$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('FlameKeeper Clubs');
  });
});
