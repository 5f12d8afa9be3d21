import type { APIRoute } from 'astro';
import { confirmStillMeeting } from '#server/check-ins/index.ts';
import { closeNotMeetingReports } from '#server/questions/index.ts';
import { findClubForViewer } from '#server/clubs/index.ts';
import { requireUser } from '#server/auth/index.ts';
import { json, notFound } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';

export const prerender = false;

/**
 * "Yes, still meeting" from the club's profile, by its host or the admin: confirms the club as the check-in's link
 * does (listed again at once if it was inactive). To anyone else the club does not exist (404), as on its profile.
 */
export const POST: APIRoute = async ({ params, locals }) => {
  const { user } = requireUser(locals);
  const club = await findClubForViewer(requireId(params.id, 'Club not found.'), user);
  if (!club) return notFound('Club not found.');
  const confirmed = await confirmStillMeeting(club.id, user, new Date(), closeNotMeetingReports);
  return confirmed ? json(confirmed) : notFound('Club not found.');
};
