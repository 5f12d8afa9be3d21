import type { APIRoute } from 'astro';
import { z } from 'zod';
import { adminClubSchema, isVerificationToggle, verificationSchema } from '#lib/schemas/admin.ts';
import { adminUpdateClub, deleteClub, setClubVerification, zipCodeNotInState } from '#server/clubs/index.ts';
import { requireAdmin } from '#server/auth/index.ts';
import { isGuide } from '#server/guides/index.ts';
import { json, notFound, parseJsonBody, refuseField, validate } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/** The full admin edit, or only `{ isVerified }` (with an optional unverifying `reason`) for the verify toggle. */
export const PUT: APIRoute = async ({ params, locals, request }) => {
  const admin = requireAdmin(locals);
  const id = requireId(params.id, 'Club not found.');
  const change = { admin, origin: siteOrigin(locals.serverPort) };

  const body = await parseJsonBody(request, z.unknown());

  if (isVerificationToggle(body)) {
    const { isVerified, reason } = validate(verificationSchema, body);
    const club = await setClubVerification(id, isVerified, change, reason);
    return club ? json(club) : notFound('Club not found.');
  }

  const edit = validate(adminClubSchema, body);
  refuseField('zipCode', await zipCodeNotInState(edit));
  const club = await adminUpdateClub(id, edit, change);
  return club ? json(club) : notFound('Club not found.');
};

/** Deletes the club, and its host's account unless that holds licences (then it is kept); the code stays redeemed. */
export const DELETE: APIRoute = async ({ params, locals }) => {
  const admin = requireAdmin(locals);
  const id = requireId(params.id, 'Club not found.');
  const deleted = await deleteClub(id, admin, isGuide);
  if (!deleted) return notFound('Club not found.');
  return json({ success: true, accountKept: deleted.accountKept });
};
