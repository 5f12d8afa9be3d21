import type { APIRoute } from 'astro';
import { registrationSchema } from '#lib/schemas/clubs.ts';
import { hashPassword } from '#server/auth/password.ts';
import { registerClub } from '#server/clubs/clubs.ts';
import { ConflictError } from '#server/conflict.ts';
import { registrationEmail } from '#server/email/emails.ts';
import { json, parseJsonBody, siteOrigin, tooManyRequests } from '#server/http/endpoint.ts';
import { wakeWorker } from '#server/jobs/worker.ts';
import { limits } from '#server/rate-limits/limits.ts';

export const prerender = false;

/** Registers a host account and a pending club with a HOST SET code, and queues the host's email with them. */
export const POST: APIRoute = async ({ request, locals: { clientAddress, serverPort } }) => {
  const parsed = await parseJsonBody(request, registrationSchema);
  if (!parsed.ok) return parsed.response;

  // Registration also tests a code, so it shares the code-guessing limit. The attempt is counted before the password
  // is hashed, so a parallel burst cannot hash past the limit, and given back unless the code was refused.
  const limited = await limits.codeAttempts.consume(clientAddress);
  if (limited) return tooManyRequests(limited.retryAfterSeconds, 'Too many attempts. Please try again later.');

  const registration = parsed.data;
  const welcome = registrationEmail({
    to: registration.email,
    hostName: registration.hostName,
    clubName: registration.clubName,
    origin: siteOrigin(serverPort),
  });
  let clubId: number;
  try {
    ({ clubId } = await registerClub(registration, await hashPassword(registration.password), welcome));
  } catch (error) {
    // A refused code counts as a guess; a taken email does not. The middleware answers the conflict (409).
    if (error instanceof ConflictError && error.field === 'email') await limits.codeAttempts.refund(clientAddress);
    throw error;
  }
  await limits.codeAttempts.refund(clientAddress);
  // The email went into the outbox with the club: the worker sends it (and retries it) without the host waiting.
  wakeWorker();
  return json({ success: true, clubId }, 201);
};
