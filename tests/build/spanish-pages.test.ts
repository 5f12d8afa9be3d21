import fs from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { CLIENT_DIR, javascriptOf } from '../support/built-javascript.ts';
import { RESERVE_AREA_CARD_SCRIPT } from '#lib/licensing/area-card-space.ts';
import { LANGUAGES, TRANSLATED_ROUTES, pathIn, type Language } from '#lib/shared/languages.ts';

// Every English route listed as translated has its /es/ twin, and the two name each other (docs/decisions/041);
// English pages carry none of the Spanish words. The twins rendered on demand (`prerender = false`: /contact-us) have
// no built file; tests/api/spanish-pages.test.ts and spanish-club-guide-pages.test.ts fetch them from the server.

/** The prerendered file of a route: `/` → index.html, `/es` → es.html, `/es/faq` → es/faq.html. */
const fileOf = (route: string) => path.join(CLIENT_DIR, route === '/' ? 'index.html' : `${route.slice(1)}.html`);
const read = (route: string) => fs.readFileSync(fileOf(route), 'utf8');

/** The routes of src/pages/es/ as English routes. */
function spanishPageRoutes(): string[] {
  const root = path.resolve('src/pages/es');
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.astro'))
    .map((file) => `/${file.replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}`)
    .sort();
}

/** Whether an English route is rendered on demand (its route file says `prerender = false`), so has no built file. */
function onDemand(route: string): boolean {
  const base = path.resolve('src/pages', route === '/' ? 'index' : route.slice(1));
  const file = [`${base}.astro`, path.join(base, 'index.astro')].find((candidate) => fs.existsSync(candidate));
  return file !== undefined && /^export const prerender = false;$/m.test(fs.readFileSync(file, 'utf8'));
}

/** The translated routes built as files. */
const PRERENDERED = TRANSLATED_ROUTES.filter((route) => !onDemand(route));

function alternatesOf(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, new URL(m[2]!).pathname]),
  );
}

/** Every text of a YAML or JSON content file's values, flattened, but its editors' comments (`$comment`). */
function textsOf(file: string): string[] {
  const walk = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : value && typeof value === 'object'
        ? Object.entries(value).flatMap(([key, inner]) => (key === '$comment' ? [] : walk(inner)))
        : [];
  return walk(load(fs.readFileSync(file, 'utf8')));
}

const canonicalOf = (html: string) => new URL(/<link rel="canonical" href="([^"]+)"/.exec(html)![1]!).pathname;

