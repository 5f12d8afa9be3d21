import { expect, expectNoAxeViolations, languageSwitch, test } from './fixtures.ts';

// Issue 42: a guide's way in Spanish, from /es/become-guide to /es/area-search. The pages' words come from
// src/content/es/ (licensing.yaml, area-search.yaml), the island's from es/area-search-island.json through its Spanish
// entry, and what the server says of an area (its state, map, availability) in the page's language.

// The availability line under a price: free, or why not (area-search.spec.ts may have reserved 78704 already).
const AVAILABILITY = /^(Disponible|Con licencia exclusiva hasta el .+|Con reserva exclusiva \(pendiente de pago hasta el .+\)|.+ aquí)$/;

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test('a Spanish visitor goes from Become a Guide to the area search, finds 78704 and reads its card in Spanish', async ({ page }) => {
      await page.goto('/es/become-guide');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { level: 1, name: 'Hazte guía de FlameKeeper' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Precios por nivel de población' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Dónde se buscan clubes' })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole('link', { name: 'Busca y reserva tu zona' }).first().click();
      await expect(page).toHaveURL(/\/es\/area-search$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Busca y reserva tu zona' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Cómo se calculan los precios' })).toBeVisible();

      const box = page.getByRole('combobox', { name: 'Código postal, condado o estado' });
      await box.pressSequentially('78704');
      const option = page.getByRole('listbox').getByRole('option', { name: /78704/ });
      await expect(option).toContainText('49,197 habitantes');
      await expect(page.getByRole('status').filter({ hasText: /sugerencia/ })).toHaveText(/^(1 sugerencia|\d+ sugerencias)\./);
      await expectNoAxeViolations(page);
      await option.click();
      await expect(page).toHaveURL(/\/es\/area-search\?area=zip-78704$/);

      const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: '78704' }) });
      await expect(card.getByText('Código postal', { exact: true })).toBeVisible();
      await expect(card.getByText('49,197 habitantes · US Census 2020')).toBeVisible();
      await expect(card.getByTestId('price-arithmetic')).toHaveText('49,197 ÷ 1 = 49,197 → Nivel 3');
      await expect(card.getByText('Licencia compartida', { exact: true })).toBeVisible();
      await expect(card.getByText('$99/año')).toBeVisible();
      await expect(card.getByText('$199/año')).toBeVisible();
      for (const line of await card.getByRole('listitem').all()) await expect(line.locator('p').last()).toHaveText(AVAILABILITY);
      await expect(card.getByTestId('area-demand')).toContainText('Personas que esperan un club aquí:');
      await expect(card.getByRole('img', { name: 'Mapa: ZIP 78704' })).toBeVisible();
      await expect(card.getByText('Dónde está ZIP 78704 en Texas')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Reservar licencia compartida' })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Reservar licencia exclusiva' })).toBeVisible();
      await expectNoAxeViolations(page);

      // The switch keeps the chosen area: the same card, in English.
      await languageSwitch(page, 'English').click();
      await expect(page).toHaveURL(/:\d+\/area-search\?area=zip-78704$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('article').getByText('49,197 people · US Census 2020')).toBeVisible();
    });
  });
}
