import type { APIRoute } from 'astro';
import { parsePageSegment } from '#lib/shared/page-slugs.ts';
import { findGuidePage, findPhoto, guidePreviewCard } from '#server/guides/index.ts';
import { notFound } from '#server/platform/http/endpoint.ts';
import { previewImageResponse } from '#server/platform/http/preview-image.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';
import { readPage } from '#server/platform/site-content.ts';

export const prerender = false;

/**
 * A listed guide's preview card (issue 30), which the guide's page names as og:image and twitter:image: a 404 for a
 * guide who is not listed (uncertified, without a licence, hidden), as the page is.
 */
export const GET: APIRoute = async ({ params, request, locals }) => {
  const segment = parsePageSegment(params.segment ?? '');
  const guide = segment ? await findGuidePage(segment.id) : null;
  if (!guide) return notFound('Guide not found.');
  const { jobTitle } = (await readPage('findAGuide')).guidePage;
  const { card } = guidePreviewCard(guide, jobTitle, new URL(siteOrigin(locals.serverPort)).host);
  return previewImageResponse(request, card, async () => (await findPhoto(guide.id))?.image ?? null);
};
