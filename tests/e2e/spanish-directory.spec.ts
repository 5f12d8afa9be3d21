import { expect, expectNoAxeViolations, test, languageSwitch } from './fixtures.ts';

// Issue 42: the directory in Spanish (/es/flamekeeper-clubs). The demo data's Alamo Heights Hearth Circle meets in
// Spanish in San Antonio (78209, db/seed/demo-data.json). Its words come from src/content/es/directory.yaml.

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test('a visitor finds a Spanish-speaking club by ZIP code, reads it in Spanish and switches to the same English search', async ({
      page,
    }) => {
      await page.goto('/es/flamekeeper-clubs');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { level: 2, name: 'Clubes activos' })).toBeVisible();
      await expect(page.getByText(/^Se muestran \d+ clubes registrados hace poco$/)).toBeVisible();

      await page.getByRole('searchbox', { name: 'Busca clubes por estado, ciudad o código postal' }).fill('78209');
      await page.getByRole('button', { name: 'Buscar', exact: true }).click();
      await expect(page).toHaveURL(/\/es\/flamekeeper-clubs\?state=78209/);
      await expect(page.getByText(/^Encontramos \d+ club(es)? a menos de 25 mi de /)).toBeVisible();
      if (width < 768) await page.getByRole('button', { name: 'Filtros', exact: true }).click();
      await page.getByLabel('Idioma', { exact: true }).selectOption({ label: 'Español' });
      await expect(page.getByText(/ que se reúnen en español$/)).toBeVisible();

      const card = page
        .getByRole('list', { name: 'Clubes', exact: true })
        .getByRole('listitem')
        .filter({ hasText: 'Alamo Heights Hearth Circle' });
      await expect(card).toContainText('Se reúne en español');
      await expect(card).toContainText(/Activo, confirmado en [a-z]+ de \d{4}/);
      await expect(card).toContainText(/Próxima: sáb/);
      await expectNoAxeViolations(page);

      await card.getByRole('link').first().click();
      const dialog = page.getByRole('dialog', { name: 'Alamo Heights Hearth Circle' });
      await expect(dialog.getByText('Club verificado')).toBeVisible();
      await expect(dialog.locator('[data-meeting-language]')).toHaveText('Español');
      await expect(dialog.getByRole('heading', { name: 'Sobre este club' })).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Cerrar' }).click();

      await expect(page).toHaveURL(/:\d+\/es\/flamekeeper-clubs\?state=78209&language=es$/);
      await languageSwitch(page, 'English').click();
      await expect(page).toHaveURL(/:\d+\/flamekeeper-clubs\?state=78209&language=es$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 2, name: 'Active Clubs' })).toBeVisible();
      await expect(page.getByText(/ meeting in Spanish$/)).toBeVisible();
    });
  });
}
