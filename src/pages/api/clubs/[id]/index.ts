import type { APIRoute } from 'astro';
import { clubProfileSchema } from '#lib/schemas/clubs.ts';
import { findClubForViewer, updateClubProfile } from '#server/clubs/clubs.ts';
import { json, notFound, parseJsonBody, unauthorized } from '#server/platform/http/endpoint.ts';
import { parseId } from '#server/platform/http/params.ts';

export const prerender = false;

// A club's private view exists only for its host and the admin; to anyone else it does not exist (404), so club
// ids cannot be probed.

export const GET: APIRoute = async ({ params, locals }) => {
  const id = parseId(params.id);
  const club = id === null ? null : await findClubForViewer(id, locals.user);
  return club ? json(club) : notFound('Club not found.');
};

export const PUT: APIRoute = async ({ params, locals, request }) => {
  if (!locals.user) return unauthorized();
  const id = parseId(params.id);
  const club = id === null ? null : await findClubForViewer(id, locals.user);
  if (!club) return notFound('Club not found.');

  const parsed = await parseJsonBody(request, clubProfileSchema);
  if (!parsed.ok) return parsed.response;

  return json(await updateClubProfile(club.id, parsed.data, locals.user));
};
