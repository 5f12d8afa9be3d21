import type { APIRoute } from 'astro';
import { requireUser } from '#server/auth/index.ts';
import { findClubForViewer, listUpcomingSessions } from '#server/clubs/index.ts';
import { clubRsvps } from '#server/members/index.ts';
import { json, notFound } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';
import { loadReadingPlan } from '#server/platform/site-content.ts';

export const prerender = false;

/** As many sessions as the host's session list shows. */
const UPCOMING = 12;

/**
 * The members' answers (issue 40), for the club's host and the admin: per upcoming session "coming", "can't" and
 * "not answered" counted, and each member's answer to the next session held (by member id).
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const { user } = requireUser(locals);
  const club = await findClubForViewer(requireId(params.id, 'Club not found.'), user);
  if (!club) return notFound('Club not found.');
  const sessions = await listUpcomingSessions(club, await loadReadingPlan(), new Date(), UPCOMING);
  return json(await clubRsvps(club.id, sessions), 200, { 'cache-control': 'private, no-store' });
};
