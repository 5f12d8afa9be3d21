import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_DIR, javascriptOf, withImports } from '../support/built-javascript.ts';

// Issue 42: islands load only their page language's strings. The directory's islands, the area search's and the sign-in
// and password forms take their words from content files, one per language (docs/decisions/041): every text of an English file that its Spanish twin
// words differently must be absent from all the JavaScript the Spanish page can load, lazily loaded forms included, and
// the other way round. Short texts ("Email") are left out: they could stand in code for other reasons.

const DIRECTORY_FILES = ['directory-island.json', 'club-details.json', 'join-request-form.json', 'alert-form.json'];
const AREA_SEARCH_FILES = ['area-search-island.json'];
const MIN_LENGTH = 12;
/**
 * English texts that modules of src/lib shared with the server and the English pages also hold, so that they reach the
 * Spanish page's JavaScript without being shown there (but for the area search's account forms): the meeting labels of
 * #lib/clubs/meetings/types.ts, the report reasons of #lib/clubs/types.ts, "Confirmed active" of
 * #lib/check-ins/types.ts, and words that a schema's English messages happen to contain. A gap to close by moving those
 * labels out of the modules the islands need.
 */
const SHARED_WITH_ENGLISH_MODULES = new Set([
  'Hybrid (in person and online)',
  'Spanish (Español)',
  'English and Spanish',
  'Another language',
  'Confirmed active {month}',
  'Meeting schedule',
  'Not meeting any more',
  'Wrong time or place',
  'The host does not answer',
  'Something else',
  'Tell me when {club} takes new members',
  // The area search's guide account forms, loaded on a click (GuideAccountForms.tsx and the sign-in forms it shares with
  // /login and the hosts' registration, #lib/shared/form-posts.ts, the licensing schemas), which are not translated yet.
  'ZIP code, county or state',
  'We sent a new confirmation link to {email}.',
  'Could not send the link',
  'Create a guide account',
]);

/** All the JavaScript a page can load, lazily loaded forms included, as one text. */
function codeOf(page: string): string {
  return javascriptOf(page)
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n');
}

/**
 * All the JavaScript an island entry of a page rendered on demand can load (which no built page names): the module
 * the build names after the entry's file (`AdminLoginEs.tsx` → `_astro/AdminLoginEs.{hash}.js`), and all it imports.
 */
function codeOfEntry(entry: string): string {
  const built = fs.readdirSync(path.join(CLIENT_DIR, '_astro')).filter((file) => file.startsWith(`${entry}.`) && file.endsWith('.js'));
  expect(built, entry).toHaveLength(1);
  return withImports([`/_astro/${built[0]}`])
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n');
}

/** The texts of a content file, by their path in it, but its editors' comments. */
function textsOf(file: string): Map<string, string> {
  const texts = new Map<string, string>();
  const walk = (value: unknown, at: string) => {
    if (typeof value === 'string') texts.set(at, value);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) if (key !== '$comment') walk(inner, `${at}.${key}`);
    }
  };
  walk(JSON.parse(fs.readFileSync(path.join('src/content', file), 'utf8')), '');
  return texts;
}

/** A text's longest stretch without a placeholder: a bundle may write a template split at them. */
function longestPart(text: string): string {
  return text.split(/\{\w+\}/).reduce((longest, part) => (part.length > longest.length ? part : longest), '');
}

const inBundle = (code: string, text: string) => code.includes(longestPart(text));

/** The texts of `files` in one language that the other words differently, with a stretch long enough to tell. */
function ownTexts(language: 'en' | 'es', files: readonly string[]): string[] {
  return files.flatMap((file) => {
    const english = textsOf(file);
    const spanish = textsOf(`es/${file}`);
    return [...english].flatMap(([at, text]) => {
      const twin = spanish.get(at);
      const own = language === 'en' ? text : twin;
      return own !== undefined && own !== (language === 'en' ? twin : text) && longestPart(own).trim().length >= MIN_LENGTH ? [own] : [];
    });
  });
}

describe.each([
  ["the directory's islands", DIRECTORY_FILES, 'flamekeeper-clubs.html'],
  ["the area search's island", AREA_SEARCH_FILES, 'area-search.html'],
])('%s', (_, files, page) => {
  it('carry no Spanish on the English page, and find its English words there', () => {
    const code = codeOf(page);
    expect(ownTexts('en', files).filter((text) => !inBundle(code, text))).toEqual([]);
    expect(ownTexts('es', files).filter((text) => inBundle(code, text))).toEqual([]);
  });

  it('carry no English on the Spanish page, and find its Spanish words there', () => {
    const code = codeOf(`es/${page}`);
    expect(ownTexts('es', files).filter((text) => !inBundle(code, text))).toEqual([]);
    expect(ownTexts('en', files).filter((text) => inBundle(code, text) && !SHARED_WITH_ENGLISH_MODULES.has(text))).toEqual([]);
  });
});

// The sign-in and password islands (/login, /reset-password and their twins, rendered on demand) take their words the
// same way: each language's entry imports that language's files.
describe.each([
  { page: '/login', entries: { en: 'AdminLoginEn', es: 'AdminLoginEs' }, files: ['sign-in-form.json'] },
  {
    page: '/reset-password',
    entries: { en: 'PasswordResetIslands', es: 'PasswordResetIslandsEs' },
    files: ['forgot-password-form.json', 'reset-password-form.json'],
  },
])('the islands of $page', ({ entries, files }) => {
  it('carry no Spanish on the English page, and find its English words there', () => {
    const code = codeOfEntry(entries.en);
    expect(ownTexts('en', files).filter((text) => !inBundle(code, text))).toEqual([]);
    expect(ownTexts('es', files).filter((text) => inBundle(code, text))).toEqual([]);
  });

  it('carry no English on the Spanish page, and find its Spanish words there', () => {
    const code = codeOfEntry(entries.es);
    expect(ownTexts('es', files).filter((text) => !inBundle(code, text))).toEqual([]);
    expect(ownTexts('en', files).filter((text) => inBundle(code, text))).toEqual([]);
  });
});
