import type { APIRoute } from 'astro';
import { confirmStillMeeting } from '#server/check-ins/check-ins.ts';
import { findClubForViewer } from '#server/clubs/clubs.ts';
import { json, notFound, unauthorized } from '#server/platform/http/endpoint.ts';
import { parseId } from '#server/platform/http/params.ts';

export const prerender = false;

/**
 * "Yes, still meeting" from the club's profile, by its host or the admin: confirms the club as the check-in's link
 * does (listed again at once if it was inactive). To anyone else the club does not exist (404), as on its profile.
 */
export const POST: APIRoute = async ({ params, locals }) => {
  if (!locals.user) return unauthorized();
  const id = parseId(params.id);
  const club = id === null ? null : await findClubForViewer(id, locals.user);
  if (!club) return notFound('Club not found.');
  const confirmed = await confirmStillMeeting(club.id, locals.user, new Date());
  return confirmed ? json(confirmed) : notFound('Club not found.');
};
