import fs from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, TRANSLATED_ROUTES, pathIn, type Language } from '#lib/shared/languages.ts';

// Every English route listed as translated has its /es/ twin, and the two name each other (docs/decisions/041);
// English pages carry none of the Spanish words.

const CLIENT_DIR = path.resolve('dist/client');

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

function alternatesOf(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, new URL(m[2]!).pathname]),
  );
}

/** The source of a route's Spanish page: `/faq` → es/faq.astro, `/guides` → es/guides/index.astro. */
function spanishSourceOf(route: string): string {
  const file = path.resolve('src/pages/es', `${route.slice(1) || 'index'}.astro`);
  return fs.readFileSync(fs.existsSync(file) ? file : path.resolve('src/pages/es', route.slice(1), 'index.astro'), 'utf8');
}

/**
 * The translated routes whose pages are prerendered, whose built files this test reads; those rendered on demand (a
 * club's page) are checked as served, by tests/api/spanish-pages.test.ts.
 */
const PRERENDERED = TRANSLATED_ROUTES.filter((route) => !/^export const prerender = false;$/m.test(spanishSourceOf(route)));

const canonicalOf = (html: string) => new URL(/<link rel="canonical" href="([^"]+)"/.exec(html)![1]!).pathname;

describe('the Spanish twins of the built site', () => {
  it('are exactly the routes listed as translated', () => {
    expect(spanishPageRoutes()).toEqual([...TRANSLATED_ROUTES].sort());
  });

  it('reads the prerendered ones here, and none with a parameter', () => {
    expect(PRERENDERED).toContain('/faq');
    expect(PRERENDERED.filter((route) => route.includes('['))).toEqual([]);
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

  it('leaves a page without a twin without alternates, its switch leading to the Spanish home', () => {
    const html = read('/become-guide');
    expect(alternatesOf(html)).toEqual({});
    expect(html).toMatch(/<a[^>]*href="\/es"[^>]*hreflang="es"[^>]*data-language-switch="home"/);
  });

  it("keeps the Spanish header's and footer's words out of English pages and their JavaScript", () => {
    const { otherLanguage: _english, ...spanish } = load(fs.readFileSync('src/content/es/header-footer.yaml', 'utf8')) as Record<
      string,
      unknown
    >;
    const words = Object.values(spanish).flatMap((value) => (typeof value === 'string' ? [value] : Object.values(value as object)));
    expect(words.length).toBeGreaterThan(10);
    const scripts = fs
      .readdirSync(path.join(CLIENT_DIR, '_astro'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => fs.readFileSync(path.join(CLIENT_DIR, '_astro', file), 'utf8'));
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
