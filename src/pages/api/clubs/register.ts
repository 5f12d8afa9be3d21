import type { APIRoute } from 'astro';
import { registrationSchema } from '#lib/schemas/clubs.ts';
import { hashPassword } from '#server/auth/index.ts';
import { refusingWeakPasswords } from '#server/platform/password-policy.ts';
import { checkRegistration, registerClub, registrationEmail, zipCodeNotInState } from '#server/clubs/index.ts';
import { json, parseJsonBody, refuseField } from '#server/platform/http/endpoint.ts';
import { limit } from '#server/platform/http/rate-limited.ts';
import { requestLanguage } from '#server/platform/http/request-language.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';

export const prerender = false;

const registrationPayload = refusingWeakPasswords(registrationSchema, ({ hostName, email }) => ({ name: hostName, email }));

/** Registers a host account and a pending club with a HOST SET code, and queues the host's and the admins' emails with them. */
export const POST: APIRoute = async ({ request, locals: { clientAddress, serverPort } }) => {
  const registration = await parseJsonBody(request, registrationPayload);
  refuseField('zipCode', await zipCodeNotInState(registration));

  // Registration also tests a code and an email, so it shares the code-guessing limit: every attempt counts but a
  // successful one (a taken email too, or the answer would tell whether any email has an account, without limit).
  // The attempt is counted, and the code and email checked, before the password is hashed, so neither a parallel
  // burst nor a registration bound to fail costs an argon2 hash past the limit.
  await limit(limits.codeAttempts, clientAddress, 'Too many attempts. Please try again later.');
  // The middleware answers the conflict (409).
  await checkRegistration(registration);

  const origin = siteOrigin(serverPort);
  const language = requestLanguage(request);
  const { email: to, hostName, clubName } = registration;
  const welcome = registrationEmail({ to, hostName, clubName, origin, language });
  const { clubId } = await registerClub(registration, await hashPassword(registration.password), welcome, origin, language);
  await limits.codeAttempts.refund(clientAddress);
  // The emails went into the outbox with the club: the worker sends it (and retries it) without the host waiting.
  wakeWorker();
  return json({ success: true, clubId }, 201);
};
