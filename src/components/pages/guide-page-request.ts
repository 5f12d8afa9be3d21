import type { AstroGlobal } from 'astro';
import { guidePagePath, type GuidePage } from '#lib/guides/types.ts';
import { pathIn, type Language } from '#lib/shared/languages.ts';
import { parsePageSegment } from '#lib/shared/page-slugs.ts';
import { guideReplyTime } from '#server/follow-ups/index.ts';
import { findClubsInAreas, findGuidePage } from '#server/guides/index.ts';
import { renderedPage, renderedPageKey } from '#server/platform/http/rendered-pages.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';
import { readPage } from '#server/platform/site-content.ts';

/** What a guide's page shows, as its route read it. */
export interface GuidePageReading {
  guide: GuidePage;
  clubs: Awaited<ReturnType<typeof findClubsInAreas>>;
  responseTime: string | null;
}

/**
 * What a request for a listed guide's page in `lang` reads (issue 27, decision 041), or the answer that replaces the
 * page: the site's 404 page for a guide who is not listed (or unknown), a 301 to the page's own address for any other
 * spelling of it, or the HTML rendered before from the same reading (decision 039). `page` is the route module's own
 * URL, which names the build (each language's route has its own). Both routes call it first, as only a page's own
 * frontmatter can answer otherwise than with its HTML, then render GuidePage.astro with what it read.
 */
export async function guideOfRequest(astro: AstroGlobal, lang: Language, page: string): Promise<GuidePageReading | Response> {
  const segment = parsePageSegment(astro.params.segment ?? '');
  const guide = segment ? await findGuidePage(segment.id) : null;
  if (!guide) return astro.rewrite('/404');
  const path = pathIn(lang, guidePagePath(guide));
  if (astro.url.pathname !== path) return astro.redirect(`${path}${astro.url.search}`, 301);

  const origin = siteOrigin(astro.locals.serverPort);
  // English says the reply time in message-replies.json's words; Spanish in the club page's Spanish twin's.
  const replyWords = lang === 'en' ? undefined : (await readPage('clubPage', lang)).responseTime;
  const [clubs, responseTime] = await Promise.all([findClubsInAreas(guide.areas), guideReplyTime(guide.id, new Date(), replyWords)]);
  // Read afresh on every request; rendered once per distinct reading (docs/decisions/039): the HTML depends on nothing
  // else but the build. A page showing a form's outcome (formFlash) is the visitor's own, and never kept.
  const pageKey =
    import.meta.env.DEV || astro.locals.formFlash !== undefined
      ? null
      : renderedPageKey(page, path, { guide, clubs, responseTime, origin, lang });
  const kept = renderedPage(pageKey);
  if (kept) return kept;
  astro.locals.renderedPageKey = pageKey;
  // Public and the same for every visitor, as a club's page: a change shows within five minutes.
  astro.response.headers.set('cache-control', 'public, max-age=300');
  return { guide, clubs, responseTime };
}
