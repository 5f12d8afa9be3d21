import postgres from 'postgres';
import { clubPagePath } from '#lib/clubs/pages.ts';
import type { Sql } from '#server/platform/db/db.ts';
import { insertClub } from '../support/clubs.ts';
import { readE2EState } from '../support/e2e-state.ts';
import { expect, expectNoAxeViolations, signInAsAdmin, test, toasts } from './fixtures.ts';

// Verified clubs of this file's own (each worker makes its own), in a state the demo data and the other tests leave alone.
const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const dialogClub = { id: 0, clubName: `Casco Bay Report Circle ${unique}` };
const pageClub = { id: 0, clubName: `Back Cove Report Circle ${unique}` };

test.beforeAll(async () => {
  const sql = postgres(readE2EState().databaseUrl, { max: 1, onnotice: () => {} });
  try {
    for (const club of [dialogClub, pageClub]) {
      club.id = (await insertClub(sql as unknown as Sql, { clubName: club.clubName, city: 'Portland', state: 'ME', zipCode: '04101' })).id;
    }
  } finally {
    await sql.end();
  }
});

test.describe('Report a problem', () => {
  test("from a club's dialog: field errors, then a report the admin finds in the queue and follows to the club", async ({ page }) => {
    await page.goto('/flamekeeper-clubs?state=ME');
    await page.getByRole('link', { name: new RegExp(dialogClub.clubName) }).click();
    const dialog = page.getByRole('dialog', { name: dialogClub.clubName });
    await expect(dialog).toBeVisible();

    const disclosure = dialog.getByRole('button', { name: 'Report a problem' });
    await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    await disclosure.click();
    await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    const form = dialog.getByRole('form', { name: `Report a problem with ${dialogClub.clubName}` });
    await expect(form).toBeVisible();
    // Issue 30: it opened below the dialog's visible part with focus left on the button. Its first field takes focus,
    // scrolled into the dialog's view.
    await expect(form.getByLabel('What is wrong?')).toBeFocused();
    await expect(form.getByLabel('What is wrong?')).toBeInViewport();
    await expectNoAxeViolations(page);

    // Nothing chosen: the reason's message, and focus on it.
    await form.getByRole('button', { name: 'Send report' }).click();
    const reason = form.getByLabel('What is wrong?');
    await expect(form.getByText('Please select a reason')).toBeVisible();
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(reason).toBeFocused();

    await reason.selectOption({ label: 'Something else' });
    await form.getByLabel('Your email (optional)').fill('not-an-email');
    await form.getByRole('button', { name: 'Send report' }).click();
    await expect(form.getByText('Please tell us what is wrong')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByLabel('Details')).toBeFocused();
    await expectNoAxeViolations(page);

    await form.getByLabel('Details').fill('The meeting room changed to the library annex.');
    await form.getByLabel('Your email (optional)').fill('visitor.e2e@example.com');
    await form.getByRole('button', { name: 'Send report' }).click();
    await expect(toasts(page)).toContainText('Thank you. Your report was sent to the FlameKeeper team.');
    await expect(form).toBeHidden();
    await expect(disclosure).toBeFocused();
    await expect(disclosure).toHaveAttribute('aria-expanded', 'false');

    await signInAsAdmin(page);
    await page.goto('/admin-notifications');
    const entry = page.getByRole('listitem').filter({ hasText: 'The meeting room changed to the library annex.' });
    await expect(entry.getByText('Report', { exact: true })).toBeVisible();
    await expect(entry.getByRole('heading', { name: /Anonymous visitor/ })).toBeVisible();
    await expect(entry.getByRole('link', { name: 'visitor.e2e@example.com' })).toBeVisible();
    await expect(entry).toContainText('Reason:Something else');
    await expect(entry).toContainText(dialogClub.clubName);
    await expectNoAxeViolations(page);
    await entry.getByRole('link', { name: 'Open the club' }).click();

    await expect(page).toHaveURL(/\/admin-clubs$/);
    const editor = page.getByRole('dialog', { name: 'Edit Club' });
    await expect(editor).toBeVisible();
    await expect(editor.getByText(dialogClub.clubName, { exact: true })).toBeVisible();
  });

  test("from a club's page, with its choice of reason and nothing else", async ({ page }) => {
    await page.goto(clubPagePath(pageClub));
    await page.getByRole('button', { name: 'Report a problem' }).click();
    const form = page.getByRole('form', { name: `Report a problem with ${pageClub.clubName}` });
    await form.getByLabel('What is wrong?').selectOption({ label: 'Wrong time or place' });
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Send report' }).click();
    await expect(toasts(page)).toContainText('Thank you. Your report was sent to the FlameKeeper team.');
    await expect(form).toBeHidden();

    await form.page().getByRole('button', { name: 'Report a problem' }).click();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('button', { name: 'Report a problem' })).toBeFocused();
  });

  test('an unknown club in the editor link says so', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin-clubs?club=2000000000');
    await expect(toasts(page)).toContainText('Club not found');
    await expect(page.getByRole('dialog', { name: 'Edit Club' })).toBeHidden();
  });
});