describe('the Spanish twins of the built site', () => {
  it('are exactly the routes listed as translated', () => {
    expect(spanishPageRoutes()).toEqual([...TRANSLATED_ROUTES].sort());
  });

  it('has a built file for every translated route but those rendered on demand', () => {
    for (const route of TRANSLATED_ROUTES) expect(fs.existsSync(fileOf(route)), route).toBe(!onDemand(route));
    expect(PRERENDERED.length).toBeGreaterThan(5);
  });

  it.each(PRERENDERED)('%s and its twin are each in their language and name each other both ways', (route) => {
    const paths = Object.fromEntries(LANGUAGES.map((language) => [language, pathIn(language, route)])) as Record<Language, string>;
    for (const language of LANGUAGES) {
      const html = read(paths[language]);
      expect(html).toContain(`<html lang="${language}"`);
      expect(canonicalOf(html)).toBe(paths[language]);
      expect(alternatesOf(html)).toEqual({ en: paths.en, es: paths.es, 'x-default': paths.en });
      const other = LANGUAGES.find((each) => each !== language)!;
      expect(html).toMatch(new RegExp(`<a[^>]*href="${paths[other]}"[^>]*hreflang="${other}"[^>]*data-language-switch="same-page"`));
    }
  });

  it('/es/become-guide says its licensing words, tiers, prices and map in Spanish, linking to the Spanish twins', () => {
    const html = read('/es/become-guide');
    for (const words of [
      'Hazte guía de FlameKeeper',
      'Tu camino para ser guía',
      'Licencia exclusiva',
      'Precios por nivel de población',
      'Pueblos pequeños y comunidades rurales',
      '$199/año',
      'Mercados medianos',
      'Dónde se buscan clubes',
      // The map's fallback names its states in Spanish.
      'aria-label="Carolina del Norte"',
    ])
      expect(html).toContain(words);
    expect(html).toContain('href="/es/area-search"');
    expect(html).toContain('href="/es/guides"');
    expect(html).not.toContain('Become a FlameKeeper Guide');
  });

  it("/es/area-search says its page's words in Spanish and hands its island no words in its HTML", () => {
    const html = read('/es/area-search');
    for (const words of ['Busca y reserva tu zona', 'Cómo se calculan los precios', 'Población ÷ factor', '$399/año', '250,000+'])
      expect(html).toContain(words);
    // The island's words travel in its JavaScript (tests/build/island-languages.test.ts): its props are a number.
    const islands = [...html.matchAll(/<astro-island[^>]*component-url="[^"]*\/(AreaSearch\w*)\.[^"]*"[^>]*props="([^"]*)"/g)];
    expect(islands.map(([, name, props]) => [name, props])).toEqual([['AreaSearchEs', '{&quot;paymentDays&quot;:[0,14]}']]);
    // The inline script that keeps the card's place is the one whose hash the Content-Security-Policy allows.
    expect(html).toContain(`<script>${RESERVE_AREA_CARD_SCRIPT}</script>`);
    expect(read('/area-search')).toContain(`<script>${RESERVE_AREA_CARD_SCRIPT}</script>`);
  });

  it('keeps the Spanish words of the licensing pages out of the English ones', () => {
    const spanishOnly = (file: string) => {
      const english = new Set(textsOf(`src/content/${file}`));
      return textsOf(`src/content/es/${file}`).filter((text) => /\p{L}{4}/u.test(text) && !english.has(text) && !text.includes('{'));
    };
    for (const [route, files] of [
      ['/become-guide', ['licensing.yaml', 'tiers.yaml', 'demand.yaml']],
      ['/area-search', ['area-search.yaml', 'area-search-island.json']],
    ] as const) {
      const html = read(route);
      const texts = files.flatMap(spanishOnly);
      expect(texts.length, route).toBeGreaterThan(10);
      for (const text of texts) expect(html, `${route}: ${text}`).not.toContain(text);
    }
  });

  it("sends the header's sign-in to the page's own language", () => {
    const signIns = (route: string) => [...read(route).matchAll(/<a[^>]*data-show-for="anon"[^>]*>|<li data-show-for="anon">\s*<a[^>]*>/g)];
    const hrefs = (route: string) => signIns(route).map(([tag]) => /href="([^"]+)"/.exec(tag)?.[1]);
    expect(hrefs('/es')).toEqual(['/es/login', '/es/login']);
    expect(hrefs('/')).toEqual(['/login', '/login']);
  });

  it("keeps the Spanish header's and footer's words out of English pages and their JavaScript", () => {
    const { otherLanguage: _english, ...spanish } = load(fs.readFileSync('src/content/es/header-footer.yaml', 'utf8')) as Record<
      string,
      unknown
    >;
    const words = Object.values(spanish).flatMap((value) => (typeof value === 'string' ? [value] : Object.values(value as object)));
    expect(words.length).toBeGreaterThan(10);
    const englishPages = PRERENDERED.map((route) => path.relative(CLIENT_DIR, fileOf(route)));
    const scripts = [...new Set(englishPages.flatMap((page) => javascriptOf(page)))].map((file) => fs.readFileSync(file, 'utf8'));
    for (const route of PRERENDERED) {
      const html = read(route);
      for (const word of words) expect(html, `${route}: ${word}`).not.toContain(word);
    }
    for (const word of words)
      expect(
        scripts.some((code) => code.includes(word)),
        word,
      ).toBe(false);
  });
});
