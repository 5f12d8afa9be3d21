import type { Page } from '@playwright/test';
import { LANGUAGE_COOKIE } from '#lib/shared/languages.ts';
import { expect, expectNoAxeViolations, test, languageSwitch } from './fixtures.ts';

// The Spanish twins of the content pages (issue 42, docs/decisions/041): the language switch leads to the same place of
// the same page in the other language, its query and anchor kept, and remembers the choice. It is in the header from
// md up (below, the spec's header holds only the login or logout icon) and in the footer at every width.

const languageCookie = async (page: Page) => (await page.context().cookies()).find(({ name }) => name === LANGUAGE_COOKIE)?.value;

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test('a visitor on /es/faq switches to the same English question and back', async ({ page }) => {
      await page.goto('/es/faq?ref=flyer#faq-2');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { level: 1, name: 'Preguntas frecuentes' })).toBeVisible();
      await expectNoAxeViolations(page);

      await languageSwitch(page, 'English').click();
      await expect(page).toHaveURL(/\/faq\?ref=flyer#faq-2$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
      expect(await languageCookie(page)).toBe('en');

      // An anchor followed on the page is kept too.
      await page.getByRole('link', { name: 'For Coaches' }).click();
      await languageSwitch(page, 'Español').click();
      await expect(page).toHaveURL(/\/es\/faq\?ref=flyer#faq-3$/);
      await expect(page.getByRole('heading', { level: 2, name: 'Para coaches' })).toBeVisible();
      expect(await languageCookie(page)).toBe('es');
    });

    test('the Spanish home, How It Works and policies read in Spanish and switch from the footer', async ({ page }) => {
      await page.goto('/es');
      await expect(page.getByRole('heading', { level: 1, name: 'Únete a un Flamekeeper Club' })).toBeVisible();
      await page.getByRole('main').getByRole('link', { name: 'Ver el plan de lectura' }).click();
      await expect(page).toHaveURL(/\/es\/club-schedule$/);
      await expect(page.getByRole('heading', { level: 3, name: 'Programa principal: semanas 1 a 4' })).toBeVisible();
      await expect(page.getByText('Despertar, Reflexión, Claridad y Integración')).toBeVisible();
      // /flamekeeper-clubs has no twin yet: the link leads to the English page.
      await page.goto('/es');
      await page.getByRole('main').getByRole('link', { name: 'Buscar clubes' }).click();
      await expect(page).toHaveURL(/\/flamekeeper-clubs$/);

      await page.goto('/es/how-it-works');
      await expect(page.getByRole('heading', { level: 3, name: 'Despertar' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 3, name: 'Para participantes' })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.goto('/es/privacy-terms');
      await expect(page.getByText('prevalece la versión en inglés').first()).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('contentinfo').getByRole('link', { name: 'English' }).click();
      await expect(page).toHaveURL(/\/privacy-terms$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy & Terms of Service' })).toBeVisible();
    });
  });
}

test.describe('the not-found page', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('is in Spanish under /es/, and for a visitor who chose Spanish, with no redirect', async ({ page }) => {
    const spanish = await page.goto('/es/no-such-page');
    expect(spanish!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/es');

    const english = await page.goto('/no-such-page');
    expect(english!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();

    await page.getByRole('contentinfo').getByRole('link', { name: 'Español' }).click();
    await expect(page).toHaveURL(/\/es$/);
    const chosen = await page.goto('/no-such-page');
    expect(chosen!.status()).toBe(404);
    expect(new URL(page.url()).pathname).toBe('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
  });
});
