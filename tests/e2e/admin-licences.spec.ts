import type { APIRequestContext, Page } from '@playwright/test';
import type { AdminLicence, Reservation } from '#lib/licensing/types.ts';
import { expect, expectLoggedOutThenSignIn, expectNoAxeViolations, signInAsAdmin, test, toasts } from './fixtures.ts';
import { confirmationPathFor } from './hosts.ts';

// /admin-licences against the real API: a guide reserves a shared licence on Harris County, TX through the API, and
// the admin finds it, marks it paid, certifies the guide and revokes it, which frees the county again for other specs.

// Not Travis County: area-search.spec.ts reserves ZIP 78704, inside it, exclusively.
const HARRIS = { id: 'county-48201', label: 'Harris County, TX' };

interface Guide {
  name: string;
  email: string;
  password: string;
}

/** Registers a new guide with `request`'s cookie jar, which then holds the guide's session, and confirms its email. */
async function registerGuide(request: APIRequestContext): Promise<Guide> {
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const guide = { name: `Jane Doe ${unique}`, email: `guide.${unique}@example.com`, password: 'kindling-42' };
  const response = await request.post('/api/guides/register', {
    data: { ...guide, confirmPassword: guide.password, phone: '' },
  });
  expect(response.status(), await response.text()).toBe(201);
  expect((await request.post('/api/auth/email-confirmation', { data: {} })).status()).toBe(202);
  const token = new URL(await confirmationPathFor(guide.email), 'http://x').searchParams.get('token');
  expect((await request.post('/api/auth/confirm-email', { data: { token } })).status()).toBe(200);
  return guide;
}

/** A new guide with a shared reservation on Harris County, made through the API (not the area search). */
async function guideWithReservation(request: APIRequestContext): Promise<{ guide: Guide; reservation: Reservation }> {
  const guide = await registerGuide(request);
  const response = await request.post('/api/licences', { data: { areaId: HARRIS.id, kind: 'shared' } });
  expect(response.status(), await response.text()).toBe(201);
  return { guide, reservation: (await response.json()) as Reservation };
}

async function openLicences(page: Page, query = '') {
  const response = await page.goto(`/admin-licences${query}`);
  await page.locator('astro-island[component-url*="AdminLicences"]:not([ssr])').waitFor({ state: 'attached' });
  return response!;
}

const licencesTable = (page: Page) => page.getByRole('table', { name: 'Licences and reservations' });
/** The licence's own row (not its orders), found by its guide's unique name. */
const licenceRow = (page: Page, guideName: string) =>
  licencesTable(page)
    .locator(':scope > tbody > tr')
    .filter({ hasText: guideName })
    .filter({ has: page.getByRole('rowheader') });
const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A reservation awaiting payment, for the specs that answer the list themselves: Mark paid, Release and Revoke. */
const licence: AdminLicence = {
  id: 999_001,
  kind: 'exclusive',
  area: { id: 'zip-78704', kind: 'zip', label: 'ZIP 78704', stateCode: 'TX' },
  status: 'reserved',
  startsAt: null,
  endsAt: null,
  graceEndsAt: null,
  pricePaid: null,
  openOrder: {
    id: 999_002,
    reference: 'FK-TEST-0001',
    isRenewal: false,
    tier: 3,
    amount: 499,
    status: 'awaiting_payment',
    createdAt: '2026-11-20T10:00:00.000Z',
    dueAt: '2026-12-04T10:00:00.000Z',
    paidAt: null,
  },
  renewalDue: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  guide: {
    id: 'guide-test',
    name: 'Jane Doe',
    email: 'jane.doe@example.com',
    certifiedOn: null,
    unlistedReasons: ['not-certified', 'no-active-licence'],
    adminHiddenReason: null,
  },
  orders: [],
};
licence.orders = [licence.openOrder!];

/** The list answers with `item` (the licence above unless given), whatever the filters. */
async function mockList(page: Page, item = licence) {
  await page.route(/\/api\/admin\/licences(\?.*)?$/, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', headers: { 'x-total-count': '1' }, body: JSON.stringify([item]) }),
  );
}

