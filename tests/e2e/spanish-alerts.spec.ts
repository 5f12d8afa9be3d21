import { createHash } from 'node:crypto';
import { withDatabase } from './database.ts';
import { expect, expectNoAxeViolations, languageSwitch, test } from './fixtures.ts';

// Issue 42: the pages of a Spanish alert email's links (/es/alerts/keep, /es/alerts). Their words come from
// src/content/es/alert-pages.yaml; each button's plain form comes back to the page in the language it was pressed on.

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * An address with two alerts set up on Spanish pages, one confirmed and ending soon, one not confirmed, and the tokens
 * of its "Keep this alert?" and "Your alerts" links, as the emails carry them.
 */
async function spanishAlerts(label: string): Promise<{ keep: string; alerts: string }> {
  const email = `lucia.${label}@example.com`;
  const mailbox = sha256(email);
  const token = (purpose: string) => `${label}-${purpose}`.replace(/[^A-Za-z0-9_-]/g, '-').padEnd(43, 'x');
  return withDatabase(async (sql) => {
    const insert = (place: string, zip: string, confirmed: boolean) => sql<{ id: string }[]>`
      insert into alerts (email, mailbox_hash, place_label, zip_code, state, latitude, longitude, time_zone, confirmed_at, expires_at, language)
      values (${email}, ${mailbox}, ${place}, ${zip}, 'TX', 29.42, -98.49, 'America/Chicago',
        ${confirmed ? sql`now() - interval '50 weeks'` : null}, ${confirmed ? sql`now() + interval '10 days'` : null}, 'es')
      returning id`;
    const [confirmed] = await insert('San Antonio, TX 78205', '78205', true);
    await insert('Austin, TX 78704', '78704', false);
    await sql`insert into alert_links (token_hash, mailbox_hash, alert_id) values (${sha256(token('keep'))}, ${mailbox}, ${confirmed!.id})`;
    await sql`insert into alert_links (token_hash, mailbox_hash, alert_id) values (${sha256(token('alerts'))}, ${mailbox}, null)`;
    return { keep: token('keep'), alerts: token('alerts') };
  });
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test('a Spanish reader keeps an alert and deletes another from the email links, in Spanish, and switches to the same English page', async ({
      page,
    }, testInfo) => {
      const { keep } = await spanishAlerts(`es-alerts-${width}-${testInfo.workerIndex}-${Date.now()}`);
      await page.goto(`/es/alerts/keep?token=${keep}`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { level: 1, name: '¿Quieres mantener tu alerta?' })).toBeVisible();
      await expect(
        page.getByText(
          /Tu alerta, un correo cuando empiece un club nuevo a 25 millas o menos de San Antonio, TX 78205, termina el \d{1,2} de [a-z]+ de \d{4}\./,
        ),
      ).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Mantener esta alerta' }).click();
      await expect(page).toHaveURL(/\/es\/alerts\?token=[^&]+&kept=\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Tus alertas' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Mantendremos tu alerta otros 12 meses.' })).toBeVisible();
      const alerts = page.getByRole('listitem');
      await expect(alerts.filter({ hasText: 'Clubes nuevos a 25 millas o menos de San Antonio, TX 78205' })).toContainText(
        /Confirmada; termina el \d{1,2} de [a-z]+ de \d{4}, a menos que la mantengas\./,
      );
      await expect(alerts.filter({ hasText: 'Austin, TX 78704' })).toContainText('Todavía sin confirmar');
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Borrar la alerta de Austin, TX 78704' }).click();
      await expect(page).toHaveURL(/\/es\/alerts\?token=[^&]+&deleted=1$/);
      await expect(page.getByRole('status').filter({ hasText: 'Borramos la alerta, y con ella tu dirección de correo.' })).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: 'Austin, TX 78704' })).toHaveCount(0);
      await expectNoAxeViolations(page);

      await languageSwitch(page, 'English').click();
      await expect(page).toHaveURL(/:\d+\/alerts\?token=[^&]+&deleted=1$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1, name: 'Your alerts' })).toBeVisible();
      await expect(page.getByText('The alert was deleted, and its email address with it.')).toBeVisible();
      await expect(page.getByText('New clubs within 25 miles of San Antonio, TX 78205')).toBeVisible();
    });
  });
}
