import type { APIRoute } from 'astro';
import { JOIN_REQUEST_ANSWERS } from '#lib/clubs/join-request-types.ts';
import { requireUser } from '#server/auth/index.ts';
import { answerJoinRequest, findClubForViewer } from '#server/clubs/index.ts';
import { json, notFound } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';

export const prerender = false;

const NOT_FOUND = 'Join request not found.';

/**
 * The host (or the admin) marks one of the club's requests replied, joined or declined, from any status: the first
 * answer dates the reply, each closes the request. Another club's request, or another host's club, is not found.
 */
export const POST: APIRoute = async ({ params, locals }) => {
  const { user } = requireUser(locals);
  const answer = JOIN_REQUEST_ANSWERS.find((a) => a === params.answer);
  const clubId = requireId(params.id, 'Club not found.');
  const requestId = requireId(params.requestId, NOT_FOUND);
  if (!answer) return notFound(NOT_FOUND);
  const club = await findClubForViewer(clubId, user);
  if (!club) return notFound('Club not found.');
  const request = await answerJoinRequest(club.id, requestId, answer, new Date());
  return request ? json(request) : notFound(NOT_FOUND);
};
