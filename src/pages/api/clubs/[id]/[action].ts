import type { APIRoute } from 'astro';
import { unverifySchema } from '#lib/schemas/admin.ts';
import { CLUB_ACTIONS } from '#server/clubs/index.ts';
import { requireAdmin } from '#server/auth/index.ts';
import { json, notFound, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/**
 * One of the Club Management card's actions, for the admin only; an unknown action is a 404 for everyone. Unverify
 * takes an optional JSON body `{ reason }` for the host's email; without a body there is no reason.
 */
export const POST: APIRoute = async ({ params, request, locals }) => {
  const act = Object.hasOwn(CLUB_ACTIONS, params.action ?? '') ? CLUB_ACTIONS[params.action!] : undefined;
  if (!act) return notFound();
  const admin = requireAdmin(locals);
  const body = params.action === 'unverify' && request.headers.has('content-type') ? await parseJsonBody(request, unverifySchema) : null;
  const id = requireId(params.id, 'Club not found.');
  const club = await act(id, { admin, origin: siteOrigin(locals.serverPort) }, body?.reason ?? null);
  return club ? json(club) : notFound('Club not found.');
};
