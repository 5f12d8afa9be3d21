import type { APIRoute } from 'astro';
import { loginSchema } from '#lib/schemas/auth.ts';
import { errorResponse, json, parseJsonBody, tooManyRequests } from '#server/platform/http/endpoint.ts';
import { signIn } from '#server/auth/index.ts';

export const prerender = false;

/** The spec sends expired admin sessions here to sign in again: that is the /login page. */
export const GET: APIRoute = ({ redirect }) => redirect('/login', 303);

export const POST: APIRoute = async ({ request, cookies, url, locals: { clientAddress } }) => {
  const { emailOrUsername, password } = await parseJsonBody(request, loginSchema);

  const result = await signIn(
    { identifier: emailOrUsername, password, roles: ['admin'], clientAddress, userAgent: request.headers.get('user-agent') },
    cookies,
    url,
  );
  if (result.user) {
    const { id, email, username, role } = result.user;
    return json({ success: true, user: { id, email, username, role } });
  }
  if (result.limited) return tooManyRequests(result.limited.retryAfterSeconds, 'Too many sign-in attempts. Please try again later.');
  return errorResponse(401, 'Invalid credentials');
};
