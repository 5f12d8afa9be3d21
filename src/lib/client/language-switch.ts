import { LANGUAGE_COOKIE } from '#lib/shared/languages.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Points the language switches (LanguageSwitch.astro) of a page that has a twin at the same place of the twin: the
 * prerendered link knows only the path, so the query and anchor are added here, again whenever the anchor changes and
 * on a click, since an island (the directory's search) may have replaced the query since.
 * A click remembers the language chosen in a cookie, which nothing redirects on (docs/decisions/041).
 */
export function wireLanguageSwitches(): void {
  const links = [...document.querySelectorAll<HTMLAnchorElement>('a[data-language-switch]')];
  const keepPlace = () => {
    for (const link of links) {
      if (link.dataset.languageSwitch === 'same-page') link.href = link.pathname + location.search + location.hash;
    }
  };
  keepPlace();
  window.addEventListener('hashchange', keepPlace);
  for (const link of links) {
    link.addEventListener('click', () => {
      keepPlace();
      document.cookie = `${LANGUAGE_COOKIE}=${link.hreflang}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
    });
  }
}
