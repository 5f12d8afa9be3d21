import fs from 'node:fs';
import { load } from 'js-yaml';
import { expect } from 'vitest';
import { LANGUAGES, pathIn, type Language } from '#lib/shared/languages.ts';
import { request } from './api.ts';

// The pages of both languages as the API tests read them from the test server (docs/decisions/041): a page's status,
// caching and HTML, the canonical address and alternates it names, and what every pair of twins must do.

export interface ServedPage {
  status: number;
  cacheControl: string | null;
  html: string;
}

export async function servedPage(path: string, headers: Record<string, string> = {}): Promise<ServedPage> {
  const response = await request(path, { headers });
  return { status: response.status, cacheControl: response.headers.get('cache-control'), html: await response.text() };
}

/** The page's `hreflang` alternates: language → path. */
export function alternatesOf(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, new URL(m[2]!).pathname]),
  );
}

export const canonicalOf = (html: string) => new URL(/<link rel="canonical" href="([^"]+)"/.exec(html)![1]!).pathname;

/** An English path and its Spanish twin's, by language. */
export const twinPaths = (englishPath: string) =>
  Object.fromEntries(LANGUAGES.map((language) => [language, pathIn(language, englishPath)])) as Record<Language, string>;

/**
 * Checks that the page at `englishPath` (with `query`) and its twin each answer in their language with their own
 * canonical address, and name each other both ways (alternates, and the switch to the same page); answers both.
 */
export async function expectTwins(englishPath: string, query = ''): Promise<Record<Language, ServedPage>> {
  const paths = twinPaths(englishPath);
  const pages = {} as Record<Language, ServedPage>;
  for (const language of LANGUAGES) {
    const served = await servedPage(`${paths[language]}${query}`);
    expect(served.status, paths[language]).toBe(200);
    expect(served.html).toContain(`<html lang="${language}"`);
    expect(canonicalOf(served.html)).toBe(paths[language]);
    expect(alternatesOf(served.html)).toEqual({ en: paths.en, es: paths.es, 'x-default': paths.en });
    const other = LANGUAGES.find((each) => each !== language)!;
    expect(served.html).toMatch(new RegExp(`<a[^>]*href="${paths[other]}"[^>]*hreflang="${other}"[^>]*data-language-switch="same-page"`));
    pages[language] = served;
  }
  return pages;
}

/** Every text of a content file under src/content (YAML or JSON), but a JSON file's `$comment`. */
export function contentTexts(file: string): string[] {
  const walk = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : value && typeof value === 'object'
        ? Object.entries(value).flatMap(([key, inner]) => (key === '$comment' ? [] : walk(inner)))
        : [];
  return walk(load(fs.readFileSync(`src/content/${file}`, 'utf8')));
}
