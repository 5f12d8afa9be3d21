import type { APIRoute } from 'astro';
import { emailConfirmationSchema } from '#lib/schemas/auth.ts';
import { confirmEmail } from '#server/auth/email-confirmations.ts';
import { errorResponse, isFormBody, json, parseFormBody, parseJsonBody } from '#server/platform/http/endpoint.ts';

export const prerender = false;

/**
 * Confirms an account's email with its link's token: the button of /confirm-email. Its plain HTML form (no JavaScript
 * needed) is sent on to the page the link leads back to (303), marked `email=confirmed`, or back to /confirm-email,
 * which says why the link no longer works; a JSON call gets JSON. A 256-bit token cannot be guessed, so no limit.
 */
export const POST: APIRoute = async ({ request }) => {
  const fromForm = isFormBody(request);
  const { token } = fromForm
    ? await parseFormBody(request, emailConfirmationSchema)
    : await parseJsonBody(request, emailConfirmationSchema);
  const returnTo = await confirmEmail(token);
  if (fromForm) {
    const location = returnTo ? withConfirmedMark(returnTo) : `/confirm-email?${new URLSearchParams({ token })}`;
    return new Response(null, { status: 303, headers: { location } });
  }
  return returnTo ? json({ confirmed: true, returnTo }) : errorResponse(410, 'This confirmation link has been used or has expired.');
};

const withConfirmedMark = (path: string) => `${path}${path.includes('?') ? '&' : '?'}email=confirmed`;
