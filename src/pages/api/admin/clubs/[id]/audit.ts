import type { APIRoute } from 'astro';
import { listClubAudit } from '#server/platform/audit.ts';
import { requireAdmin } from '#server/auth/authorize.ts';
import { json, notFound } from '#server/platform/http/endpoint.ts';
import { parseId } from '#server/platform/http/params.ts';

export const prerender = false;

/** The admin changes made to a club, newest first. */
export const GET: APIRoute = async ({ params, locals }) => {
  const auth = requireAdmin(locals.user);
  if ('response' in auth) return auth.response;
  const id = parseId(params.id);
  if (id === null) return notFound('Club not found.');
  return json(await listClubAudit(id));
};
