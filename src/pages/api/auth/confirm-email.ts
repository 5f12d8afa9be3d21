import type { APIRoute } from 'astro';
import { emailConfirmationSchema } from '#lib/schemas/auth.ts';
import { confirmEmail } from '#server/auth/index.ts';
import { followHostEmail } from '#server/clubs/index.ts';
import { errorResponse, isFormBody, json, parseFormBody, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { pageInLanguageOfReferer } from '#server/platform/http/request-language.ts';

export const prerender = false;

/**
 * Confirms an account's email with its link's token, or, for an email change's link, makes the change (the club's
 * contact email follows: followHostEmail) and signs out every browser but this one: the button of /confirm-email. Its plain HTML form (no JavaScript needed) is
 * sent on to the page the link leads back to (303), marked `email=confirmed`, or back to /confirm-email, which says why
 * the link does not work, or, for an email change made from a browser not signed in to the account, what it did (its
 * Spanish twin when the button was pressed on /es/confirm-email, as any page with one); a JSON call gets JSON. A 256-bit token cannot be guessed, so no limit.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const fromForm = isFormBody(request);
  const { token } = fromForm
    ? await parseFormBody(request, emailConfirmationSchema)
    : await parseJsonBody(request, emailConfirmationSchema);
  // The browser pressing the button stays signed in if it is signed in to the account; an email change ends the rest.
  const result = await confirmEmail(token, { keepSessionId: locals.session?.id, onEmailChange: followHostEmail });
  if (fromForm) {
    // A browser not signed in to the account would find only a sign-in on the account page: the link's page says
    // what the change did instead (issue 41 item 8).
    const location =
      result.confirmed && !(result.changedEmail && locals.user?.id !== result.userId)
        ? withConfirmedMark(result.returnTo)
        : `/confirm-email?${new URLSearchParams({ token })}`;
    return new Response(null, { status: 303, headers: { location: pageInLanguageOfReferer(request, location) } });
  }
  if (result.confirmed) return json({ confirmed: true, returnTo: result.returnTo });
  return result.reason === 'taken'
    ? errorResponse(409, 'Another account uses this email address now, so the change cannot be made.')
    : errorResponse(410, 'This confirmation link has been used or has expired.');
};

const withConfirmedMark = (path: string) => `${path}${path.includes('?') ? '&' : '?'}email=confirmed`;
