import type { APIRoute } from 'astro';
import { alertDeletionSchema } from '#lib/schemas/alerts.ts';
import { alertsPagePath, deleteAlerts } from '#server/alerts/index.ts';
import { isFormBody, json, notFound, parseFormBody, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { pageInLanguageOfReferer } from '#server/platform/http/request-language.ts';

export const prerender = false;

/**
 * Deletes one alert (`alertId`) or every alert (`all`) of the address a "Your alerts" link's token opens, and with them
 * the address. The page's plain forms go back to the page (303) in the language they were pressed on, marked `deleted`
 * with how many; a JSON call gets the count. An id that is not the address's deletes nothing.
 */
export const POST: APIRoute = async ({ request }) => {
  const fromForm = isFormBody(request);
  const input = fromForm ? await parseFormBody(request, alertDeletionSchema) : await parseJsonBody(request, alertDeletionSchema);
  const deleted = await deleteAlerts(input.token, 'alertId' in input ? { alertId: input.alertId } : { all: true });
  if (deleted === null) return notFound('This link is not valid.');
  if (fromForm) {
    const location = pageInLanguageOfReferer(request, `${alertsPagePath(input.token)}&deleted=${deleted}`);
    return new Response(null, { status: 303, headers: { location } });
  }
  return json({ deleted });
};
