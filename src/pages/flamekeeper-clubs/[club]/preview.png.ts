import type { APIRoute } from 'astro';
import { parsePageSegment } from '#lib/shared/page-slugs.ts';
import { clubPreviewCard, findClubPage } from '#server/clubs/index.ts';
import { notFound } from '#server/platform/http/endpoint.ts';
import { previewImageResponse } from '#server/platform/http/preview-image.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/**
 * A verified club's preview card (issue 30), which its page names as og:image and twitter:image. Only what the page
 * shows: a 404 wherever the page is one (unknown, pending and inactive clubs).
 */
export const GET: APIRoute = async ({ params, request, locals }) => {
  const segment = parsePageSegment(params.club ?? '');
  const club = segment ? await findClubPage(segment.id) : null;
  if (!club) return notFound('Club not found.');
  const { card } = clubPreviewCard(club, new URL(siteOrigin(locals.serverPort)).host);
  return previewImageResponse(request, card);
};
