import type { APIRoute } from 'astro';
import { sessionChangeSchema, undoSessionChangeSchema } from '#lib/schemas/session-changes.ts';
import { requireUser } from '#server/auth/index.ts';
import {
  changeSession,
  findClubForViewer,
  listUpcomingSessions,
  undoSessionChange,
  type SessionChangeEvent,
  type SessionChangeRefusal,
} from '#server/clubs/index.ts';
import { notifyMembersOfChange } from '#server/members/index.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { errorResponse, json, notFound, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';
import { loadReadingPlan } from '#server/platform/site-content.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/** How many upcoming sessions the host may pick from. */
const UPCOMING = 12;

/** The club's host (or the admin): 401 signed out; any other account gets 404, as the profile does, so ids cannot be probed. */
async function hostsClub(params: Record<string, string | undefined>, locals: App.Locals) {
  const { user } = requireUser(locals);
  return findClubForViewer(requireId(params.id, 'Club not found.'), user);
}

/**
 * The change as the answer: 404 for a session the club does not have to come, 409 and 400 as refused. A change made
 * is told at once to each of the club's members (issue 40): one email each per change, queued together, Reply-To the
 * host; `notified` says how many.
 */
async function answer(outcome: SessionChangeEvent | SessionChangeRefusal, locals: App.Locals): Promise<Response> {
  if (!('refused' in outcome)) {
    const notified = await notifyMembersOfChange(outcome, siteOrigin(locals.serverPort));
    if (notified > 0) wakeWorker();
    return json({ session: outcome.session, revision: outcome.revision, notified });
  }
  if (outcome.refused === 'not-upcoming') return notFound("That session is not one of the club's upcoming sessions.");
  if (outcome.refused === 'conflict') return errorResponse(409, outcome.message);
  return errorResponse(400, outcome.message, { [outcome.field]: [outcome.message] });
}

/** The host's list to pick from: `{ sessions }`, the club's next sessions with their changes. */
export const GET: APIRoute = async ({ params, locals }) => {
  const club = await hostsClub(params, locals);
  if (!club) return notFound('Club not found.');
  const sessions = await listUpcomingSessions(club, await loadReadingPlan(), new Date(), UPCOMING);
  return json({ sessions }, 200, { 'cache-control': 'private, no-store' });
};

/** Cancels (`{ action: "cancel", occurrence, note }`) or moves (`{ action: "move", occurrence, date, time, place, note }`) one session. */
export const POST: APIRoute = async ({ params, request, locals }) => {
  const club = await hostsClub(params, locals);
  if (!club) return notFound('Club not found.');
  const input = await parseJsonBody(request, sessionChangeSchema);
  return answer(await changeSession(club, input, await loadReadingPlan(), new Date()), locals);
};

/** Undoes the change to one session: `{ occurrence }`. */
export const DELETE: APIRoute = async ({ params, request, locals }) => {
  const club = await hostsClub(params, locals);
  if (!club) return notFound('Club not found.');
  const { occurrence } = await parseJsonBody(request, undoSessionChangeSchema);
  return answer(await undoSessionChange(club, occurrence, await loadReadingPlan(), new Date()), locals);
};
