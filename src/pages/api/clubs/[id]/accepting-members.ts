import type { APIRoute } from 'astro';
import { acceptingMembersSchema } from '#lib/schemas/join-requests.ts';
import { requireUser } from '#server/auth/index.ts';
import { findClubForViewer, setAcceptingMembers } from '#server/clubs/index.ts';
import { json, notFound, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';

export const prerender = false;

/** The host's (or the admin's) switch: `{ acceptingMembers: false }` is "Not taking new members right now". */
export const PUT: APIRoute = async ({ params, request, locals }) => {
  const { user } = requireUser(locals);
  const club = await findClubForViewer(requireId(params.id, 'Club not found.'), user);
  if (!club) return notFound('Club not found.');
  const { acceptingMembers } = await parseJsonBody(request, acceptingMembersSchema);
  await setAcceptingMembers(club.id, acceptingMembers);
  return json({ acceptingMembers });
};
