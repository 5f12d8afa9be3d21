import type { APIRoute } from 'astro';
import { JOIN_REQUEST_ANSWERS } from '#lib/clubs/join-request-types.ts';
import { requireUser } from '#server/auth/index.ts';
import { answerJoinRequest, findClubForViewer } from '#server/clubs/index.ts';
import { admitJoinedVisitor, type Admission } from '#server/members/index.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { json, notFound } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

const NOT_FOUND = 'Join request not found.';

/**
 * The host (or the admin) marks one of the club's requests replied, joined or declined, from any status: the first
 * answer dates the reply, each closes the request. Another club's request, or another host's club, is not found.
 * Marked joined for the first time, the visitor becomes a member and is welcomed (issue 40): the answer's
 * `membership` says whether they were `added`, were a member already, or the club is `full`.
 */
export const POST: APIRoute = async ({ params, locals }) => {
  const { user } = requireUser(locals);
  const answer = JOIN_REQUEST_ANSWERS.find((a) => a === params.answer);
  const clubId = requireId(params.id, 'Club not found.');
  const requestId = requireId(params.requestId, NOT_FOUND);
  if (!answer) return notFound(NOT_FOUND);
  const club = await findClubForViewer(clubId, user);
  if (!club) return notFound('Club not found.');
  const now = new Date();
  let admission: Admission | undefined;
  const request = await answerJoinRequest(club.id, requestId, answer, now, async (tx, visitor) => {
    admission = await admitJoinedVisitor(tx, visitor, siteOrigin(locals.serverPort), now);
  });
  if (!request) return notFound(NOT_FOUND);
  if (admission?.status === 'added') wakeWorker();
  return json(admission ? { ...request, membership: admission.status } : request);
};
