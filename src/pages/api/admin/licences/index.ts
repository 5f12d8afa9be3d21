import type { APIRoute } from 'astro';
import { adminLicenceQuerySchema } from '#lib/schemas/licensing.ts';
import { requireAdmin } from '#server/auth/authorize.ts';
import { json, parseQuery } from '#server/platform/http/endpoint.ts';
import { listLicencesForAdmin } from '#server/licensing/index.ts';

export const prerender = false;

/** Every reservation and licence matching the filters, 50 a page, newest first; `X-Total-Count` counts all that match. */
export const GET: APIRoute = async ({ url, locals }) => {
  requireAdmin(locals);
  const { licences, total } = await listLicencesForAdmin(parseQuery(url, adminLicenceQuerySchema));
  return json(licences, 200, { 'x-total-count': String(total) });
};
