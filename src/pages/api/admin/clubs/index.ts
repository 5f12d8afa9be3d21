import type { APIRoute } from 'astro';
import { listAllClubs } from '../../../../lib/server/admin-clubs.ts';
import { requireAdmin } from '../../../../lib/server/authorize.ts';
import { json } from '../../../../lib/server/http.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals }) => {
  const auth = requireAdmin(locals.user);
  if ('response' in auth) return auth.response;
  return json(await listAllClubs());
};
