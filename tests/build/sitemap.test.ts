import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STATE_CODES } from '#lib/places/us-states.ts';
import { TRANSLATED_ROUTES, pathIn } from '#lib/shared/languages.ts';

const CLIENT_DIR = path.resolve('dist/client');
// The public pages a search engine may list; sign-in, registration, profiles and admin pages stay out. The clubs'
// pages are rendered on demand and listed by /sitemap-clubs.xml (tests/api/club-pages.test.ts), the guides' by
// /sitemap-guides.xml (tests/api/guide-pages.test.ts). Where clubs are wanted in each state (/wanted/{state}), rendered
// on demand too, is one page per state and language, listed here. The Spanish twins (docs/decisions/041) are listed with their pages.
// A translated route with a parameter (a club's page) is listed, with its twin, by its on-demand sitemap; the pages of
// emails' links (/join-request, /your-club/…) are in neither language.
const ENGLISH_PUBLIC_PATHS = [
  '/',
  '/area-search',
  '/become-guide',
  '/club-schedule',
  '/contact-us',
  '/faq',
  '/flamekeeper-clubs',
  '/guides',
  '/how-it-works',
  '/privacy-terms',
];
const STATIC_TRANSLATED_ROUTES = TRANSLATED_ROUTES.filter((route) => ENGLISH_PUBLIC_PATHS.includes(route));
const WANTED_PATHS = STATE_CODES.map((code) => `/wanted/${code.toLowerCase()}`);
const PUBLIC_PATHS = [
  ...ENGLISH_PUBLIC_PATHS,
  ...WANTED_PATHS,
  ...[...STATIC_TRANSLATED_ROUTES, ...WANTED_PATHS].map((route) => pathIn('es', route)),
].sort();

function read(file: string): string {
  return fs.readFileSync(path.join(CLIENT_DIR, file), 'utf8');
}

function locations(xml: string): URL[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!));
}

describe('the built sitemap and robots.txt', () => {
  it('lists exactly the public content pages, all on one site', () => {
    const urls = locations(read('sitemap-0.xml'));
    expect(urls.map((url) => url.pathname).sort()).toEqual(PUBLIC_PATHS);
    expect(new Set(urls.map((url) => url.origin)).size).toBe(1);
  });

  it('names, for a page and its Spanish twin, both addresses and the English one as x-default', () => {
    const xml = read('sitemap-0.xml');
    for (const route of [...STATIC_TRANSLATED_ROUTES, ...WANTED_PATHS]) {
      for (const path of [route, pathIn('es', route)]) {
        const entry = [...xml.matchAll(/<url>(.*?)<\/url>/g)]
          .map((m) => m[1]!)
          .find((url) => new URL(/<loc>([^<]+)/.exec(url)![1]!).pathname === path);
        expect(entry, path).toBeDefined();
        const alternates = [...entry!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)]
          .map((m) => `${m[1]} ${new URL(m[2]!).pathname}`)
          .sort();
        expect(alternates, path).toEqual([`en ${route}`, `es ${pathIn('es', route)}`, `x-default ${route}`]);
      }
    }
  });

  it("has an index that points at the content pages' sitemap and the clubs' (rendered on demand)", () => {
    const [origin] = locations(read('sitemap-0.xml')).map((url) => url.origin);
    expect(locations(read('sitemap-index.xml')).map(String).sort()).toEqual([
      `${origin}/sitemap-0.xml`,
      `${origin}/sitemap-clubs.xml`,
      `${origin}/sitemap-guides.xml`,
    ]);
  });

  it('has a prerendered robots.txt whose Sitemap lines name the sitemap index and the clubs sitemap', () => {
    const [origin] = locations(read('sitemap-0.xml')).map((url) => url.origin);
    const sitemapLines = read('robots.txt')
      .split('\n')
      .filter((line) => line.startsWith('Sitemap:'));
    expect(sitemapLines).toEqual([
      `Sitemap: ${origin}/sitemap-index.xml`,
      `Sitemap: ${origin}/sitemap-clubs.xml`,
      `Sitemap: ${origin}/sitemap-guides.xml`,
    ]);
  });
});
