import fs from 'node:fs';
import { load } from 'js-yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { guidePagePath } from '#lib/guides/types.ts';
import { TRANSLATED_ROUTES, pathIn } from '#lib/shared/languages.ts';
import { request, testSql } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';
import { insertListedGuide } from '../support/guides.ts';
import { expectTwins, twinPaths } from '../support/twin-pages.ts';

// The Spanish twins of the pages rendered on demand (docs/decisions/041), as served: a club's page at
// /es/flamekeeper-clubs/{id}-{slug}. The prerendered twins are checked in their built files (tests/build/spanish-pages).

const spanishWeeks = load(fs.readFileSync('src/content/es/weeks.yaml', 'utf8')) as { week: number; theme: string }[];
const spanishWords = load(fs.readFileSync('src/content/es/club-page.yaml', 'utf8')) as Record<string, unknown>;

/** Every text of a content file's words. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Object.values(value as object).flatMap(textsOf);
}
const englishWords = new Set<string>(textsOf(load(fs.readFileSync('src/content/club-page.yaml', 'utf8'))));
const spanishOnly = textsOf(spanishWords).filter(
  (text) => !text.includes('{') && text.length > 4 && ![...englishWords].some((english) => english.includes(text)),
);

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
function structuredData(html: string): Record<string, unknown> {
  return JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as Record<string, unknown>;
}

let club: { id: number; clubName: string };
let pendingClub: { id: number; clubName: string };
let unwrittenClub: { id: number; clubName: string };
let guide: { id: number; name: string };

beforeAll(async () => {
  const sql = testSql();
  // Its reading plan began this week, so that its next sessions read the first weeks' themes.
  const cycleStart = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  club = {
    id: (
      await insertClub(sql, {
        clubName: 'Círculo Luz del Valle',
        city: 'San Antonio',
        state: 'TX',
        zipCode: '78209',
        meetingSchedule: 'Traemos pan dulce.',
        website: 'https://luz.example.org',
        createdAt: new Date('2026-02-10T12:00:00Z'),
        meetings: {
          meetingSlots: [{ weekday: 'saturday', start: '10:00', durationMinutes: 90 }],
          meetingFrequency: 'weekly',
          meetingFormat: 'in-person',
          meetingLanguage: 'es',
          venueName: 'Biblioteca Landa',
          venueAddress: '233 Bushnell Ave',
          cycleStart,
          timeZone: 'America/Chicago',
        },
      })
    ).id,
    clubName: 'Círculo Luz del Valle',
  };
  unwrittenClub = {
    id: (
      await insertClub(sql, {
        clubName: 'Lectores del Martes',
        meetings: { meetingSlots: [{ weekday: 'tuesday', start: '19:00', durationMinutes: 60 }], meetingLanguage: 'es' },
      })
    ).id,
    clubName: 'Lectores del Martes',
  };
  const listed = await insertListedGuide(sql, 'Rosa Vermont');
  guide = { id: listed.publicId, name: listed.name };
  pendingClub = {
    id: (await insertClub(sql, { clubName: 'Pending Chispas', isVerified: false })).id,
    clubName: 'Pending Chispas',
  };
});

describe("a club's page in Spanish", () => {
  const paths = () => twinPaths(clubPagePath(club));

  it('is a translated route', () => {
    expect(TRANSLATED_ROUTES).toContain('/flamekeeper-clubs/[club]');
  });

  it('and its English twin are each in their language, with their own canonical URL, and name each other both ways', async () => {
    const pages = await expectTwins(paths().en);
    for (const { cacheControl } of Object.values(pages)) expect(cacheControl).toBe('public, max-age=300');
  });

  it('says everything around what the host wrote in Spanish, its dates and times in es-US', async () => {
    const html = await (await request(paths().es)).text();
    const page = text(html);
    expect(html).toContain('<title>Círculo Luz del Valle, San Antonio, TX | FlameKeeper Clubs</title>');
    expect(html).toContain(
      'content="Círculo Luz del Valle es un Club FlameKeeper verificado en San Antonio, TX, organizado por Test Host. Se reúne: Traemos pan dulce."',
    );
    expect(page).toContain('Club verificado');
    expect(page).toContain('Organiza: Test Host');
    expect(page).toContain('Idioma de las reuniones: Español');
    expect(page).toContain('Lugar de reunión: Biblioteca Landa, 233 Bushnell Ave');
    expect(page).toContain('Cómo llegar');
    expect(page).toMatch(/Los sábados, 10:00 a\.m\. – 11:30 a\.m\./);
    expect(page).toContain('Cada cuánto: Cada semana');
    expect(page).toContain('Formato: En persona');
    expect(page).toContain('Nota: Traemos pan dulce.');
    expect(page).toContain('Próximas sesiones');
    // The next sessions: "sáb, 12 de dic, 10:00 a.m. CST", each with the week the plan reads then, in Spanish.
    const sessions = [...html.matchAll(/<time[^>]*>\s*(sáb, \d{1,2} de [a-z]{3,4}\.?, 10:00\sa\.m\. C[SD]T)\s*<\/time>/g)];
    expect(sessions).toHaveLength(4);
    const readings = [...page.matchAll(/Semana (\d) — (\p{L}+)/gu)];
    expect(readings.length).toBeGreaterThanOrEqual(3);
    for (const [, week, theme] of readings) expect(spanishWeeks.find((each) => each.week === Number(week))?.theme).toBe(theme);
    expect(page).not.toMatch(/Week \d/);
    expect(page).toContain('Registrado el 10 de febrero de 2026');
    expect(page).toMatch(/Activo, confirmado en [a-z]+ de \d{4}/);
    expect(page).toContain('¿Ya eres miembro?');
    expect(html).toContain('href="/es/flamekeeper-clubs"');
    // The language the club meets in, unchanged in structure: the JSON-LD says it whatever the page's language.
    const data = structuredData(html);
    expect(data).toMatchObject({
      '@type': 'Event',
      name: 'Círculo Luz del Valle',
      inLanguage: 'es',
      url: expect.stringContaining(paths().es),
    });
    const english = structuredData(await (await request(paths().en)).text());
    expect({ ...data, url: null }).toEqual({ ...english, url: null });
  });

  it("says a club's times in Spanish where its host wrote no schedule, not the English words the directory has for them", async () => {
    const english = text(await (await request(clubPagePath(unwrittenClub))).text());
    expect(english).toMatch(/Note: Tuesdays, 7:00 PM C[DS]?T, every week/);
    const html = await (await request(pathIn('es', clubPagePath(unwrittenClub)))).text();
    expect(html).toMatch(/content="Lectores del Martes es un Club FlameKeeper verificado en [^"]*\. Se reúne: Los martes, 7:00\sp\.m\."/);
    expect(text(html)).not.toContain('Nota:');
    expect(html).not.toContain('Tuesdays');
  });

  it('leaves the English page in English, with none of the Spanish words', async () => {
    expect(spanishOnly.length).toBeGreaterThan(30);
    const html = await (await request(paths().en)).text();
    const page = text(html);
    expect(page).toContain('Verified Club');
    expect(page).toContain('Language of meetings: Spanish (Español)');
    expect(page).toMatch(/Saturdays, 10:00 AM – 11:30 AM/);
    expect(page).toMatch(/Week \d — /);
    expect(page).toContain('Registered February 10, 2026');
    for (const word of spanishOnly) expect(html, word).not.toContain(word);
  });

  it("redirects another spelling to the Spanish page's own address, and answers a pending club with the Spanish 404", async () => {
    const misspelled = await request(`/es/flamekeeper-clubs/${club.id}-wrong?link=sent`);
    expect(misspelled.status).toBe(301);
    expect(misspelled.headers.get('location')).toMatch(new RegExp(`${paths().es}\\?link=sent$`));
    const pending = await request(pathIn('es', clubPagePath(pendingClub)));
    expect(pending.status).toBe(404);
    expect(await pending.text()).toContain('<html lang="es"');
  });

  it('is listed with its English twin in the clubs sitemap, each naming both', async () => {
    const xml = await (await request('/sitemap-clubs.xml')).text();
    const entries = [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1]!);
    for (const path of [paths().en, paths().es]) {
      const entry = entries.find((url) => new URL(/<loc>([^<]+)/.exec(url)![1]!).pathname === path);
      expect(entry, path).toBeDefined();
      const alternates = [...entry!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${new URL(m[2]!).pathname}`).sort();
      expect(alternates).toEqual([`en ${paths().en}`, `es ${paths().es}`, `x-default ${paths().en}`]);
    }
  });
});

describe('Find a Guide and a guide’s page in Spanish', () => {
  it('are translated routes whose pages and twins name each other both ways, each with its own canonical URL', async () => {
    expect(TRANSLATED_ROUTES).toEqual(expect.arrayContaining(['/guides', '/guides/[segment]']));
    for (const englishPath of ['/guides', guidePagePath(guide)]) await expectTwins(englishPath);
  });

  it('searches and lists guides in Spanish, linking to their Spanish pages', async () => {
    const html = await (await request('/es/guides?place=VT')).text();
    const page = text(html);
    expect(page).toContain('Buscar una guía');
    expect(page).toContain('Guías para Vermont');
    expect(page).toContain('Guía certificada desde enero de 2026');
    expect(html).toContain(`href="${pathIn('es', guidePagePath(guide))}"`);
    expect(html).toContain('action="/es/guides"');
    const english = await (await request('/guides?place=VT')).text();
    expect(english).toContain('Certified guide since January 2026');
    expect(english).toContain(`href="${guidePagePath(guide)}"`);
    expect(english).not.toContain('Buscar una guía');
  });

  it('offers the guide alert in Spanish where nobody serves the place, and in English on the English page', async () => {
    const spanish = await (await request('/es/guides?place=59901')).text();
    expect(text(spanish)).toContain('Avísame cuando un guía atienda');
    expect(spanish).toContain('action="/api/alerts/guides"');
    expect(spanish).not.toContain('Tell me when a guide serves');
    const english = await (await request('/guides?place=59901')).text();
    expect(english).toContain('Tell me when a guide serves');
    expect(english).not.toContain('Avísame cuando');
  });

  it("says a guide's page in Spanish, its message form's words in its props, and the English page not", async () => {
    const html = await (await request(pathIn('es', guidePagePath(guide)))).text();
    const page = text(html);
    expect(html).toContain('<title>Rosa Vermont, guía de FlameKeeper | FlameKeeper Clubs</title>');
    expect(page).toContain('← Buscar una guía');
    expect(page).toContain('Guía certificada desde enero de 2026');
    expect(page).toContain('Zonas que acompaña Rosa');
    expect(page).toContain('Escríbele a Rosa');
    expect(html).toContain('Agendar una sesión');
    expect(html).toContain('alt="Mapa: Vermont"');
    const english = await (await request(guidePagePath(guide))).text();
    expect(english).toContain('Message Rosa');
    for (const word of ['Escríbele', 'Agendar una sesión', 'Guía certificada', 'Mapa:']) expect(english).not.toContain(word);
  });

  it('redirects another spelling to the Spanish page, and lists both in the guides sitemap', async () => {
    const misspelled = await request(`/es/guides/${guide.id}-wrong`);
    expect(misspelled.status).toBe(301);
    expect(misspelled.headers.get('location')).toMatch(new RegExp(`${pathIn('es', guidePagePath(guide))}$`));
    const xml = await (await request('/sitemap-guides.xml')).text();
    const entry = [...xml.matchAll(/<url>(.*?)<\/url>/g)]
      .map((m) => m[1]!)
      .find((url) => new URL(/<loc>([^<]+)/.exec(url)![1]!).pathname === pathIn('es', guidePagePath(guide)));
    expect(entry).toBeDefined();
    expect([...entry!.matchAll(/hreflang="([^"]+)"/g)].map((m) => m[1])).toEqual(['en', 'es', 'x-default']);
  });
});
