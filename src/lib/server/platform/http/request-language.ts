import { PAGE_LANGUAGE_HEADER } from '#lib/shared/page-language.ts';
import { languageOfPath, localizedHref, type Language } from '#lib/shared/languages.ts';
import { refererPage } from './origin.ts';

/** The language a request's answer is in: Spanish when its page says so, English for anything else or nothing. */
export const requestLanguage = (request: Request): Language => (request.headers.get(PAGE_LANGUAGE_HEADER) === 'es' ? 'es' : 'en');

/** The language of the page a request was posted from, by its Referer; English without one. */
function refererLanguage(request: Request): Language {
  const postedFrom = refererPage(request, new URL(request.url))?.split('?')[0];
  return postedFrom ? languageOfPath(postedFrom) : 'en';
}

/**
 * The language of an API refusal: the page's header, or, for a plain form that no bridge gave one (an email link
 * page's button: /es/alerts' Delete), the language of the page it was posted from.
 */
export function answerLanguage(request: Request): Language {
  const plainForm = /^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? '');
  return plainForm && !request.headers.has(PAGE_LANGUAGE_HEADER) ? refererLanguage(request) : requestLanguage(request);
}

/**
 * An English page's address (with its query) in the language of the page a plain form was posted from, by its Referer:
 * the Spanish twin when the form came from a Spanish page and the page has one (docs/decisions/041), else as given.
 * How an email link's button sends the browser back to the page it was pressed on.
 */
export const pageInLanguageOfReferer = (request: Request, englishPage: string): string =>
  localizedHref(englishPage, refererLanguage(request));
