import type { APIRoute } from 'astro';
import { clubProfileSchema } from '#lib/schemas/clubs.ts';
import { findClubForViewer, updateClubProfile, zipCodeNotInState } from '#server/clubs/index.ts';
import { requireUser } from '#server/auth/index.ts';
import { json, notFound, parseJsonBody, refuseField } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';

export const prerender = false;

// A club's private view exists only for its host and the admin; to anyone else it does not exist (404), so club
// ids cannot be probed.

export const GET: APIRoute = async ({ params, locals }) => {
  const club = await findClubForViewer(requireId(params.id, 'Club not found.'), locals.user);
  return club ? json(club) : notFound('Club not found.');
};

export const PUT: APIRoute = async ({ params, locals, request }) => {
  const { user } = requireUser(locals);
  const club = await findClubForViewer(requireId(params.id, 'Club not found.'), user);
  if (!club) return notFound('Club not found.');

  const edit = await parseJsonBody(request, clubProfileSchema);
  refuseField('zipCode', await zipCodeNotInState(edit));

  return json(await updateClubProfile(club.id, edit, user));
};
