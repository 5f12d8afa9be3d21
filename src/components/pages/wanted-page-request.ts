import type { AstroGlobal } from 'astro';
import { wantedStatePath } from '#lib/demand/counts.ts';
import { pathIn, type Language } from '#lib/shared/languages.ts';
import { findWantedCounties } from '#server/demand/index.ts';
import { renderedPage, renderedPageKey } from '#server/platform/http/rendered-pages.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

/** What a state's "Where clubs are wanted" page shows, as its route read it. */
export type WantedReading = NonNullable<Awaited<ReturnType<typeof findWantedCounties>>>;

/**
 * What a request for a state's page of where clubs are wanted reads in `lang` (issue 39, decision 041), or the answer
 * that replaces the page: the site's 404 page for anything but one of the 50 states, or the HTML rendered before from
 * the same reading (decision 039). `page` is the route module's own URL, which names the build (each language's route
 * has its own). Both routes call it first, as only a page's own frontmatter can answer otherwise than with its HTML,
 * then render WantedPage.astro with what it read.
 */
export async function wantedOfRequest(astro: AstroGlobal, lang: Language, page: string): Promise<WantedReading | Response> {
  const code = astro.params.state ?? '';
  const wanted = /^[a-z]{2}$/.test(code) ? await findWantedCounties(code) : null;
  if (!wanted) return astro.rewrite('/404');
  // Read afresh on every request; rendered once per distinct reading (docs/decisions/039): rendering Texas's 254
  // counties cost 1.7 s at the 99th percentile at 200 requests/s, its bare query 26 ms (issue 43's open-loop bench). A
  // page showing a form's outcome (formFlash) is the visitor's own, and never kept.
  const pageKey =
    import.meta.env.DEV || astro.locals.formFlash !== undefined
      ? null
      : renderedPageKey(page, pathIn(lang, wantedStatePath(code)), { wanted, origin: siteOrigin(astro.locals.serverPort) });
  const kept = renderedPage(pageKey);
  if (kept) return kept;
  astro.locals.renderedPageKey = pageKey;
  return wanted;
}
