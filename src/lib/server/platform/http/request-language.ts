import { PAGE_LANGUAGE_HEADER } from '#lib/shared/page-language.ts';
import { languageOfPath, localizedHref, type Language } from '#lib/shared/languages.ts';
import { refererPage } from './origin.ts';

/** The language a request's answer is in: Spanish when its page says so, English for anything else or nothing. */
export const requestLanguage = (request: Request): Language => (request.headers.get(PAGE_LANGUAGE_HEADER) === 'es' ? 'es' : 'en');

/**
 * An English page's address (with its query) in the language of the page a plain form was posted from, by its Referer:
 * the Spanish twin when the form came from a Spanish page and the page has one (docs/decisions/041), else as given.
 * How an email link's button sends the browser back to the page it was pressed on.
 */
export function pageInLanguageOfReferer(request: Request, englishPage: string): string {
  const postedFrom = refererPage(request, new URL(request.url))?.split('?')[0];
  return postedFrom ? localizedHref(englishPage, languageOfPath(postedFrom)) : englishPage;
}
