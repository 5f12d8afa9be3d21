import type { APIRoute } from 'astro';
import { clubPagePath, clubSlug } from '#lib/clubs/pages.ts';
import { clubCalendar } from '#lib/clubs/meetings/calendar.ts';
import { calendarQuerySchema } from '#lib/schemas/clubs.ts';
import { findClubPage, listSessionChanges } from '#server/clubs/index.ts';
import { notFound, parseQuery } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';
import { loadReadingPlan } from '#server/platform/site-content.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/**
 * A verified club's calendar (iCalendar), to subscribe to (webcal://) or, with `?download=1`, to save as a file.
 * 404 for unknown and pending clubs and for clubs without meeting times.
 */
export const GET: APIRoute = async ({ params, url, locals }) => {
  const { download } = parseQuery(url, calendarQuerySchema);
  const club = await findClubPage(requireId(params.id, 'Club not found.'));
  if (!club) return notFound('Club not found.');

  const pageUrl = new URL(clubPagePath(club), siteOrigin(locals.serverPort)).href;
  // The host's cancelled and moved sessions (EXDATE, RECURRENCE-ID), every event's SEQUENCE the calendar's revision.
  const { changes, revision } = await listSessionChanges(club.id);
  const calendar = clubCalendar(club, { reading: await loadReadingPlan(), pageUrl }, { changes, sequence: revision });
  if (!calendar) return notFound('This club has not published its meeting times.');

  const headers: Record<string, string> = {
    'content-type': 'text/calendar; charset=utf-8',
    // Calendar apps poll subscriptions every few hours; an hour keeps a host's changes quick to reach them.
    'cache-control': 'public, max-age=3600',
  };
  if (download) {
    headers['content-disposition'] = `attachment; filename="${clubSlug(club.clubName)}.ics"`;
  }
  return new Response(calendar, { headers });
};
