import type { APIRoute } from 'astro';
import { certificationSchema } from '#lib/schemas/licensing.ts';
import { requireAdmin } from '#server/auth/authorize.ts';
import { json, notFound, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { setCertification } from '#server/licensing/guides.ts';

export const prerender = false;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The admin sets or clears the date a guide completed certification. */
export const PUT: APIRoute = async ({ params, request, locals }) => {
  const admin = requireAdmin(locals);
  if (!UUID.test(params.id ?? '')) return notFound('Guide not found.');
  const { certifiedOn } = await parseJsonBody(request, certificationSchema);
  const guide = await setCertification(params.id!, certifiedOn, admin);
  return guide ? json(guide) : notFound('Guide not found.');
};
