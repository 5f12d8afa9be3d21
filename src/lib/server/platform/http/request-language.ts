import { PAGE_LANGUAGE_HEADER } from '#lib/shared/page-language.ts';
import type { Language } from '#lib/shared/languages.ts';

/** The language a request's answer is in: Spanish when its page says so, English for anything else or nothing. */
export const requestLanguage = (request: Request): Language => (request.headers.get(PAGE_LANGUAGE_HEADER) === 'es' ? 'es' : 'en');
