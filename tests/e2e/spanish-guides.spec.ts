import { pathIn } from '#lib/shared/languages.ts';
import { guidePagePath } from '#lib/guides/types.ts';
import { insertListedGuide } from '../support/guides.ts';
import { withDatabase } from './database.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

// Issue 42: Find a Guide and a guide's page in Spanish (/es/guides, /es/guides/{id}-{slug}), their words from
// src/content/es/find-a-guide.yaml and es/guide-message-form.json.

let guideName = '';
let englishPath = '';

test.beforeAll(async () => {
  const guide = await withDatabase((sql) => insertListedGuide(sql, `Rosa Guía ${process.pid}-${Date.now()}`));
  guideName = guide.name;
  englishPath = guidePagePath({ id: guide.publicId, name: guide.name });
});

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test("a visitor finds a guide in Spanish and reads the guide's Spanish page", async ({ page }) => {
      await page.goto('/es/guides?place=VT');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { level: 1, name: 'Buscar una guía' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Guías para Vermont' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: test.info().outputPath(`guides-es-${width}.png`), fullPage: true });

      await page.getByRole('link', { name: guideName }).click();
      await expect(page).toHaveURL(new RegExp(`${pathIn('es', englishPath)}$`));
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { level: 2, name: /^Escríbele a Rosa$/ })).toBeVisible();
      await expect(page.getByText('Guía certificada desde enero de 2026')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.screenshot({ path: test.info().outputPath(`guide-page-es-${width}.png`), fullPage: true });
    });
  });
}