test.describe('admin licences', () => {
  test('the admin finds a reservation by state and reference, marks it paid, certifies the guide and revokes the licence', async ({
    page,
    request,
  }) => {
    const { guide, reservation } = await guideWithReservation(request);
    const reference = reservation.order.reference;
    expect(reference).toMatch(/^FK-/);

    await signInAsAdmin(page);
    const response = await openLicences(page);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toContain('no-store');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('status').filter({ hasText: /^Showing/ })).toBeVisible();

    await page.getByLabel('State').selectOption({ label: 'Texas' });
    await expect(page).toHaveURL(/[?&]state=TX/);
    await page.getByLabel('Search licences').fill(reference);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${reference}`));
    const row = licenceRow(page, guide.name);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('rowheader')).toContainText(HARRIS.label);
    await expect(row).toContainText(reference);
    await expect(row).toContainText('Awaiting payment');
    await expect(row).toContainText('Shared');
    await expect(row).toContainText(guide.email);
    await expect(page.getByText('Showing 1–1 of 1 licence')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/admin/export/licences.csv?state=TX&q=${reference}`,
    );

    // The view survives a reload: the filters come back from the address bar.
    await page.reload();
    await expect(page.getByLabel('State')).toHaveValue('TX');
    await expect(page.getByLabel('Search licences')).toHaveValue(reference);
    await expect(row).toHaveCount(1);

    // The order history opens under the row.
    await row.getByRole('button', { name: `Orders (1): ${HARRIS.label}` }).click();
    await expect(page.getByRole('table', { name: `Orders for ${HARRIS.label}` })).toContainText(reference);
    await expectNoAxeViolations(page);

    await row.getByRole('button', { name: `Mark paid: ${HARRIS.label}` }).click();
    await expect(toasts(page)).toContainText('Payment Recorded');
    await expect(row).toContainText('Active');
    await expect(row.getByRole('button', { name: /^Mark paid/ })).toHaveCount(0);
    // The row keeps the focus that the vanished button had.
    await expect(row.getByRole('rowheader')).toBeFocused();

    await row.getByText(`Set certification`).click();
    await row.getByLabel('Certified on').fill('2026-03-14');
    await row.getByRole('button', { name: `Save date for ${guide.name}` }).click();
    await expect(toasts(page)).toContainText('Certification Saved');
    await expect(row).toContainText('Certified');
    await expect(row).not.toContainText('Not certified');
    // Paid and certified, the guide is listed.
    await expect(row).toContainText('Profile listed');

    const confirmation = `Revoke the shared licence of ${guide.name} for ${HARRIS.label}? The area will be free for others.`;
    page.once('dialog', (dialog) => {
      expect(dialog.type()).toBe('confirm');
      expect(dialog.message()).toBe(confirmation);
      void dialog.dismiss();
    });
    await row.getByRole('button', { name: `Revoke: ${HARRIS.label}` }).click();
    await expect(row).toContainText('Active');
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(confirmation);
      void dialog.accept();
    });
    await row.getByRole('button', { name: `Revoke: ${HARRIS.label}` }).click();
    await expect(toasts(page)).toContainText('Licence Revoked');
    await expect(row).toContainText('Revoked');
    await expect(row.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);

    // What the server has now, as a fresh load shows it.
    await page.reload();
    await expect(row).toContainText('Revoked');
    await expect(row).toContainText('Certified');
  });

  test("the admin hides a guide's profile with a reason, and shows it again", async ({ page, request }) => {
    const { guide } = await guideWithReservation(request);
    await signInAsAdmin(page);
    await openLicences(page, `?q=${encodeURIComponent(guide.email)}`);
    const row = licenceRow(page, guide.name);
    await expect(row).toContainText('Not listed: not certified, no active licence');

    await row.getByRole('button', { name: `Hide profile of ${guide.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Hide the profile of ${guide.name}?` });
    await dialog.getByRole('button', { name: 'Hide profile' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Say why, in at least 3 characters');
    await expectNoAxeViolations(page);
    const reason = 'Your bio advertises a paid course.';
    await dialog.getByLabel('Reason for the guide').fill(reason);
    await dialog.getByRole('button', { name: 'Hide profile' }).click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page)).toContainText('Profile Hidden');
    await expect(row).toContainText(`Not listed: not certified, no active licence, hidden by the team: ${reason}`);

    page.once('dialog', (confirm) => {
      expect(confirm.message()).toBe(`Show the profile of ${guide.name} again? They are emailed that it is shown.`);
      void confirm.accept();
    });
    await row.getByRole('button', { name: `Show profile of ${guide.name}` }).click();
    await expect(toasts(page)).toContainText('Profile Shown');
    await expect(row).not.toContainText('hidden by the team');
    await expect(row.getByRole('button', { name: `Hide profile of ${guide.name}` })).toBeVisible();
  });

  test('a reservation can be released after the confirmation', async ({ page, request }) => {
    const { guide } = await guideWithReservation(request);
    await signInAsAdmin(page);
    await openLicences(page, `?q=${encodeURIComponent(guide.email)}`);
    const row = licenceRow(page, guide.name);
    await expect(row).toContainText('Awaiting payment');
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(
        `Release the reservation of ${guide.name} for ${HARRIS.label}? Its order will be cancelled and the area will be free for others.`,
      );
      void dialog.accept();
    });
    await row.getByRole('button', { name: `Release reservation: ${HARRIS.label}` }).click();
    await expect(toasts(page)).toContainText('Reservation Released');
    await expect(row).toContainText('Released');
  });

  test('is accessible and fits a 375 px screen, the table scrolling in its own box', async ({ page, request }) => {
    const { guide } = await guideWithReservation(request);
    await signInAsAdmin(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await openLicences(page, `?q=${encodeURIComponent(guide.email)}`);
    await expect(licenceRow(page, guide.name)).toHaveCount(1);
    await expectNoAxeViolations(page);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const box = page.getByRole('region', { name: 'Licences table' });
    expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  });

  // Issue 41 item 6: at 1280 px "Release reservation" was clipped at the card's edge, and emails broke mid-word.
  for (const width of [1024, 1280]) {
    test(`at ${width} px every action of a row shows whole in the card, and an email wraps only after its @ or before a dot`, async ({
      page,
    }) => {
      const email = 'guide.1733561234567123@verylongdomainexample.com';
      await signInAsAdmin(page);
      await page.setViewportSize({ width, height: 800 });
      await mockList(page, { ...licence, guide: { ...licence.guide!, email } });
      await openLicences(page);
      const row = licenceRow(page, 'Jane Doe');
      await expect(row.getByRole('button', { name: /^Actions/ })).toBeHidden();

      // The table fits its box, the box its card and the card the screen.
      const region = page.getByRole('region', { name: 'Licences table' });
      expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
      const card = (await page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'Licences and Reservations' }) })
        .boundingBox())!;
      const box = (await region.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(card.x);
      expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
      expect(card.x + card.width).toBeLessThanOrEqual(width);
      for (const name of ['Mark paid', 'Release reservation', 'Revoke']) {
        const button = row.getByRole('button', { name: `${name}: ZIP 78704` });
        await expect(button).toBeVisible();
        const { x, width: buttonWidth } = (await button.boundingBox())!;
        expect(x).toBeGreaterThanOrEqual(box.x);
        expect(x + buttonWidth).toBeLessThanOrEqual(box.x + box.width);
      }

      // The email's lines, as drawn: each character's box tells its line.
      const lines = await row.getByRole('link', { name: email }).evaluate((link) => {
        const drawn: string[] = [];
        let top = -Infinity;
        const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let index = 0; index < node.textContent!.length; index++) {
            const range = document.createRange();
            range.setStart(node, index);
            range.setEnd(node, index + 1);
            const { top: charTop } = range.getBoundingClientRect();
            if (charTop > top + 1) drawn.push('');
            top = Math.max(top, charTop);
            drawn[drawn.length - 1] += node.textContent![index];
          }
        }
        return drawn;
      });
      expect(lines.join('')).toBe(email);
      expect(lines.length).toBeGreaterThan(1);
      for (let index = 1; index < lines.length; index++) {
        expect(lines[index - 1]!.endsWith('@') || lines[index]!.startsWith('.'), lines.join(' | ')).toBe(true);
      }
    });
  }

  test('below 1024 px the actions are behind an Actions button that opens with the keyboard, and they work', async ({ page, request }) => {
    const { guide } = await guideWithReservation(request);
    await signInAsAdmin(page);
    await page.setViewportSize({ width: 800, height: 900 });
    await openLicences(page, `?q=${encodeURIComponent(guide.email)}`);
    const row = licenceRow(page, guide.name);
    const toggle = row.getByRole('button', { name: `Actions: ${HARRIS.label}` });
    const markPaid = row.getByRole('button', { name: `Mark paid: ${HARRIS.label}` });
    const release = row.getByRole('button', { name: `Release reservation: ${HARRIS.label}` });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(release).toBeHidden();

    // The toggle comes after the order history's button in the tab order; its list opens under it, Escape closes it.
    await row.getByRole('button', { name: `Orders (1): ${HARRIS.label}` }).focus();
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(release).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Tab');
    await expect(markPaid).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toggle).toBeFocused();
    await expect(markPaid).toBeHidden();

    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(release).toBeFocused();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.keyboard.press('Enter');
    await expect(toasts(page)).toContainText('Reservation Released');
    await expect(row).toContainText('Released');
    await expect(row).toContainText('No actions');
    await expect(row.getByRole('rowheader')).toBeFocused();
  });
});

