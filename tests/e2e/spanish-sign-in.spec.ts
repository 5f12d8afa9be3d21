import { E2E_ADMIN } from '../support/e2e-admin.ts';
import { expect, expectNoAxeViolations, languageSwitch, test, waitForIslands } from './fixtures.ts';

// Issue 42: the admin's sign-in and the password reset in Spanish (/es/login, /es/reset-password). The forms' words
// come from their Spanish content files through the islands' Spanish entries; their messages before sending from the
// catalogue (form-messages-es.ts), and the server's refusals in Spanish (X-Page-Language). /login signs in the admin
// alone (hosts and guides have their own sign-ins), so the visitor who signs in here is the end-to-end server's admin.

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test.describe('signing in', () => {
      test.use({ allowedConsoleErrors: [/status of 401/] });

      test('the admin sees Spanish checks and a Spanish refusal, then signs in and reaches Admin Clubs', async ({ page }) => {
        await page.goto('/es/login?return=%2Fadmin-clubs');
        await expect(page.locator('html')).toHaveAttribute('lang', 'es');
        await expect(page.getByRole('heading', { level: 1, name: 'Acceso de administración' })).toBeVisible();
        await expect(page.getByText('Acceso solo para administración')).toBeVisible();
        await waitForIslands(page);
        await expectNoAxeViolations(page);

        // Before anything is sent: the schema's messages, in Spanish.
        await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
        await expect(page.getByText('Escribe tu correo electrónico o tu nombre de usuario')).toBeVisible();
        await expect(page.getByText('Escribe tu contraseña')).toBeVisible();

        const password = page.getByLabel('Contraseña', { exact: true });
        await page.getByLabel('Correo electrónico o nombre de usuario').fill(E2E_ADMIN.email);
        await password.fill('not the password');
        await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
        await expect(password).toHaveAttribute('type', 'text');
        await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
        const toasts = page.getByRole('region', { name: 'Avisos (F8)' });
        await expect(toasts.getByText('No se pudo iniciar sesión', { exact: true })).toBeVisible();
        await expect(toasts.getByText('Los datos de acceso no son correctos')).toBeVisible();
        await expectNoAxeViolations(page);

        await password.fill(E2E_ADMIN.password);
        await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
        // The admin's pages have no Spanish twin: the sign-in goes on to the English Admin Clubs.
        await expect(page).toHaveURL(/:\d+\/admin-clubs$/);
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      });
    });

    test('a visitor asks for a reset link in Spanish, and switches to the same English page', async ({ page }) => {
      await page.goto('/es/login');
      await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
      await expect(page).toHaveURL(/:\d+\/es\/reset-password$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Restablece tu contraseña' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'acceso de administración' })).toHaveAttribute('href', '/es/login');
      await waitForIslands(page);
      await expectNoAxeViolations(page);

      const form = page.getByRole('form', { name: 'Restablece tu contraseña' });
      await form.getByRole('button', { name: 'Enviar enlace' }).click();
      await expect(form.getByText('Se necesita un correo electrónico válido')).toBeVisible();
      await form.getByLabel('Correo electrónico').fill(`nadie.${width}@example.com`);
      await form.getByRole('button', { name: 'Enviar enlace' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Si hay una cuenta con ese correo' })).toBeVisible();
      await expectNoAxeViolations(page);

      await languageSwitch(page, 'English').click();
      await expect(page).toHaveURL(/:\d+\/reset-password$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
    });
  });
}
