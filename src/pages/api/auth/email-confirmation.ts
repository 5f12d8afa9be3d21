import type { APIRoute } from 'astro';
import { areaSearchPath, confirmationLinkRequestSchema } from '#lib/schemas/licensing.ts';
import { requireUser } from '#server/auth/authorize.ts';
import { isEmailConfirmed, sendConfirmationLink } from '#server/auth/email-confirmations.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { ConflictError } from '#server/platform/conflict.ts';
import { json, parseJsonBody, tooManyRequests } from '#server/platform/http/endpoint.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/** "Send the link again": a new confirmation link for the signed-in account, back to the area card it is on. */
export const POST: APIRoute = async ({ request, locals }) => {
  const { user } = requireUser(locals);
  const { areaId } = await parseJsonBody(request, confirmationLinkRequestSchema);
  if (await isEmailConfirmed(user.id)) throw new ConflictError('Your email address is already confirmed.');

  const limited = await limits.confirmationLinks.consume(user.id);
  if (limited) {
    return tooManyRequests(
      limited.retryAfterSeconds,
      'We have sent several links already. Please use the latest one, or ask again in an hour.',
    );
  }
  await sendConfirmationLink(user, areaSearchPath(areaId), siteOrigin(locals.serverPort));
  wakeWorker();
  return json({ sentTo: user.email }, 202);
};
