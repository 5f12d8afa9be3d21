import type { APIRoute } from 'astro';
import { forgotPasswordSchema } from '#lib/schemas/clubs.ts';
import { localizedHref } from '#lib/shared/languages.ts';
import { passwordResetEmail, requestPasswordReset, RESET_PASSWORD_PATH, RESET_TOKEN_MINUTES } from '#server/auth/index.ts';
import { json, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { limit } from '#server/platform/http/rate-limited.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';

export const prerender = false;

/**
 * Emails a single-use reset link to a host's, a guide's or the admin's account (the "Forgot password?" of every
 * sign-in, /login's too). Answers the same whether or not the account exists.
 */
export const POST: APIRoute = async ({ request, locals: { clientAddress, serverPort } }) => {
  const { email } = await parseJsonBody(request, forgotPasswordSchema);

  await limit(limits.passwordResets, clientAddress, 'Too many reset requests. Please try again later.');

  const origin = siteOrigin(serverPort);
  // The email is queued with the token and sent by the worker: waiting for a mail server only when the account exists
  // would tell an observer which emails have one.
  const queued = await requestPasswordReset(email, (token, language) =>
    passwordResetEmail({
      to: email,
      // A Spanish account's email links to the Spanish page (docs/decisions/041).
      resetUrl: `${origin}${localizedHref(`${RESET_PASSWORD_PATH}?${new URLSearchParams({ token })}`, language)}`,
      validMinutes: RESET_TOKEN_MINUTES,
      language,
    }),
  );
  if (queued) wakeWorker();
  return json({ success: true });
};
