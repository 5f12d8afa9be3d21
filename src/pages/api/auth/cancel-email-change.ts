import type { APIRoute } from 'astro';
import { emailChangeCancelSchema } from '#lib/schemas/auth.ts';
import { cancelEmailChange } from '#server/auth/index.ts';
import { errorResponse, isFormBody, json, parseFormBody, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { pageInLanguageOfReferer } from '#server/platform/http/request-language.ts';

export const prerender = false;

/** Where the holder chooses the new password: the reset link's page, which says why it is asked. */
const resetPath = (resetToken: string) => `/reset-password?${new URLSearchParams({ token: resetToken, from: 'email-change' })}`;

/**
 * "This wasn't me", the button of /cancel-email-change: cancels the account's email change, signs every browser out
 * and takes the holder to a new reset link's page. Its plain HTML form is sent there (303), or back to the link's page
 * when the link cannot be used, each in the language the button was pressed on; a JSON call gets JSON. A 256-bit token cannot be guessed, so no limit.
 */
export const POST: APIRoute = async ({ request }) => {
  const fromForm = isFormBody(request);
  const { token } = fromForm
    ? await parseFormBody(request, emailChangeCancelSchema)
    : await parseJsonBody(request, emailChangeCancelSchema);
  const result = await cancelEmailChange(token);
  if (fromForm) {
    const location = 'resetToken' in result ? resetPath(result.resetToken) : `/cancel-email-change?${new URLSearchParams({ token })}`;
    return new Response(null, { status: 303, headers: { location: pageInLanguageOfReferer(request, location) } });
  }
  if ('resetToken' in result) return json({ cancelled: true, resetPath: resetPath(result.resetToken) });
  if (result.refused === 'unknown') return errorResponse(404, 'This link is not valid.');
  return result.refused === 'changed'
    ? errorResponse(409, 'The email has been changed already: contact us to get the account back.')
    : errorResponse(410, 'This link has been used already.');
};
