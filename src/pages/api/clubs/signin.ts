import type { APIRoute } from 'astro';
import { hostSignInSchema } from '#lib/schemas/clubs.ts';
import { findClubIdByOwner } from '#server/clubs/clubs.ts';
import { json, parseJsonBody, tooManyRequests } from '#server/platform/http/endpoint.ts';
import { signIn } from '#server/auth/sign-in.ts';

export const prerender = false;

/** Host sign-in: `{ success, clubId }` and a fresh session cookie; the same answer for every kind of failure. */
export const POST: APIRoute = async ({ request, cookies, url, locals: { clientAddress } }) => {
  const { email, password } = await parseJsonBody(request, hostSignInSchema);

  const result = await signIn({ identifier: email, password, roles: ['host'], clientAddress }, cookies, url);
  if (result.user) return json({ success: true, clubId: await findClubIdByOwner(result.user.id) });
  if (result.limited) return tooManyRequests(result.limited.retryAfterSeconds, 'Too many sign-in attempts. Please try again later.');
  return json({ success: false, clubId: null });
};
