import type { APIRoute } from 'astro';
import { findClubIdByOwner } from '#server/clubs/clubs.ts';
import { json, unauthorized } from '#server/platform/http/endpoint.ts';
import { findGuide } from '#server/licensing/guides.ts';

export const prerender = false;

/** The signed-in user; `isGuide` once the account has reserved a licence or registered as a guide. */
export const GET: APIRoute = async ({ locals }) => {
  if (!locals.user) return unauthorized();
  const { id, email, username, role } = locals.user;
  const [clubId, guide] = await Promise.all([role === 'host' ? findClubIdByOwner(id) : null, findGuide(id)]);
  return json({ id, email, username, role, clubId, isGuide: guide !== null });
};
