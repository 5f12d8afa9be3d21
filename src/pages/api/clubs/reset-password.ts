import type { APIRoute } from 'astro';
import { resetPasswordSchema } from '#lib/schemas/clubs.ts';
import { errorResponse, json, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { limit } from '#server/platform/http/rate-limited.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { resetPassword } from '#server/auth/index.ts';
import { refusingWeakPasswords } from '#server/platform/password-policy.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';
import { wakeWorker } from '#server/app/worker.ts';

export const prerender = false;

// The account's name and email are checked once the token has found it.
const resetPasswordPayload = refusingWeakPasswords(resetPasswordSchema);

/**
 * Sets a new password with a reset token; every session of the account ends and the account is emailed "Your password
 * was changed". A refused password leaves the link usable.
 */
export const POST: APIRoute = async ({ request, locals: { clientAddress, serverPort } }) => {
  const { token, password } = await parseJsonBody(request, resetPasswordPayload);

  await limit(limits.passwordResetAttempts, clientAddress, 'Too many attempts. Please try again later.');

  const result = await resetPassword(token, password, siteOrigin(serverPort));
  if ('invalidToken' in result) {
    return errorResponse(400, 'This reset link is invalid or has expired. Ask for a new one.', {
      token: ['This reset link is invalid or has expired. Ask for a new one.'],
    });
  }
  if ('passwordProblem' in result) {
    return errorResponse(400, 'Please correct the highlighted fields.', { password: [result.passwordProblem] });
  }
  wakeWorker();
  return json({ success: true });
};
