import type { Locator, Page } from '@playwright/test';
import postgres from 'postgres';
import { readE2EState } from '../support/e2e-state.ts';
import {
  expect,
  expectLoggedOutThenSignIn,
  expectNoAxeViolations,
  signInAsAdmin,
  test,
  toastLog,
  toasts,
  waitForIslands,
} from './fixtures.ts';
import { signInAsNewHost, type Host } from './hosts.ts';

// The e2e server holds the demo data (db/seed/demo-data.json): 34 clubs, 7 of them pending, and 9 questions (3 pending,
// 3 contacted, 3 completed). Every test here leaves the demo data as other spec files expect it (the directory spec
// counts Texas clubs, so the verify test uses Michigan's pending club and unverifies it again); clubs that a test
// edits or deletes are registered by that test.

/** Opens an admin page and waits until its island is interactive (Astro drops `ssr` once it has hydrated). */
async function openAdminPage(page: Page, path: '/admin-clubs' | '/admin-notifications') {
  const response = await page.goto(path);
  const island = path === '/admin-clubs' ? 'AdminClubs' : 'AdminNotifications';
  await page.locator(`astro-island[component-url*="${island}"]:not([ssr])`).waitFor({ state: 'attached' });
  return response!;
}

const clubsTable = (page: Page) => page.getByRole('table', { name: 'Clubs' });
const codesTable = (page: Page) => page.getByRole('table', { name: 'HOST SET codes' });
/** A club's row: the filter narrows the table to it first, so the row is found however long the list is. */
async function clubRow(page: Page, clubName: string) {
  await page.getByLabel('Search clubs').fill(clubName);
  const row = clubsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: clubName, exact: true }) });
  await expect(row).toHaveCount(1);
  return row;
}
const editDialog = (page: Page) => page.getByRole('dialog', { name: 'Edit Club' });
/** The edit dialog's change history, newest first, and the `field: old → new` lines of one of its entries. */
const historyEntries = (page: Page) => editDialog(page).getByRole('list', { name: 'Admin changes, newest first' }).locator(':scope > li');
const changesIn = (entry: Locator) => entry.getByRole('list', { name: 'Changes' }).getByRole('listitem');
const questions = (page: Page) => page.getByRole('list', { name: 'Questions' }).getByRole('listitem');
const question = (page: Page, name: string) => questions(page).filter({ hasText: name });
const statusFilter = (page: Page, label: string) =>
  page.getByRole('group', { name: 'Show questions by status' }).getByRole('button', { name: new RegExp(`^${label}`) });
/** The number on a status filter's button. */
const filterCount = async (page: Page, label: string) => Number((await statusFilter(page, label).innerText()).replace(/\D/g, ''));
const questionPages = (page: Page) => page.getByRole('navigation', { name: 'Question pages' });

