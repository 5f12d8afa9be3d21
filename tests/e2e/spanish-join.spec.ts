import { expect, expectNoAxeViolations, test, toasts, languageSwitch } from './fixtures.ts';

// Issue 42's acceptance journey: a visitor on /es switches language and back, finds a Spanish-speaking club by ZIP code
// in the Spanish directory, and asks to join it in Spanish: the form's own checks and the server's answers in Spanish,
// then the Spanish acknowledgement on the page. The demo data's Alamo Heights Hearth Circle meets in Spanish in San
// Antonio (78209, db/seed/demo-data.json). The words are src/content/es/*.json's.

const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
/** A session as the Spanish form offers it, in the club's own time: "sáb 12 dic, 9:00 a.m. CST". */
const SATURDAY = /^sáb \d{1,2} [a-z]{3}, 9:00 a\.\s?m\. C[DS]T$/;

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test('a visitor on /es finds a Spanish-speaking club by ZIP code and asks to join it in Spanish', async ({ page }) => {
      await page.goto('/es');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await languageSwitch(page, 'English').click();
      await expect(page).toHaveURL(/:\d+\/$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await languageSwitch(page, 'Español').click();
      await expect(page).toHaveURL(/:\d+\/es$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');

      await page.getByRole('main').getByRole('link', { name: 'Buscar clubes' }).click();
      await expect(page).toHaveURL(/:\d+\/es\/flamekeeper-clubs$/);
      await page.getByRole('searchbox', { name: 'Busca clubes por estado, ciudad o código postal' }).fill('78209');
      await page.getByRole('button', { name: 'Buscar', exact: true }).click();
      await expect(page.getByText(/^Encontramos \d+ club(es)? a menos de 25 mi de /)).toBeVisible();
      const card = page
        .getByRole('list', { name: 'Clubes', exact: true })
        .getByRole('listitem')
        .filter({ hasText: 'Alamo Heights Hearth Circle' });
      await expect(card).toContainText('Se reúne en español');
      await card.getByRole('link').first().click();

      const dialog = page.getByRole('dialog', { name: 'Alamo Heights Hearth Circle' });
      await expect(dialog.getByText('Club verificado')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Reportar un problema' })).toBeVisible();
      const disclosure = dialog.getByRole('button', { name: 'Pedir unirte' });
      await disclosure.click();
      const form = dialog.getByRole('form', { name: 'Pedir unirte: Alamo Heights Hearth Circle' });
      await expect(dialog.getByText(/^Cuéntale a quien organiza Alamo Heights Hearth Circle quién eres/)).toBeVisible();
      await expect(form.getByLabel('Tu nombre')).toBeFocused();
      const start = form.getByLabel('¿Cuándo te gustaría empezar?');
      await expect(start.locator('option').first()).toHaveText('Elige cuándo empezar');
      await expect(start.locator('option').nth(1)).toHaveText(SATURDAY);

      // Bad input: the form's own checks, in Spanish, before anything is sent.
      await form.getByLabel('Tu nombre').fill('A');
      await form.getByLabel('Correo electrónico').fill('ana@');
      await form.getByRole('button', { name: 'Enviar solicitud' }).click();
      await expect(form.getByRole('alert')).toHaveText([
        'El nombre debe tener al menos 2 caracteres',
        'Escribe un correo electrónico válido',
        'Elige cuándo te gustaría empezar',
      ]);
      await expect(form.getByLabel('Tu nombre')).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);

      // Good input: sent, and acknowledged in Spanish on the page.
      await form.getByLabel('Tu nombre').fill('Ana Morales');
      await form.getByLabel('Correo electrónico').fill(`ana.${width}.${unique}@example.com`);
      await start.selectOption({ index: 1 });
      await form.getByLabel('Mensaje (opcional)').fill('¡Hola! Me encantaría leer con ustedes.');
      await expect(form.getByText('38 de 2,000 caracteres')).toBeVisible();
      await form.getByRole('button', { name: 'Enviar solicitud' }).click();
      await expect(toasts(page)).toContainText('Solicitud enviada');
      await expect(toasts(page)).toContainText(
        'Tu solicitud va camino a quien organiza Alamo Heights Hearth Circle, que te responderá a tu correo electrónico.',
      );
      await expect(form).toBeHidden();
      await expect(disclosure).toBeFocused();
      await expectNoAxeViolations(page);

      // The switch leads to the same club in English.
      // The toast, shown in the dialog, has a Cerrar of its own: the dialog's is the one outside the toasts' region.
      await dialog.locator('button[aria-label="Cerrar"]:not([role="region"] *)').click();
      await languageSwitch(page, 'English').click();
      await expect(page).toHaveURL(/:\d+\/flamekeeper-clubs\?state=78209$/);
      await expect(page.getByRole('heading', { level: 2, name: 'Active Clubs' })).toBeVisible();
    });

    test('the Spanish directory names the states in Spanish, in its results and on its map', async ({ page }) => {
      await page.goto('/es/flamekeeper-clubs?state=NY');
      await expect(page.getByText(/ en Nueva York\.?$/).first()).toBeVisible();
      const map = page.getByRole('group', { name: 'Mapa de los Estados Unidos: elige un estado para ver sus clubes' });
      await expect(map.getByRole('link', { name: /^Nueva York: \d+ club(es)? verificados?$/ })).toHaveAttribute(
        'href',
        '/es/flamekeeper-clubs?state=NY#active-heading',
      );
      await expect(map.getByRole('link', { name: /^Texas: / })).toBeVisible();
    });

    test.describe('refused by the server', () => {
      test.use({ allowedConsoleErrors: [/status of 400/] });
      test("the server's refusal reaches the Spanish form in Spanish", async ({ page }) => {
        await page.goto('/es/flamekeeper-clubs?state=78209');
        const card = page
          .getByRole('list', { name: 'Clubes', exact: true })
          .getByRole('listitem')
          .filter({ hasText: 'Alamo Heights Hearth Circle' });
        await card.getByRole('link').first().click();
        const dialog = page.getByRole('dialog', { name: 'Alamo Heights Hearth Circle' });
        await dialog.getByRole('button', { name: 'Pedir unirte' }).click();
        const form = dialog.getByRole('form', { name: 'Pedir unirte: Alamo Heights Hearth Circle' });
        await form.getByLabel('Tu nombre').fill('Ana Morales');
        await form.getByLabel('Correo electrónico').fill(`ana.refused.${width}.${unique}@example.com`);
        const start = form.getByLabel('¿Cuándo te gustaría empezar?');
        await start.selectOption({ index: 1 });
        // The session offered has passed by the time the request arrives: the server refuses it, in Spanish.
        await page.route('**/api/clubs/*/join-requests', (route) =>
          route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), start: '2020-01-04T15:00:00.000Z' }) }),
        );
        await form.getByRole('button', { name: 'Enviar solicitud' }).click();
        await expect(form.getByRole('alert')).toHaveText('Ese comienzo no es una de las próximas sesiones del club. Elige de nuevo');
        await expect(toasts(page)).toContainText('No se pudo enviar la solicitud');
      });
    });
  });
}
