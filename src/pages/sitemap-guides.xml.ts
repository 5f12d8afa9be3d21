import type { APIRoute } from 'astro';
import { guidePagePath } from '#lib/guide-types.ts';
import { listGuidePages } from '#server/guides/index.ts';
import { sitemapResponse } from '#server/platform/http/sitemap.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/** Find a Guide and the listed guides' pages, for search engines. */
export const GET: APIRoute = async ({ locals }) => {
  const origin = siteOrigin(locals.serverPort);
  const paths = ['/guides', ...(await listGuidePages()).map(guidePagePath)];
  return sitemapResponse(paths.map((path) => ({ loc: new URL(path, origin).href })));
};
