import type { APIRoute } from 'astro';
import { joinRequestCopy } from '#lib/clubs/join-request-copy.ts';
import { joinRequestSchema, START_NOT_OFFERED } from '#lib/schemas/join-requests.ts';
import { requireUser } from '#server/auth/index.ts';
import { createJoinRequest, findClubForViewer, listJoinRequests } from '#server/clubs/index.ts';
import { errorResponse, json, notFound, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { limit } from '#server/platform/http/rate-limited.ts';
import { requireId } from '#server/platform/http/params.ts';
import { requestLanguage } from '#server/platform/http/request-language.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

const NOT_FOUND = 'Club not found.';

/**
 * "Ask to join" a listed club: 201 stored, the host emailed (Reply-To the visitor) and the visitor acknowledged; 200
 * with "You already asked" when the same email asked the club within a day (nothing stored or sent); 409 with the
 * reason while the host takes no new members; 400 for a start the club does not offer.
 */
export const POST: APIRoute = async ({ params, request, locals: { clientAddress, serverPort } }) => {
  const clubId = requireId(params.id, NOT_FOUND);
  const input = await parseJsonBody(request, joinRequestSchema);

  await limit(limits.joinRequests, clientAddress, 'Too many requests. Please try again later.');

  const outcome = await createJoinRequest(clubId, input, siteOrigin(serverPort), new Date(), requestLanguage(request));
  switch (outcome.status) {
    case 'unknown-club':
      return notFound(NOT_FOUND);
    case 'not-accepting':
      return errorResponse(409, joinRequestCopy.notAccepting);
    case 'start-not-offered':
      return errorResponse(400, 'Please correct the highlighted fields.', { start: [START_NOT_OFFERED] });
    case 'duplicate':
      return json({ success: true, duplicate: true, message: joinRequestCopy.alreadyAsked });
    case 'created':
      wakeWorker();
      return json({ success: true, id: outcome.id }, 201);
  }
};

/** The club's requests, newest first, with the counts per status and the joining switch: its host and the admin only. */
export const GET: APIRoute = async ({ params, locals }) => {
  const { user } = requireUser(locals);
  const club = await findClubForViewer(requireId(params.id, NOT_FOUND), user);
  if (!club) return notFound(NOT_FOUND);
  return json(await listJoinRequests(club.id));
};
