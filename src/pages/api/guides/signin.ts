import type { APIRoute } from 'astro';
import { guideSignInSchema } from '#lib/schemas/licensing.ts';
import { signIn } from '#server/auth/sign-in.ts';
import { json, parseJsonBody, tooManyRequests } from '#server/platform/http/endpoint.ts';

export const prerender = false;

/** Sign-in for reserving and managing licences: a guide's account or a club host's. `{ success }` and a session. */
export const POST: APIRoute = async ({ request, cookies, url, locals: { clientAddress } }) => {
  const { email, password } = await parseJsonBody(request, guideSignInSchema);

  const result = await signIn({ identifier: email, password, roles: ['guide', 'host'], clientAddress }, cookies, url);
  if (result.user) return json({ success: true });
  if (result.limited) return tooManyRequests(result.limited.retryAfterSeconds, 'Too many sign-in attempts. Please try again later.');
  return json({ success: false });
};
