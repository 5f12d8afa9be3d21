// The site's two languages and the addresses of a page in each (docs/decisions/041): English at today's addresses,
// Spanish under /es, as Astro's i18n routing (astro.config.mjs) serves them.

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The locale of each language's numbers, plurals, dates and times (Intl). */
export const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US' };

/** The cookie that remembers the language a visitor chose with the switch. Nothing redirects on it. */
export const LANGUAGE_COOKIE = 'language';

const SPANISH_PREFIX = '/es';

/**
 * The English routes that have a Spanish twin under /es, each served by one page component taking `lang`. A dynamic
 * route is written as its file under src/pages names it: `/flamekeeper-clubs/[club]` is every club's page, its
 * `[club]` any one segment of a path. tests/build/spanish-pages.test.ts fails when this list and the files of
 * src/pages/es/ disagree.
 */
export const TRANSLATED_ROUTES: readonly string[] = [
  '/',
  '/alerts',
  '/alerts/confirm',
  '/alerts/keep',
  '/area-search',
  '/become-guide',
  '/cancel-email-change',
  '/club-schedule',
  '/confirm-email',
  '/contact-us',
  '/faq',
  '/flamekeeper-clubs',
  '/flamekeeper-clubs/[club]',
  '/guides',
  '/guides/[segment]',
  '/how-it-works',
  '/join-request',
  '/login',
  '/message-replied',
  '/privacy-terms',
  '/reset-password',
  '/unsubscribe',
  '/wanted/[state]',
  '/your-club',
  '/your-club/not-me',
  '/your-club/rsvp',
  '/your-club/stop-reminders',
];

/** Whether an English path is an address of `route`: `/faq` of `/faq`, `/flamekeeper-clubs/7-lights` of `/flamekeeper-clubs/[club]`. */
export function isPathOfRoute(path: string, route: string): boolean {
  const parts = path.split('/');
  const routeParts = route.split('/');
  return (
    parts.length === routeParts.length &&
    routeParts.every((part, index) => (/^\[[^\]/]+\]$/.test(part) ? parts[index] !== '' : part === parts[index]))
  );
}

/** Whether an English path has a Spanish twin. */
export const isTranslatedPath = (englishPath: string): boolean => TRANSLATED_ROUTES.some((route) => isPathOfRoute(englishPath, route));

/** The language a path is in: Spanish under /es, English anywhere else. */
export function languageOfPath(pathname: string): Language {
  return pathname === SPANISH_PREFIX || pathname.startsWith(`${SPANISH_PREFIX}/`) ? 'es' : 'en';
}

/** The English address of a path in either language: `/es/faq` → `/faq`, `/es` → `/`. */
export function englishPathOf(pathname: string): string {
  return languageOfPath(pathname) === 'es' ? pathname.slice(SPANISH_PREFIX.length) || '/' : pathname;
}

/** An English address in `language`: `/faq` → `/es/faq`, `/` → `/es`. */
export function pathIn(language: Language, englishPath: string): string {
  if (language === 'en') return englishPath;
  return englishPath === '/' ? SPANISH_PREFIX : `${SPANISH_PREFIX}${englishPath}`;
}

/** The page's address in each language when it has a twin, else null. */
export function twinPathsOf(pathname: string): Record<Language, string> | null {
  const english = englishPathOf(pathname);
  return isTranslatedPath(english) ? { en: english, es: pathIn('es', english) } : null;
}

/**
 * A link of site content (written as the English address, with any query or anchor) as a page in `language` shows
 * it: to the Spanish twin when there is one, else unchanged.
 */
export function localizedHref(href: string, language: Language): string {
  if (language === 'en' || !href.startsWith('/')) return href;
  const [, path = href, rest = ''] = /^([^?#]*)(.*)$/.exec(href) ?? [];
  return isTranslatedPath(path) ? `${pathIn(language, path)}${rest}` : href;
}
