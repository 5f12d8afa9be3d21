import type { APIRoute } from 'astro';
import { registrationSchema } from '#lib/schemas/clubs.ts';
import { RegistrationConflict, registerClub } from '#server/clubs/clubs.ts';
import { registrationEmail } from '#server/email/emails.ts';
import { errorResponse, json, parseJsonBody, siteOrigin } from '#server/http/endpoint.ts';
import { limits } from '#server/http/limits.ts';
import { logger } from '#server/logger.ts';
import { sendMail } from '#server/email/mailer.ts';
import { hashPassword } from '#server/auth/password.ts';
import { tooManyRequests } from '#server/http/rate-limit.ts';

export const prerender = false;

/** Registers a host account and a pending club with a HOST SET code, then emails the host. */
export const POST: APIRoute = async ({ request, url, locals: { clientAddress } }) => {
  const parsed = await parseJsonBody(request, registrationSchema);
  if (!parsed.ok) return parsed.response;

  // Registration also tests a code, so it shares the code-guessing limit. The attempt is counted before the password
  // is hashed, so a parallel burst cannot hash past the limit, and given back unless the code was refused.
  const limited = await limits.codeAttempts.consume(clientAddress);
  if (limited) return tooManyRequests(limited.retryAfterSeconds, 'Too many attempts. Please try again later.');

  const registration = parsed.data;
  let clubId: number;
  try {
    ({ clubId } = await registerClub(registration, await hashPassword(registration.password)));
  } catch (error) {
    if (!(error instanceof RegistrationConflict)) throw error;
    if (error.field !== 'hostSetCode') await limits.codeAttempts.refund(clientAddress);
    return errorResponse(409, error.message, { [error.field]: [error.message] });
  }
  await limits.codeAttempts.refund(clientAddress);

  // The club exists whether or not the email goes out; a mail failure is logged, not shown as a failed registration.
  await sendMail(
    registrationEmail({ to: registration.email, hostName: registration.hostName, clubName: registration.clubName, origin: siteOrigin(url) }),
  ).catch((error: unknown) => logger.error({ err: error, clubId }, 'registration email failed'));

  return json({ success: true, clubId }, 201);
};
