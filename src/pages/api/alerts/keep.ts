import type { APIRoute } from 'astro';
import { alertLinkSchema } from '#lib/schemas/alerts.ts';
import { alertsPagePath, keepAlert } from '#server/alerts/index.ts';
import { errorResponse, isFormBody, json, parseFormBody, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { pageInLanguageOfReferer } from '#server/platform/http/request-language.ts';

export const prerender = false;

/**
 * Keeps an alert a further 12 months with the token of its "Keep this alert?" email: the button of /alerts/keep. Its
 * plain form goes on to "Your alerts", marked `kept`, in the language of the page it was pressed on; a JSON call gets the
 * alert.
 */
export const POST: APIRoute = async ({ request }) => {
  const fromForm = isFormBody(request);
  const { token } = fromForm ? await parseFormBody(request, alertLinkSchema) : await parseJsonBody(request, alertLinkSchema);
  const outcome = await keepAlert(token, new Date());
  if (fromForm) {
    const location =
      outcome.status === 'answered'
        ? `${alertsPagePath(token)}&kept=${outcome.alert.id}`
        : `/alerts/keep?${new URLSearchParams({ token })}`;
    return new Response(null, { status: 303, headers: { location: pageInLanguageOfReferer(request, location) } });
  }
  if (outcome.status === 'answered') return json({ kept: true, alert: outcome.alert });
  return outcome.status === 'gone'
    ? errorResponse(410, 'This alert has ended or been deleted. Set up a new one from the directory.')
    : errorResponse(404, 'This link is not valid.');
};
