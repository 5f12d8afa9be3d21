import type { APIRoute } from 'astro';
import { deleteAccountSchema } from '#lib/schemas/account-data.ts';
import { deleteOwnAccount } from '#server/app/account-data.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { ACCOUNT_DELETED_COOKIE, ACCOUNT_DELETED_SECONDS } from '#lib/shared/account-deleted.ts';
import { clearSessionCookie, isCurrentPassword, requireMember, servedOverHttps, WRONG_CURRENT_PASSWORD } from '#server/auth/index.ts';
import { json, parseJsonBody, refuseField } from '#server/platform/http/endpoint.ts';
import { limit } from '#server/platform/http/rate-limited.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

// A POST with the current password in its body, not a DELETE: some proxies and clients drop a DELETE's body.
/**
 * The signed-in host or guide deletes their own account, having typed its current password (the privacy policy's
 * "Your data"): 400 with the field's message for a missing or wrong one, counted against the account's attempts. The
 * browser is signed out and left the cookie that has /account, where it goes next, say the account has been deleted.
 */
export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const { user } = requireMember(locals);
  await limit(limits.accountDeletions, user.id, 'Too many attempts to delete this account. Please try again later.');
  const { currentPassword } = await parseJsonBody(request, deleteAccountSchema);
  refuseField('currentPassword', (await isCurrentPassword(user.id, currentPassword)) ? null : WRONG_CURRENT_PASSWORD);

  await deleteOwnAccount(user, siteOrigin(locals.serverPort));
  wakeWorker();
  clearSessionCookie(cookies, url);
  cookies.set(ACCOUNT_DELETED_COOKIE, '1', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: servedOverHttps(url),
    maxAge: ACCOUNT_DELETED_SECONDS,
  });
  return json({ success: true });
};
