import type { APIRoute } from 'astro';
import { deleteAccountSchema, NOT_YOUR_EMAIL } from '#lib/schemas/account-data.ts';
import { deleteOwnAccount } from '#server/app/account-data.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { requireMember } from '#server/auth/authorize.ts';
import { identifierKey } from '#server/auth/index.ts';
import { clearSessionCookie } from '#server/auth/sessions.ts';
import { json, parseJsonBody, refuseField, tooManyRequests } from '#server/platform/http/endpoint.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

// A POST with the typed email in its body, not a DELETE: some proxies and clients drop a DELETE's body.
/** The signed-in host or guide deletes their own account, having typed its email (the privacy policy's "Your data"). */
export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const { user } = requireMember(locals);
  const limited = await limits.accountDeletions.consume(user.id);
  if (limited) return tooManyRequests(limited.retryAfterSeconds, 'Too many attempts to delete this account. Please try again later.');
  const { email } = await parseJsonBody(request, deleteAccountSchema);
  refuseField('email', identifierKey(email) === identifierKey(user.email) ? null : NOT_YOUR_EMAIL);

  await deleteOwnAccount(user, siteOrigin(locals.serverPort));
  wakeWorker();
  clearSessionCookie(cookies, url);
  return json({ success: true });
};
