import type { APIRoute } from 'astro';
import { forgotPasswordSchema } from '../../../lib/schemas/clubs.ts';
import { passwordResetEmail } from '../../../lib/server/emails.ts';
import { json, parseJsonBody, siteOrigin } from '../../../lib/server/http.ts';
import { limits } from '../../../lib/server/limits.ts';
import { logger } from '../../../lib/server/logger.ts';
import { sendMail } from '../../../lib/server/mailer.ts';
import { RESET_TOKEN_MINUTES, createPasswordResetToken } from '../../../lib/server/password-resets.ts';
import { tooManyRequests } from '../../../lib/server/rate-limit.ts';

export const prerender = false;

/** Emails a single-use reset link to a host account. Answers the same whether or not the account exists. */
export const POST: APIRoute = async ({ request, url, locals: { clientAddress } }) => {
  const parsed = await parseJsonBody(request, forgotPasswordSchema);
  if (!parsed.ok) return parsed.response;

  const limited = await limits.passwordResets.consume(clientAddress);
  if (limited) return tooManyRequests(limited.retryAfterSeconds, 'Too many reset requests. Please try again later.');

  const { email } = parsed.data;
  const token = await createPasswordResetToken(email);
  if (token) {
    const resetUrl = `${siteOrigin(url)}/club-registration?reset=${encodeURIComponent(token)}`;
    // Not awaited: waiting for the mail only when the account exists would tell an observer which emails have one.
    void sendMail(passwordResetEmail({ to: email, resetUrl, validMinutes: RESET_TOKEN_MINUTES })).catch((error: unknown) =>
      logger.error({ err: error }, 'password reset email failed'),
    );
  }
  return json({ success: true });
};
