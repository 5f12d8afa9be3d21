import type { APIRoute } from 'astro';
import { hostSignInSchema } from '#lib/schemas/clubs.ts';
import { findAccountPlace } from '#server/app/accounts.ts';
import { json, parseJsonBody, tooManyRequests } from '#server/platform/http/endpoint.ts';
import { SIGN_IN_ROLES, signIn } from '#server/auth/index.ts';

export const prerender = false;

/**
 * Host sign-in, taking a guide's account too: `{ success, clubId, home }` (the page the account belongs on: its club
 * profile, else /my-licences) and a fresh session cookie; the same answer for every kind of failure.
 */
export const POST: APIRoute = async ({ request, cookies, url, locals: { clientAddress } }) => {
  const { email, password } = await parseJsonBody(request, hostSignInSchema);

  const result = await signIn(
    { identifier: email, password, roles: SIGN_IN_ROLES, clientAddress, userAgent: request.headers.get('user-agent') },
    cookies,
    url,
  );
  if (result.user) {
    const { clubId, home } = await findAccountPlace(result.user.id);
    return json({ success: true, clubId, home });
  }
  if (result.limited) return tooManyRequests(result.limited.retryAfterSeconds, 'Too many sign-in attempts. Please try again later.');
  return json({ success: false, clubId: null, home: null });
};
