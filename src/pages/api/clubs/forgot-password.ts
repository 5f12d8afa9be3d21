import type { APIRoute } from 'astro';
import { forgotPasswordSchema } from '#lib/schemas/clubs.ts';
import { passwordResetEmail } from '#server/email/emails.ts';
import { json, parseJsonBody, siteOrigin } from '#server/http/endpoint.ts';
import { limits } from '#server/http/limits.ts';
import { logger } from '#server/logger.ts';
import { sendMail } from '#server/email/mailer.ts';
import { RESET_TOKEN_MINUTES, createPasswordResetToken } from '#server/auth/password-resets.ts';
import { tooManyRequests } from '#server/http/rate-limit.ts';

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
