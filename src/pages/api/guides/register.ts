import type { APIRoute } from 'astro';
import { areaSearchPath, guideRegistrationSchema } from '#lib/schemas/licensing.ts';
import { createSession, hashPassword, setSessionCookie } from '#server/auth/index.ts';
import { refusingWeakPasswords } from '#server/platform/password-policy.ts';
import { checkGuideEmail, registerGuide } from '#server/guides/index.ts';
import { json, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { limit } from '#server/platform/http/rate-limited.ts';
import { requestLanguage } from '#server/platform/http/request-language.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';
import { wakeWorker } from '#server/app/worker.ts';

export const prerender = false;

const registrationPayload = refusingWeakPasswords(guideRegistrationSchema, ({ name, email }) => ({ name, email }));

/**
 * Creates a guide account and signs it in, so the reservation it was made for can go on at once, and emails its
 * confirmation link, back to the area card it was created on, or to /my-licences.
 */
export const POST: APIRoute = async ({ request, cookies, url, locals: { clientAddress, serverPort } }) => {
  const registration = await parseJsonBody(request, registrationPayload);

  // Every attempt but a successful one counts, as for hosts: a taken email answers 409, so emails cannot be probed
  // without limit. Counted, and the email checked, before the password is hashed.
  await limit(limits.accountRegistrations, clientAddress, 'Too many attempts. Please try again later.');
  await checkGuideEmail(registration.email);

  const returnTo = registration.areaId ? areaSearchPath(registration.areaId) : '/my-licences';
  const confirmation = { returnTo, origin: siteOrigin(serverPort) };
  const { userId } = await registerGuide(registration, await hashPassword(registration.password), confirmation, requestLanguage(request));
  await limits.accountRegistrations.refund(clientAddress);
  wakeWorker();
  const { token, session } = await createSession(userId, request.headers.get('user-agent'));
  setSessionCookie(cookies, url, token, session.expiresAt);
  return json({ success: true }, 201);
};
