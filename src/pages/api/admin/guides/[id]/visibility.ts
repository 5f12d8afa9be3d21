import type { APIRoute } from 'astro';
import { guideVisibilitySchema } from '#lib/schemas/guides.ts';
import { requireAdmin } from '#server/auth/index.ts';
import { json, notFound, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { requireUuid } from '#server/platform/http/params.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { setVisibility } from '#server/guides/index.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/** The admin hides a guide's profile, with the reason the guide is emailed, or shows it again: the guide's GuideListing. */
export const POST: APIRoute = async ({ params, request, locals }) => {
  const admin = requireAdmin(locals);
  const userId = requireUuid(params.id, 'Guide not found.');
  const input = await parseJsonBody(request, guideVisibilitySchema);
  const listing = await setVisibility(userId, input, admin, siteOrigin(locals.serverPort));
  if (!listing) return notFound('Guide not found.');
  wakeWorker();
  return json(listing);
};
