import { clubPagePath } from '#lib/clubs/pages.ts';
import { pathIn } from '#lib/shared/languages.ts';
import { insertClub } from '../support/clubs.ts';
import { withDatabase } from './database.ts';
import { expect, expectNoAxeViolations, test, languageSwitch } from './fixtures.ts';

// Issue 42: a club's page in Spanish (/es/flamekeeper-clubs/{id}-{slug}), its words from src/content/es/club-page.yaml,
// its days, times and dates in es-US; the switch goes to the same club's English page and back.

let englishPath = '';

test.beforeAll(async () => {
  const clubName = `Círculo Luz ${process.pid}-${Date.now()}`;
  const club = await withDatabase((sql) =>
    insertClub(sql, {
      clubName,
      city: 'San Antonio',
      state: 'TX',
      zipCode: '78209',
      description: 'Leemos juntos cada sábado por la mañana, con café y pan dulce.',
      meetings: {
        meetingFrequency: 'weekly',
        meetingFormat: 'in-person',
        meetingLanguage: 'es',
        venueName: 'Biblioteca Landa',
        venueAddress: '233 Bushnell Ave',
        timeZone: 'America/Chicago',
        cycleStart: new Date().toISOString().slice(0, 10),
        meetingSlots: [{ weekday: 'saturday', start: '10:00', durationMinutes: 90 }],
      },
    }),
  );
  englishPath = clubPagePath({ id: club.id, clubName });
});

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
    });

    test("a visitor reads a club's page in Spanish and switches to the same English page and back", async ({ page }) => {
      await page.goto(pathIn('es', englishPath));
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByText('Club verificado')).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Reuniones' })).toBeVisible();
      await expect(page.getByText(/^Los sábados, 10:00\sa\.m\. – 11:30\sa\.m\.$/)).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Próximas sesiones' })).toBeVisible();
      await expect(page.getByText(/^Semana 1 — /).first()).toBeVisible();
      await expect(page.getByRole('link', { name: '← Volver al directorio' })).toHaveAttribute('href', '/es/flamekeeper-clubs');
      await expectNoAxeViolations(page);
      await page.screenshot({ path: test.info().outputPath(`club-page-es-${width}.png`), fullPage: true });

      await languageSwitch(page, 'English').click();
      await expect(page).toHaveURL(new RegExp(`${englishPath}$`));
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 2, name: 'Next Sessions' })).toBeVisible();
      await languageSwitch(page, 'Español').click();
      await expect(page).toHaveURL(new RegExp(`${pathIn('es', englishPath)}$`));
    });
  });
}
