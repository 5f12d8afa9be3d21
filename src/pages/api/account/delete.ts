import type { APIRoute } from 'astro';
import { deleteAccountSchema } from '#lib/schemas/account-data.ts';
import { deleteOwnAccount } from '#server/app/account-data.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { clearSessionCookie, isCurrentPassword, requireMember, WRONG_CURRENT_PASSWORD } from '#server/auth/index.ts';
import { json, parseJsonBody, refuseField } from '#server/platform/http/endpoint.ts';
import { limit } from '#server/platform/http/rate-limited.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

// A POST with the current password in its body, not a DELETE: some proxies and clients drop a DELETE's body.
/**
 * The signed-in host or guide deletes their own account, having typed its current password (the privacy policy's
 * "Your data"): 400 with the field's message for a missing or wrong one, counted against the account's attempts.
 */
export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const { user } = requireMember(locals);
  await limit(limits.accountDeletions, user.id, 'Too many attempts to delete this account. Please try again later.');
  const { currentPassword } = await parseJsonBody(request, deleteAccountSchema);
  refuseField('currentPassword', (await isCurrentPassword(user.id, currentPassword)) ? null : WRONG_CURRENT_PASSWORD);

  await deleteOwnAccount(user, siteOrigin(locals.serverPort));
  wakeWorker();
  clearSessionCookie(cookies, url);
  return json({ success: true });
};
