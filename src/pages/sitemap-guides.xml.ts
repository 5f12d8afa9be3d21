import type { APIRoute } from 'astro';
import { guidePagePath } from '#lib/guides/types.ts';
import { listGuidePages } from '#server/guides/index.ts';
import { sitemapResponse } from '#server/platform/http/sitemap.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/** The listed guides' pages, for search engines (the content pages' sitemap lists /guides). */
export const GET: APIRoute = async ({ locals }) => {
  const origin = siteOrigin(locals.serverPort);
  return sitemapResponse((await listGuidePages()).map((guide) => ({ loc: new URL(guidePagePath(guide), origin).href })));
};
