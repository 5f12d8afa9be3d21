import type { APIRoute } from 'astro';
import { alertLinkSchema } from '#lib/schemas/alerts.ts';
import { alertsPagePath, confirmAlert } from '#server/alerts/index.ts';
import { errorResponse, isFormBody, json, parseFormBody, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { pageInLanguageOfReferer } from '#server/platform/http/request-language.ts';

export const prerender = false;

/**
 * Confirms an alert with its confirmation link's token: the button of /alerts/confirm. Its plain form (no JavaScript
 * needed) is sent on to the address's "Your alerts" page, marked `confirmed`, or back to /alerts/confirm, which says why
 * the link does not work, each in the language of the page it was pressed on; a JSON call gets the alert. A 256-bit token cannot be guessed, so no limit.
 */
export const POST: APIRoute = async ({ request }) => {
  const fromForm = isFormBody(request);
  const { token } = fromForm ? await parseFormBody(request, alertLinkSchema) : await parseJsonBody(request, alertLinkSchema);
  const outcome = await confirmAlert(token, new Date());
  if (fromForm) {
    const location =
      outcome.status === 'answered'
        ? `${alertsPagePath(token)}&confirmed=${outcome.alert.id}`
        : `/alerts/confirm?${new URLSearchParams({ token })}`;
    return new Response(null, { status: 303, headers: { location: pageInLanguageOfReferer(request, location) } });
  }
  if (outcome.status === 'answered') return json({ confirmed: true, alert: outcome.alert });
  return outcome.status === 'gone'
    ? errorResponse(410, 'This alert has been deleted. Set up a new one from the directory.')
    : errorResponse(404, 'This link is not valid.');
};
