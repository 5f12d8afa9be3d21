import type { APIRoute } from 'astro';
import { guidePagePath } from '#lib/guides/types.ts';
import { pathIn } from '#lib/shared/languages.ts';
import { listGuidePages } from '#server/guides/index.ts';
import { sitemapResponse, twinEntries } from '#server/platform/http/sitemap.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/** The listed guides' pages and their Spanish twins, for search engines (the content pages' sitemap lists /guides). */
export const GET: APIRoute = async ({ locals }) => {
  const origin = siteOrigin(locals.serverPort);
  const url = (path: string) => new URL(path, origin).href;
  return sitemapResponse(
    (await listGuidePages()).flatMap((guide) => {
      const path = guidePagePath(guide);
      return twinEntries({ en: url(path), es: url(pathIn('es', path)) });
    }),
  );
};
