import type { APIRoute } from 'astro';
import { registrationSchema } from '../../../lib/schemas/clubs.ts';
import { registerClub } from '../../../lib/server/clubs.ts';
import { ConflictError } from '../../../lib/server/conflict.ts';
import { registrationEmail } from '../../../lib/server/emails.ts';
import { json, parseJsonBody, siteOrigin } from '../../../lib/server/http.ts';
import { limits } from '../../../lib/server/limits.ts';
import { logger } from '../../../lib/server/logger.ts';
import { sendMail } from '../../../lib/server/mailer.ts';
import { hashPassword } from '../../../lib/server/password.ts';
import { tooManyRequests } from '../../../lib/server/rate-limit.ts';

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
    // A refused code counts as a guess; a taken email does not. The middleware answers the conflict (409).
    if (error instanceof ConflictError && error.field === 'email') await limits.codeAttempts.refund(clientAddress);
    throw error;
  }
  await limits.codeAttempts.refund(clientAddress);

  // The club exists whether or not the email goes out; a mail failure is logged, not shown as a failed registration.
  await sendMail(
    registrationEmail({ to: registration.email, hostName: registration.hostName, clubName: registration.clubName, origin: siteOrigin(url) }),
  ).catch((error: unknown) => logger.error({ err: error, clubId }, 'registration email failed'));

  return json({ success: true, clubId }, 201);
};
