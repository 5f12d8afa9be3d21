import type { APIRoute } from 'astro';
import { emailChangeSchema } from '#lib/schemas/auth.ts';
import { findEmailStatus, requestEmailChange, requireUser, type User } from '#server/auth/index.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { HttpError, json, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { limit } from '#server/platform/http/rate-limited.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/** A host or a guide: the admin's email is the operator's to set (ADMIN_EMAIL, npm run admin:create). */
function requireHostOrGuide(locals: App.Locals): User {
  const { user } = requireUser(locals);
  if (user.role === 'admin') throw new HttpError(403, "Forbidden: the admin's email is set by the site's operator.");
  return user;
}

/** The account's email, whether it is confirmed, and the change waiting for its new address. */
export const GET: APIRoute = async ({ locals }) => json(await findEmailStatus(requireHostOrGuide(locals).id));

/**
 * Asks for a new sign-in email: 202 with the email status, the change pending until the link emailed to the new
 * address is used (the old address is told). 400 for a wrong current password or the same address, 409 for an address
 * another account has, 429 past 5 requests an hour.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const user = requireHostOrGuide(locals);
  const change = await parseJsonBody(request, emailChangeSchema);
  await limit(limits.emailChanges, user.id, 'Too many email change requests. Please try again in an hour.');
  const status = await requestEmailChange(user.id, change, siteOrigin(locals.serverPort));
  wakeWorker();
  return json(status, 202);
};
