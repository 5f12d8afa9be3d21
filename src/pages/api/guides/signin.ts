import type { APIRoute } from 'astro';
import { guideSignInSchema } from '#lib/schemas/licensing.ts';
import { findAccountPlace } from '#server/app/accounts.ts';
import { SIGN_IN_ROLES, signIn } from '#server/auth/index.ts';
import { json, parseJsonBody, tooManyRequests } from '#server/platform/http/endpoint.ts';

export const prerender = false;

/**
 * Guide sign-in, taking a host's account too: `{ success, home }` (the page the account belongs on: a host's club
 * profile, else /my-licences) and a session; the same answer for every kind of failure.
 */
export const POST: APIRoute = async ({ request, cookies, url, locals: { clientAddress } }) => {
  const { email, password } = await parseJsonBody(request, guideSignInSchema);

  const result = await signIn(
    { identifier: email, password, roles: SIGN_IN_ROLES, clientAddress, userAgent: request.headers.get('user-agent') },
    cookies,
    url,
  );
  if (result.user) return json({ success: true, home: (await findAccountPlace(result.user.id)).home });
  if (result.limited) return tooManyRequests(result.limited.retryAfterSeconds, 'Too many sign-in attempts. Please try again later.');
  return json({ success: false, home: null });
};
