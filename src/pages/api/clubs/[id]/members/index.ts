import type { APIRoute } from 'astro';
import { ALREADY_MEMBER, MEMBERS_FULL } from '#lib/members/types.ts';
import { memberSchema } from '#lib/schemas/members.ts';
import { requireUser } from '#server/auth/index.ts';
import { findClubForViewer } from '#server/clubs/index.ts';
import { addMember, listMembers } from '#server/members/index.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { errorResponse, json, notFound, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';
import { limit } from '#server/platform/http/rate-limited.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

const NOT_FOUND = 'Club not found.';

/** The club's members with their addresses (issue 40): its host and the admin only. */
export const GET: APIRoute = async ({ params, locals }) => {
  const { user } = requireUser(locals);
  const club = await findClubForViewer(requireId(params.id, NOT_FOUND), user);
  if (!club) return notFound(NOT_FOUND);
  return json(await listMembers(club.id));
};

/**
 * The host (or the admin) adds a member by name and email: 201 with the member, who is emailed a welcome (Reply-To
 * the host) with their "Your club" link and "I did not ask for this"; 409 for someone who is a member already or a
 * club with 200 members. Adds are limited per account.
 */
export const POST: APIRoute = async ({ params, request, locals }) => {
  const { user } = requireUser(locals);
  const club = await findClubForViewer(requireId(params.id, NOT_FOUND), user);
  if (!club) return notFound(NOT_FOUND);
  const input = await parseJsonBody(request, memberSchema);
  await limit(limits.memberAdds, user.id, 'You have added many members in a short time. Please try again in an hour.');
  const admission = await addMember(club.id, input, siteOrigin(locals.serverPort), new Date());
  switch (admission.status) {
    case 'added':
      wakeWorker();
      return json(admission.member, 201);
    case 'already-member':
      return errorResponse(409, ALREADY_MEMBER);
    case 'full':
      return errorResponse(409, MEMBERS_FULL);
    case 'unknown-club':
      return notFound(NOT_FOUND);
  }
};
