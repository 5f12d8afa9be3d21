import type { APIRoute } from 'astro';
import { findClubPage, listUpcomingSessions } from '#server/clubs/index.ts';
import { json, notFound } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';
import { loadReadingPlan } from '#server/platform/site-content.ts';

export const prerender = false;

/**
 * A listed club's next sessions for the directory's dialog: `{ sessions }`, each with what it reads, a cancelled one
 * with its note and a moved one at its new time (issue 40). 404 for unknown and pending clubs. Cached as its page is.
 */
export const GET: APIRoute = async ({ params }) => {
  const club = await findClubPage(requireId(params.id, 'Club not found.'));
  if (!club) return notFound('Club not found.');
  const sessions = await listUpcomingSessions(club, await loadReadingPlan(), new Date(), 4);
  return json({ sessions }, 200, { 'cache-control': 'public, max-age=300' });
};
