import type { APIRoute } from 'astro';
import { certificationSchema } from '#lib/schemas/licensing.ts';
import { requireAdmin } from '#server/auth/index.ts';
import { json, notFound, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { requireUuid } from '#server/platform/http/params.ts';
import { setCertification } from '#server/guides/index.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/** The admin sets or clears the date a guide completed certification. */
export const PUT: APIRoute = async ({ params, request, locals }) => {
  const admin = requireAdmin(locals);
  const userId = requireUuid(params.id, 'Guide not found.');
  const { certifiedOn } = await parseJsonBody(request, certificationSchema);
  const guide = await setCertification(userId, certifiedOn, admin, siteOrigin(locals.serverPort));
  wakeWorker();
  return guide ? json(guide) : notFound('Guide not found.');
};