test.describe('admin licences when the server refuses', () => {
  test.use({ allowedConsoleErrors: [/status of (401|409)/] });

  test("the server's message for a refused action shows in a toast", async ({ page }) => {
    await signInAsAdmin(page);
    await mockList(page);
    await page.route('**/api/admin/licences/*/mark-paid', (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: '{"error":{"message":"This order has lapsed."}}' }),
    );
    await openLicences(page);
    await licenceRow(page, 'Jane Doe').getByRole('button', { name: 'Mark paid: ZIP 78704' }).click();
    await expect(toasts(page)).toContainText('Mark Paid Failed');
    await expect(toasts(page)).toContainText('This order has lapsed.');
  });

  test('a 401 says the admin is logged out and goes to sign in again', async ({ page }) => {
    await signInAsAdmin(page);
    await mockList(page);
    await page.route('**/api/admin/licences/*/revoke', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: '{"error":{"message":"Unauthorized: please sign in."}}' }),
    );
    await openLicences(page);
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Revoke the exclusive licence of Jane Doe for ZIP 78704? The area will be free for others.');
      void dialog.accept();
    });
    await expectLoggedOutThenSignIn(page, () => licenceRow(page, 'Jane Doe').getByRole('button', { name: 'Revoke: ZIP 78704' }).click());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Login');
  });
});

test.describe('admin licences for visitors who are not the admin', () => {
  test.use({ allowedConsoleErrors: [/status of (403|404)/] });

  test("a signed-in guide sees 'Access Denied' and lands on the home page", async ({ page }) => {
    await registerGuide(page.request);
    const copy = await page.request.get('/admin-licences');
    expect(copy.status()).toBe(403);
    expect(await copy.text()).toMatch(/<h1[^>]*>Access Denied<\/h1>/);
    const response = await page.goto('/admin-licences', { waitUntil: 'domcontentloaded' });
    expect(response!.status()).toBe(403);
    await expect(page).toHaveURL(/\/$/);
  });

  test('an anonymous visitor gets a 404 with the admin sign-in, and no licence', async ({ page }) => {
    const response = await page.goto('/admin-licences');
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to continue');
    await expect(page.getByRole('link', { name: 'Sign in as the administrator' })).toHaveAttribute(
      'href',
      '/login?return=%2Fadmin-licences',
    );
  });
});
