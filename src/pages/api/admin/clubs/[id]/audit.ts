import type { APIRoute } from 'astro';
import { listClubAudit } from '#server/platform/audit.ts';
import { requireAdmin } from '#server/auth/index.ts';
import { json } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';

export const prerender = false;

/** The admin changes made to a club, newest first. */
export const GET: APIRoute = async ({ params, locals }) => {
  requireAdmin(locals);
  const id = requireId(params.id, 'Club not found.');
  return json(await listClubAudit(id));
};
