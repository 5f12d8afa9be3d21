import type { APIRoute } from 'astro';
import { findClubIdByOwner } from '#server/clubs/clubs.ts';
import { json, unauthorized } from '#server/http/endpoint.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals }) => {
  if (!locals.user) return unauthorized();
  const { id, email, username, role } = locals.user;
  return json({ id, email, username, role, clubId: role === 'host' ? await findClubIdByOwner(id) : null });
};
