import type { APIRoute } from 'astro';
import { listAllClubs } from '#server/clubs/index.ts';
import { requireAdmin } from '#server/auth/index.ts';
import { json } from '#server/platform/http/endpoint.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals }) => {
  requireAdmin(locals);
  return json(await listAllClubs());
};
