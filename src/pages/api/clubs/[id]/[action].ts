import type { APIRoute } from 'astro';
import { unverifySchema } from '#lib/schemas/admin.ts';
import { CLUB_ACTIONS } from '#server/clubs/admin-clubs.ts';
import { requireAdmin } from '#server/auth/authorize.ts';
import { json, notFound, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { parseId } from '#server/platform/http/params.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/**
 * One of the Club Management card's actions, for the admin only; an unknown action is a 404 for everyone. Unverify
 * takes an optional JSON body `{ reason }` for the host's email; without a body there is no reason.
 */
export const POST: APIRoute = async ({ params, request, locals }) => {
  const act = Object.hasOwn(CLUB_ACTIONS, params.action ?? '') ? CLUB_ACTIONS[params.action!] : undefined;
  if (!act) return notFound();
  const auth = requireAdmin(locals.user);
  if ('response' in auth) return auth.response;
  let reason: string | null = null;
  if (params.action === 'unverify' && request.headers.has('content-type')) {
    const body = await parseJsonBody(request, unverifySchema);
    if (!body.ok) return body.response;
    reason = body.data.reason;
  }
  const id = parseId(params.id);
  const club = id === null ? null : await act(id, { admin: auth.admin, origin: siteOrigin(locals.serverPort) }, reason);
  return club ? json(club) : notFound('Club not found.');
};
