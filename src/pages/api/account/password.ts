import type { APIRoute } from 'astro';
import { passwordChangeSchema } from '#lib/schemas/account.ts';
import { changePassword, requireMember } from '#server/auth/index.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { errorResponse, json, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { limit } from '#server/platform/http/rate-limited.ts';
import { refusingWeakPasswords } from '#server/platform/password-policy.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

// The account's name and email are checked once the current password has been.
const passwordChangePayload = refusingWeakPasswords(passwordChangeSchema);

/** The signed-in host or guide changes their password; their other sessions end and the account is emailed. */
export const POST: APIRoute = async ({ request, locals }) => {
  const { user, session } = requireMember(locals);
  const { currentPassword, password } = await parseJsonBody(request, passwordChangePayload);

  await limit(limits.passwordChanges, user.id, 'Too many attempts. Please try again later.');

  const result = await changePassword(
    { userId: user.id, sessionId: session.id, currentPassword, newPassword: password },
    siteOrigin(locals.serverPort),
  );
  if ('field' in result) return errorResponse(400, 'Please correct the highlighted fields.', { [result.field]: [result.problem] });
  wakeWorker();
  return json({ success: true });
};
