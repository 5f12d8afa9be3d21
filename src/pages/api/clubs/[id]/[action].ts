import type { APIRoute } from 'astro';
import { CLUB_ACTIONS } from '#server/clubs/admin-clubs.ts';
import { requireAdmin } from '#server/auth/authorize.ts';
import { json, notFound } from '#server/http/endpoint.ts';
import { parseId } from '#server/http/params.ts';

export const prerender = false;

/** One of the Club Management card's actions, for the admin only; an unknown action is a 404 for everyone. */
export const POST: APIRoute = async ({ params, locals }) => {
  const act = Object.hasOwn(CLUB_ACTIONS, params.action ?? '') ? CLUB_ACTIONS[params.action!] : undefined;
  if (!act) return notFound();
  const auth = requireAdmin(locals.user);
  if ('response' in auth) return auth.response;
  const id = parseId(params.id);
  const club = id === null ? null : await act(id, auth.admin);
  return club ? json(club) : notFound('Club not found.');
};
