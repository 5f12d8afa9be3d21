import { expect, expectNoAxeViolations, test, languageSwitch } from './fixtures.ts';

// Issue 42: the contact page in Spanish (/es/contact-us). Its words come from src/content/es/contact.yaml; the form's
// messages before sending and its reasons from the server's catalogue (messages-es.ts), handed to the island.

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test('a visitor writes in Spanish, sees Spanish errors and the Spanish thanks, and switches to the same English page', async ({
      page,
    }) => {
      await page.goto('/es/contact-us');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { level: 1, name: 'Contáctanos' })).toBeVisible();
      const form = page.getByRole('form', { name: 'Envíanos un mensaje' });
      await expect(form.getByLabel('Motivo del mensaje')).toContainText('Agendar una sesión');
      await expectNoAxeViolations(page);

      // Before anything is sent: the schema's messages, in Spanish.
      await form.getByRole('button', { name: 'Enviar mensaje' }).click();
      await expect(form.getByText('El nombre debe tener al menos 2 caracteres')).toBeVisible();
      await expect(form.getByText('Escribe un correo electrónico válido')).toBeVisible();
      await expect(form.getByText('El mensaje debe tener al menos 10 caracteres')).toBeVisible();

      await form.getByLabel('Tu nombre').fill('Lucía Romero');
      await form.getByLabel('Correo electrónico').fill(`lucia.${width}@example.com`);
      await form.getByLabel('Número de teléfono').fill('(210) 555-0142');
      await form.getByRole('combobox', { name: 'Nombre del coach' }).fill('Cualquier guía');
      await form.getByLabel('Motivo del mensaje').selectOption({ label: 'Pregunta general' });
      await form.getByLabel('Mensaje', { exact: true }).fill('¿Hay algún club que se reúna en español cerca de San Antonio?');
      await form.getByRole('button', { name: 'Enviar mensaje' }).click();
      const toasts = page.getByRole('region', { name: 'Avisos (F8)' });
      await expect(toasts.getByText('Mensaje enviado', { exact: true })).toBeVisible();
      await expect(toasts.getByText('Gracias por escribirnos. Te responderemos lo antes posible.')).toBeVisible();
      await expect(toasts.getByRole('button', { name: 'Cerrar' })).toBeVisible();
      await expect(form.getByLabel('Tu nombre')).toHaveValue('');
      await expectNoAxeViolations(page);

      await languageSwitch(page, 'English').click();
      await expect(page).toHaveURL(/:\d+\/contact-us$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
      await expect(page.getByLabel('Reason for Contact')).toContainText('Schedule a session');
    });
  });
}
