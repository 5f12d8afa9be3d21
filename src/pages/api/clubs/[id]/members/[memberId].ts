import type { APIRoute } from 'astro';
import { requireUser } from '#server/auth/index.ts';
import { findClubForViewer } from '#server/clubs/index.ts';
import { removeMember } from '#server/members/index.ts';
import { json, notFound } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';

export const prerender = false;

const NOT_FOUND = 'Member not found.';

/** The host (or the admin) removes a member: deleted with their links (issue 40). Another club's member is not found. */
export const DELETE: APIRoute = async ({ params, locals }) => {
  const { user } = requireUser(locals);
  const clubId = requireId(params.id, 'Club not found.');
  const memberId = requireId(params.memberId, NOT_FOUND);
  const club = await findClubForViewer(clubId, user);
  if (!club) return notFound('Club not found.');
  return (await removeMember(club.id, memberId)) ? json({ removed: true }) : notFound(NOT_FOUND);
};