/** Registers a host and club for the test, then signs the page in as the admin instead. */
async function newClubAsAdmin(page: Page, overrides: Partial<Record<string, string>> = {}): Promise<Host> {
  const host = await signInAsNewHost(page, overrides);
  await page.context().clearCookies();
  await signInAsAdmin(page);
  return host;
}

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('admin clubs', () => {
  test('the admin verifies a pending club, it appears in the directory search, and unverifying hides it again', async ({ page }) => {
    await signInAsAdmin(page);
    const response = await openAdminPage(page, '/admin-clubs');
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toContain('no-store');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Clubs');

    let row = await clubRow(page, 'Kerrytown Candle Circle');
    await expect(row).toContainText('Rachel Cohen');
    await expect(row).toContainText('Ann Arbor, MI');
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: /^Verify/ }).click();
    await expect(toasts(page).getByText('Club verified successfully')).toBeVisible();
    await expect(row.getByText('Verified', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Unverify/ })).toBeVisible();

    await page.goto('/flamekeeper-clubs?state=MI');
    await expect(page.getByText(/clubs? in Michigan/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Clubs' }).getByText('Kerrytown Candle Circle')).toBeVisible();

    await openAdminPage(page, '/admin-clubs');
    row = await clubRow(page, 'Kerrytown Candle Circle');
    await expect(row.getByText('Verified', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: /^Unverify/ }).click();
    // The confirmation asks for the optional reason the host's email quotes.
    const confirm = page.getByRole('dialog', { name: 'Unverify Kerrytown Candle Circle?' });
    await confirm.getByLabel('Reason for the host (optional)').fill('The meeting place has closed.');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Unverify' }).click();
    await expect(toasts(page).getByText('Club unverified successfully')).toBeVisible();
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();

    await page.goto('/flamekeeper-clubs?state=MI');
    await expect(page.getByText(/No clubs found for "MI"|clubs? in Michigan/)).toBeVisible();
    await expect(page.getByText('Kerrytown Candle Circle')).toHaveCount(0);
  });

  test('filters by text, state and status, and sorts by name, state and date', async ({ page }) => {
    await signInAsAdmin(page);
    await openAdminPage(page, '/admin-clubs');
    const table = clubsTable(page);
    const names = () => table.getByRole('rowheader').allInnerTexts();
    const total = await table.getByRole('rowheader').count();
    expect(total).toBeGreaterThanOrEqual(30);
    await expect(page.getByText(`Showing ${total} of ${total} clubs`)).toBeVisible();

    // Text matches the host, the city and the email too.
    await page.getByLabel('Search clubs').fill('ethan.brooks@');
    expect(await names()).toEqual(['White Rock Lake Readers']);
    await page.getByLabel('Search clubs').fill('durango');
    expect(await names()).toEqual(['Animas Valley Circle']);
    await page.getByLabel('Search clubs').fill('Grace Kim');
    expect(await names()).toEqual(['North Park Lantern Society']);
    await page.getByLabel('Search clubs').fill('no such club anywhere');
    await expect(table.getByText('No clubs match these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByLabel('Search clubs')).toHaveValue('');
    await expect(table.getByRole('rowheader')).toHaveCount(total);

    await page.getByLabel('State').selectOption({ label: 'Texas' });
    await expect(table.getByRole('rowheader', { name: 'White Rock Lake Readers' })).toBeVisible();
    for (const location of await table.locator('tbody tr td:nth-child(3)').allInnerTexts()) expect(location).toContain(', TX');
    await page.getByLabel('Status').selectOption({ label: 'Pending' });
    expect(await names()).toContain('White Rock Lake Readers');
    expect(await names()).not.toContain('Riverbend Flamekeepers');
    await page.getByLabel('Status').selectOption({ label: 'Verified' });
    expect(await names()).toContain('Riverbend Flamekeepers');
    expect(await names()).not.toContain('White Rock Lake Readers');
    await page.getByRole('button', { name: 'Clear filters' }).click();

    const clubHeader = table.getByRole('columnheader', { name: 'Club' });
    const createdHeader = table.getByRole('columnheader', { name: 'Created' });
    await expect(createdHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(clubHeader).not.toHaveAttribute('aria-sort', /.*/);
    await clubHeader.getByRole('button').click();
    await expect(clubHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(createdHeader).not.toHaveAttribute('aria-sort', /.*/);
    const ascending = await names();
    const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
    expect(ascending).toEqual([...ascending].sort(collator.compare));
    await clubHeader.getByRole('button').click();
    await expect(clubHeader).toHaveAttribute('aria-sort', 'descending');
    expect(await names()).toEqual([...ascending].reverse());

    const locationHeader = table.getByRole('columnheader', { name: 'Location' });
    await locationHeader.getByRole('button').click();
    await expect(locationHeader).toHaveAttribute('aria-sort', 'ascending');
    const states = (await table.locator('tbody tr td:nth-child(3)').allInnerTexts()).map((text) => /, ([A-Z]{2})/.exec(text)![1]!);
    expect(states).toEqual([...states].sort());
  });

  test('edits a club: a bad ZIP is refused inline, a good one is saved, and the change history lists the edit', async ({ page }) => {
    const host = await newClubAsAdmin(page);
    await openAdminPage(page, '/admin-clubs');
    const puts: string[] = [];
    page.on('request', (request) => request.method() === 'PUT' && puts.push(request.url()));

    const row = await clubRow(page, host.clubName);
    const edit = row.getByRole('button', { name: /^Edit/ });
    await edit.click();
    const dialog = editDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Club Name')).toBeFocused();
    await expect(dialog.getByLabel('Email')).toHaveValue(host.email);
    await expect(dialog.getByLabel('ZIP Code')).toHaveValue('28801');
    await expect(dialog.getByRole('checkbox', { name: /Verified/ })).not.toBeChecked();
    await expect(dialog.getByText('No admin changes yet.')).toBeVisible();
    // The zone the server filled in from the ZIP code follows the ZIP code again.
    await expect(dialog.getByLabel('Time zone')).toHaveValue('');

    await dialog.getByLabel('ZIP Code').fill('12');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('ZIP code must be 5 digits')).toBeVisible();
    await expect(dialog.getByLabel('ZIP Code')).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toEqual([]);

    await dialog.getByLabel('City').fill('Portland');
    await dialog.getByLabel('State').selectOption({ label: 'Oregon' });
    await dialog.getByLabel('ZIP Code').fill('97201');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page).getByText('Club Updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(edit).toBeFocused();
    await expect(row).toContainText('Portland, OR');
    await expect(row).toContainText('97201');
    expect(puts).toHaveLength(1);

    await edit.click();
    await expect(dialog.getByLabel('ZIP Code')).toHaveValue('97201');
    const entries = historyEntries(page);
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText('Edited the club');
    await expect(entries.first()).toContainText('@');
    await expect(changesIn(entries.first())).toHaveText([
      'city: Asheville → Portland',
      'state: NC → OR',
      'ZIP code: 28801 → 97201',
      'time zone: America/New_York → America/Los_Angeles',
    ]);

    // Escape closes without saving.
    await dialog.getByLabel('City').fill('Salem');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Portland, OR');

    await page.reload();
    await expect(await clubRow(page, host.clubName)).toContainText('Portland, OR');
  });

  test("the change history shows each change as 'field: old → new', in words, including the admin's profile-page edit", async ({
    page,
    baseURL,
  }) => {
    const host = await newClubAsAdmin(page);
    const post = (path: string) => page.request.post(path, { headers: { origin: baseURL! } });
    for (const action of ['set-yearly', 'verify', 'unverify'])
      expect((await post(`/api/clubs/${host.clubId}/${action}`)).status()).toBe(200);
    const profileEdit = await page.request.put(`/api/clubs/${host.clubId}`, {
      headers: { origin: baseURL! },
      data: {
        hostName: 'Robin Vale',
        clubName: host.clubName,
        city: 'Asheville',
        state: 'NC',
        zipCode: '28801',
        website: 'https://hearth.example.org',
      },
    });
    expect(profileEdit.status()).toBe(200);

    await openAdminPage(page, '/admin-clubs');
    await (await clubRow(page, host.clubName)).getByRole('button', { name: /^Edit/ }).click();
    const entries = historyEntries(page);
    await expect(entries).toHaveCount(4);
    await expect(entries.nth(0)).toContainText('Edited the club');
    await expect(changesIn(entries.nth(0))).toHaveText([
      'description: A small circle that reads on Tuesday evenings. → (empty)',
      'website: (empty) → https://hearth.example.org',
      'meeting schedule: Tuesdays, 7:00 PM → (empty)',
    ]);
    await expect(entries.nth(1)).toContainText('Unverified the club');
    await expect(changesIn(entries.nth(1))).toHaveText(['verification: Verified → Pending']);
    await expect(changesIn(entries.nth(2))).toHaveText(['verification: Pending → Verified']);
    await expect(entries.nth(3)).toContainText('Set a yearly renewal');
    await expect(changesIn(entries.nth(3))).toHaveText([
      'membership: Lifetime → Yearly',
      /^renewal date: \(empty\) → \d{1,2}\/\d{1,2}\/\d{4}$/,
    ]);
  });

  test('deletes a club after the confirmation; dismissing the confirmation keeps it', async ({ page }) => {
    const host = await newClubAsAdmin(page);
    await openAdminPage(page, '/admin-clubs');
    const row = await clubRow(page, host.clubName);
    const deletes: string[] = [];
    page.on('request', (request) => request.method() === 'DELETE' && deletes.push(request.url()));
    const confirmation = `Are you sure you want to delete "${host.clubName}"? This action cannot be undone.`;

    page.once('dialog', (dialog) => {
      expect(dialog.type()).toBe('confirm');
      expect(dialog.message()).toBe(confirmation);
      void dialog.dismiss();
    });
    await row.getByRole('button', { name: /^Delete/ }).click();
    await expect(row).toBeVisible();
    expect(deletes).toEqual([]);

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(confirmation);
      void dialog.accept();
    });
    await row.getByRole('button', { name: /^Delete/ }).click();
    await expect(toasts(page).getByText('Club Deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(deletes).toHaveLength(1);

    await page.reload();
    await page.getByLabel('Search clubs').fill(host.clubName);
    await expect(clubsTable(page).getByText('No clubs match these filters.')).toBeVisible();
    // The host's account went with the club.
    const signin = await page.request.post('/api/clubs/signin', { data: { email: host.email, password: host.password } });
    expect(signin.ok() && ((await signin.json()) as { success: boolean }).success).toBeFalsy();
  });

  test('issues HOST SET codes with a note, lists them as available, and revokes one', async ({ page }) => {
    await signInAsAdmin(page);
    await openAdminPage(page, '/admin-clubs');
    const note = `e2e order ${Date.now()}`;
    const panel = page.getByRole('region', { name: 'HOST SET Codes' });

    // React may still be finishing hydration and put the form's default back: retry until the value sticks.
    await expect(async () => {
      await panel.getByLabel('How many').fill('0');
      await panel.getByRole('button', { name: 'Issue Codes' }).click();
      await expect(panel.getByText('Count must be a number from 1 to 500')).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });

    await panel.getByLabel('How many').fill('2');
    await panel.getByLabel('Note').fill(note);
    await panel.getByRole('button', { name: 'Issue Codes' }).click();
    await expect(toasts(page).getByText('Codes Issued')).toBeVisible();
    const fresh = await panel.getByRole('list', { name: 'New codes' }).getByRole('listitem').allInnerTexts();
    expect(fresh).toHaveLength(2);
    for (const code of fresh) expect(code).toMatch(/^HOST-[A-Z0-9]+-[A-Z0-9]+$/);

    const rows = codesTable(page).getByRole('row').filter({ hasText: note });
    await expect(rows).toHaveCount(2);
    for (const code of fresh) await expect(rows.filter({ hasText: code })).toContainText('Available');

    const [revoked, kept] = fresh as [string, string];
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain(revoked);
      void dialog.accept();
    });
    await rows
      .filter({ hasText: revoked })
      .getByRole('button', { name: /^Revoke/ })
      .click();
    await expect(toasts(page).getByText('Code Revoked')).toBeVisible();
    await expect(rows.filter({ hasText: revoked })).toContainText('Revoked');
    await expect(rows.filter({ hasText: revoked }).getByRole('button')).toHaveCount(0);
    await expect(rows.filter({ hasText: kept })).toContainText('Available');

    // The server agrees: the revoked code no longer registers a club, the other one does.
    const check = async (code: string) =>
      ((await (await page.request.post('/api/clubs/verify-code', { data: { hostSetCode: code } })).json()) as { isValid: boolean }).isValid;
    expect(await check(revoked)).toBe(false);
    expect(await check(kept)).toBe(true);

    await page.reload();
    await expect(codesTable(page).getByRole('row').filter({ hasText: revoked })).toContainText('Revoked');
    await page.getByLabel('Show codes').selectOption({ label: 'Available' });
    await expect(codesTable(page).getByRole('row').filter({ hasText: note })).toHaveCount(1);
  });

  test('a redeemed code names its club, and both CSV exports download', async ({ page }) => {
    const host = await newClubAsAdmin(page);
    await openAdminPage(page, '/admin-clubs');
    const redeemed = codesTable(page).getByRole('row').filter({ hasText: host.clubName });
    await expect(redeemed).toContainText(`Redeemed by ${host.clubName}`);
    await expect(redeemed.getByRole('button')).toHaveCount(0);

    for (const [name, href] of [
      ['Codes CSV', '/api/admin/export/codes.csv'],
      ['Clubs CSV', '/api/admin/export/clubs.csv'],
    ] as const) {
      const link = page.getByRole('link', { name });
      await expect(link).toHaveAttribute('href', href);
      const download = page.waitForEvent('download');
      await link.click();
      expect((await download).suggestedFilename()).toMatch(/\.csv$/);
    }
    const csv = await page.request.get('/api/admin/export/clubs.csv');
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect(await csv.text()).toContain(host.clubName);
  });

  test('is accessible, with the editor open too, and fits a 360 px screen', async ({ page }) => {
    await signInAsAdmin(page);
    await openAdminPage(page, '/admin-clubs');
    await expectNoAxeViolations(page);
    const row = await clubRow(page, 'Riverbend Flamekeepers');
    await row.getByRole('button', { name: /^Edit/ }).click();
    await expect(editDialog(page).getByText(/Change History/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(editDialog(page)).toBeHidden();

    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByLabel('Search clubs').fill('');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    // The table scrolls inside its own box instead.
    const box = page.getByRole('region', { name: 'Clubs table' });
    expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await (await clubRow(page, 'Riverbend Flamekeepers')).getByRole('button', { name: /^Edit/ }).click();
    await expect(editDialog(page)).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });
});

test.describe('admin club editor when the server refuses a value', () => {
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test("Cancel closes the editor, and the server's field errors land on their fields", async ({ page }) => {
    const other = await signInAsNewHost(page);
    const host = await newClubAsAdmin(page);
    await openAdminPage(page, '/admin-clubs');
    const row = await clubRow(page, host.clubName);
    await row.getByRole('button', { name: /^Edit/ }).click();
    const dialog = editDialog(page);
    await dialog.getByLabel('Host Name').fill('Someone Else');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Robin Vale');

    // Another account already uses this email: the server says so on the Email field.
    await row.getByRole('button', { name: /^Edit/ }).click();
    await dialog.getByLabel('Email').fill(other.email);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Another account already uses this email.')).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(toasts(page).getByText('Update Failed')).toBeVisible();
    await expect(toasts(page).getByText('Unable to update club profile. Please try again.')).toBeVisible();
  });
});

test.describe('admin notifications', () => {
  // One at a time: each test moves questions, and the others count them.
  test.describe.configure({ mode: 'default' });

  test('moves a question pending → contacted → completed → pending, with counts and a status filter', async ({ page }) => {
    await signInAsAdmin(page);
    const response = await openAdminPage(page, '/admin-notifications');
    expect(response.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Notifications');

    const item = question(page, 'Aisha Bello');
    await expect(item.getByRole('link', { name: 'aisha.bello@example.org' })).toHaveAttribute('href', 'mailto:aisha.bello@example.org');
    await expect(item).toContainText('How do I become a host?');
    await expect(item.getByText('Pending', { exact: true })).toBeVisible();
    const filter = (label: string) => statusFilter(page, label);
    const count = (label: string) => filterCount(page, label);
    const pendingBefore = await count('Pending');
    const contactedBefore = await count('Contacted');

    await item.getByRole('button', { name: 'Mark as Contacted' }).click();
    await expect(item.getByText('Contacted', { exact: true })).toBeVisible();
    await expect.poll(() => count('Pending')).toBe(pendingBefore - 1);
    await expect.poll(() => count('Contacted')).toBe(contactedBefore + 1);
    await item.getByRole('button', { name: 'Mark Complete' }).click();
    await expect(item.getByText('Completed', { exact: true })).toBeVisible();

    await filter('Completed').click();
    await expect(filter('Completed')).toHaveAttribute('aria-pressed', 'true');
    await expect(item).toBeVisible();
    await expect(question(page, 'Linda Park')).toHaveCount(0);
    await filter('All').click();

    await item.getByRole('button', { name: 'Reopen' }).click();
    await expect(item.getByText('Pending', { exact: true })).toBeVisible();
    await expect(item.getByRole('button', { name: 'Mark as Contacted' })).toBeVisible();
    await expect.poll(() => count('Pending')).toBe(pendingBefore);

    // The server kept each move: after a few polls and a reload the question is pending again.
    await page.reload();
    await expect(question(page, 'Aisha Bello').getByText('Pending', { exact: true })).toBeVisible();
  });

  test('shows 20 questions a page, turned with the keyboard; a filter starts at page 1; a move updates the counts and the page', async ({
    page,
  }) => {
    const sql = postgres(readE2EState().databaseUrl, { max: 1, onnotice: () => {} });
    const stamp = Date.now();
    const name = (n: number) => `Paging Reader ${stamp} #${String(n).padStart(2, '0')}`;
    try {
      // Completed questions dated long before the demo data, as many as make 21 completed ones: one page of 20
      // and, on page 2, the oldest of them alone.
      const [{ completed }] = await sql<
        { completed: number }[]
      >`select count(*)::int as completed from club_questions where status = 'completed'`;
      const added = 21 - completed;
      expect(added).toBeGreaterThan(1);
      const rows = Array.from({ length: added }, (_, i) => ({
        name: name(i + 1),
        email: 'paging.reader@example.com',
        question: 'Which circle meets nearest to me?',
        status: 'completed',
        created_at: new Date(Date.UTC(2001, 0, 1) - i * 60_000),
      }));
      await sql`insert into club_questions ${sql(rows)}`;
      const oldest = question(page, name(added));

      await signInAsAdmin(page);
      await openAdminPage(page, '/admin-notifications');
      const pages = questionPages(page);
      const previous = pages.getByRole('button', { name: 'Previous' });
      const next = pages.getByRole('button', { name: 'Next' });
      await expect(questions(page)).toHaveCount(20);
      await expect(pages).toContainText(/^Previous\s*Page 1 of \d+\s*Next$/);
      await expect(previous).toBeDisabled();
      await expect(next).toBeEnabled();

      await statusFilter(page, 'Completed').click();
      await expect(pages).toContainText('Page 1 of 2');
      await expect(questions(page)).toHaveCount(20);
      await expect(oldest).toHaveCount(0);
      expect(await filterCount(page, 'Completed')).toBe(21);

      await next.focus();
      await page.keyboard.press('Enter');
      await expect(pages).toContainText('Page 2 of 2');
      await expect(questions(page)).toHaveCount(1);
      await expect(oldest).toBeVisible();
      // Inserted before the page loaded: not new, though this page is seen for the first time.
      await expect(oldest.getByText('New', { exact: true })).toHaveCount(0);
      await expect(next).toBeDisabled();
      await expect(next).toBeFocused();
      await expectNoAxeViolations(page);

      await page.keyboard.press('Shift+Tab');
      await expect(previous).toBeFocused();
      await page.keyboard.press('Space');
      await expect(pages).toContainText('Page 1 of 2');
      await expect(oldest).toHaveCount(0);
      await expect(previous).toBeDisabled();
      await expect(previous).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(next).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(oldest).toBeVisible();

      // Another filter starts at its page 1, and so does coming back.
      await statusFilter(page, 'All').click();
      await expect(pages).toContainText(/Page 1 of \d+/);
      await statusFilter(page, 'Completed').click();
      await expect(pages).toContainText('Page 1 of 2');
      await next.click();
      await expect(oldest).toBeVisible();

      await page.setViewportSize({ width: 360, height: 800 });
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      // Reopening the only question of the last page empties it: the list goes back to the page before, now the last.
      const pendingBefore = await filterCount(page, 'Pending');
      await oldest.getByRole('button', { name: 'Reopen' }).click();
      await expect(pages).toBeHidden();
      await expect(questions(page)).toHaveCount(20);
      await expect(oldest).toHaveCount(0);
      await expect.poll(() => filterCount(page, 'Completed')).toBe(20);
      // Contact messages from other spec files may add pending questions meanwhile.
      await expect.poll(() => filterCount(page, 'Pending')).toBeGreaterThan(pendingBefore);
      await statusFilter(page, 'Pending').click();
      await expect(oldest.getByRole('button', { name: 'Mark as Contacted' })).toBeVisible();
    } finally {
      await sql`delete from club_questions where name like ${`Paging Reader ${stamp} #%`}`;
      await sql.end();
    }
  });

  test('a contact message appears in the list within 6 seconds, without a reload, keeping its line breaks', async ({ page }) => {
    await signInAsAdmin(page);
    await openAdminPage(page, '/admin-notifications');
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const name = `Quinn Harper ${Date.now()}`;
    const sent = await page.request.post('/api/contact-requests', {
      data: {
        name,
        email: 'quinn.harper@example.com',
        phone: '555-010-4477',
        coachName: 'Maria Lopez',
        message: 'Could we join the Austin circle?\nWe are two readers.',
        contactReason: 'question',
      },
    });
    expect(sent.status()).toBe(201);

    const item = question(page, name);
    await expect(item).toBeVisible({ timeout: 6000 });
    await expect(item.getByText('Pending', { exact: true })).toBeVisible();
    await expect(item.getByText('New', { exact: true })).toBeVisible();
    const text = item.getByText('Could we join the Austin circle?');
    expect(await text.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('pre-line');
    expect(await text.innerText()).toContain('Austin circle?\nWe are two readers.');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  test('polls every 5 seconds, and not while the tab is hidden', async ({ page }) => {
    await signInAsAdmin(page);
    const polls: number[] = [];
    page.on('request', (request) => request.url().endsWith('/api/admin/club-questions') && polls.push(Date.now()));
    await openAdminPage(page, '/admin-notifications');
    await expect.poll(() => polls.length, { timeout: 7000 }).toBeGreaterThanOrEqual(2);

    const setHidden = (hidden: boolean) =>
      page.evaluate((value) => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (value ? 'hidden' : 'visible') });
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      }, hidden);
    await setHidden(true);
    const whileHidden = polls.length;
    await page.waitForTimeout(5600);
    expect(polls.length).toBe(whileHidden);
    await setHidden(false);
    await expect.poll(() => polls.length, { timeout: 6000 }).toBeGreaterThan(whileHidden);
  });

  test('is accessible', async ({ page }) => {
    await signInAsAdmin(page);
    await openAdminPage(page, '/admin-notifications');
    await expect(question(page, 'Linda Park')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('admin pages for visitors who are not the admin', () => {
  test.use({ allowedConsoleErrors: [/status of (403|404)/] });

  for (const path of ['/admin-clubs', '/admin-notifications'] as const) {
    test(`a signed-in host opening ${path} sees 'Access Denied' and lands on the home page, with no admin data`, async ({ page }) => {
      await signInAsNewHost(page);
      // What the server sends, fetched with the host's cookies: the notice, status 403, and none of the admin data.
      const copy = await page.request.get(path);
      expect(copy.status()).toBe(403);
      const html = await copy.text();
      expect(html).toMatch(/<h1[^>]*>Access Denied<\/h1>/);
      for (const secret of ['ethan.brooks@example.com', 'White Rock Lake Readers', 'linda.park@example.com', 'HOST-'])
        expect(html).not.toContain(secret);

      // In the browser: the destructive toast, then the home page. Nothing here waits on the page's locators, which
      // would wait for the redirect that starts 500 ms after the page loads.
      const shown = await toastLog(page);
      const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
      expect(response!.status()).toBe(403);
      await expect.poll(() => shown.join('\n')).toContain('Access Denied');
      await expect.poll(() => shown.join('\n')).toContain('Admin access required.');
      await expect(page).toHaveURL(/\/$/);
    });

    test(`an anonymous visitor gets a 404 with the admin sign-in at ${path}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response!.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to continue');
      await expect(page.getByRole('link', { name: 'Sign in as the administrator' })).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    });
  }
});

test.describe('admin actions that the server refuses', () => {
  test.use({ allowedConsoleErrors: [/status of (401|500)/] });

  const unauthorized = { status: 401, contentType: 'application/json', body: '{"error":{"message":"Unauthorized: please sign in."}}' };
  const failure = { status: 500, contentType: 'application/json', body: '{"error":{"message":"Database unavailable"}}' };

  test('a 401 while verifying says the admin is logged out and goes to sign in again', async ({ page }) => {
    await signInAsAdmin(page);
    await openAdminPage(page, '/admin-clubs');
    await page.route('**/api/admin/clubs/*', (route) =>
      route.request().method() === 'PUT' ? route.fulfill(unauthorized) : route.continue(),
    );
    const row = await clubRow(page, 'Cape Fear Lamplighters');
    await expectLoggedOutThenSignIn(page, () => row.getByRole('button', { name: /^Verify/ }).click());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Login');
  });

  test('a 401 while changing a question status does the same', async ({ page }) => {
    await signInAsAdmin(page);
    await openAdminPage(page, '/admin-notifications');
    await page.route('**/api/admin/club-questions/*/status', (route) => route.fulfill(unauthorized));
    await expectLoggedOutThenSignIn(page, () => question(page, 'Marco Rossi').getByRole('button', { name: 'Mark as Contacted' }).click());
  });

  test("a 401 on a club's profile page, from Club Management or from the profile editor, does the same", async ({ page }) => {
    const host = await newClubAsAdmin(page);
    await page.route(`**/api/clubs/${host.clubId}/verify`, (route) => route.fulfill(unauthorized));
    await page.goto(`/club-profile/${host.clubId}`);
    await waitForIslands(page);
    const management = page.getByRole('region', { name: 'Club Management' });
    await expectLoggedOutThenSignIn(page, () => management.getByRole('button', { name: 'Verify Club' }).click());

    await page.route(`**/api/clubs/${host.clubId}`, (route) =>
      route.request().method() === 'PUT' ? route.fulfill(unauthorized) : route.continue(),
    );
    await page.goto(`/club-profile/${host.clubId}`);
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expectLoggedOutThenSignIn(page, () => page.getByRole('button', { name: 'Save Changes' }).click());
  });

  test("other failures show the spec's messages and change nothing", async ({ page }) => {
    await signInAsAdmin(page);
    await openAdminPage(page, '/admin-clubs');
    await page.route('**/api/admin/clubs/*', (route) =>
      ['PUT', 'DELETE'].includes(route.request().method()) ? route.fulfill(failure) : route.continue(),
    );
    const row = await clubRow(page, 'Bellingham Bay Torch Circle');

    await row.getByRole('button', { name: /^Verify/ }).click();
    await expect(toasts(page).getByText('Update Failed')).toBeVisible();
    await expect(toasts(page).getByText('Unable to update verification status.')).toBeVisible();
    await expect(row.getByText('Pending', { exact: true })).toBeVisible();

    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: /^Delete/ }).click();
    await expect(toasts(page).getByText('Delete Failed')).toBeVisible();
    await expect(toasts(page).getByText('Unable to delete club. Please try again.')).toBeVisible();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: /^Edit/ }).click();
    await editDialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page).getByText('Unable to update club profile. Please try again.')).toBeVisible();
    await expect(editDialog(page)).toBeVisible();

    await openAdminPage(page, '/admin-notifications');
    await page.route('**/api/admin/club-questions/*/status', (route) => route.fulfill(failure));
    const item = question(page, 'Yuki Sato');
    await item.getByRole('button', { name: 'Mark Complete' }).click();
    await expect(toasts(page).getByText('Failed to update question status. Please try again.')).toBeVisible();
    await expect(item.getByText('Contacted', { exact: true })).toBeVisible();
  });
});
