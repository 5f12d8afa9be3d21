import type { APIRoute } from 'astro';
import { z } from 'zod';
import { adminClubSchema, isVerificationToggle, verificationSchema } from '#lib/schemas/admin.ts';
import { adminUpdateClub, deleteClub, setClubVerification } from '#server/clubs/admin-clubs.ts';
import { requireAdmin } from '#server/auth/authorize.ts';
import { json, notFound, parseJsonBody, validate } from '#server/platform/http/endpoint.ts';
import { parseId } from '#server/platform/http/params.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/** The full admin edit, or only `{ isVerified }` (with an optional unverifying `reason`) for the verify toggle. */
export const PUT: APIRoute = async ({ params, locals, request }) => {
  const auth = requireAdmin(locals.user);
  if ('response' in auth) return auth.response;
  const id = parseId(params.id);
  if (id === null) return notFound('Club not found.');
  const change = { admin: auth.admin, origin: siteOrigin(locals.serverPort) };

  const body = await parseJsonBody(request, z.unknown());
  if (!body.ok) return body.response;

  if (isVerificationToggle(body.data)) {
    const toggle = validate(verificationSchema, body.data);
    if (!toggle.ok) return toggle.response;
    const club = await setClubVerification(id, toggle.data.isVerified, change, toggle.data.reason);
    return club ? json(club) : notFound('Club not found.');
  }

  const edit = validate(adminClubSchema, body.data);
  if (!edit.ok) return edit.response;
  const club = await adminUpdateClub(id, edit.data, change);
  return club ? json(club) : notFound('Club not found.');
};

/** Deletes the club with its host account; the code stays redeemed. */
export const DELETE: APIRoute = async ({ params, locals }) => {
  const auth = requireAdmin(locals.user);
  if ('response' in auth) return auth.response;
  const id = parseId(params.id);
  if (id === null || !(await deleteClub(id, auth.admin))) return notFound('Club not found.');
  return json({ success: true });
};
