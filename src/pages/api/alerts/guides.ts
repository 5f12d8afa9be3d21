import type { APIRoute } from 'astro';
import { alertCopy } from '#lib/alerts/alert-copy.ts';
import { guideAlertSchema } from '#lib/schemas/alerts.ts';
import { createGuideAlert, resolveAlertPlace } from '#server/alerts/index.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { json, parseJsonBody, refuseField } from '#server/platform/http/endpoint.ts';
import { limit } from '#server/platform/http/rate-limited.ts';
import { requestLanguage } from '#server/platform/http/request-language.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/**
 * Sets up a guide alert (issue 39), "Tell me when a guide serves {place}": `{ email, place }`. Answered as POST
 * /api/alerts: 202 and the same words whatever the address already has; 400 for a place the search does not know, a
 * state or an ambiguous city; 429 past 5 alerts an hour from the client (alerts of every kind count together). The
 * form posted without JavaScript comes here through the form bridge.
 */
export const POST: APIRoute = async ({ request, locals: { clientAddress, serverPort } }) => {
  const input = await parseJsonBody(request, guideAlertSchema);
  const resolved = await resolveAlertPlace(input.place);
  refuseField('place', 'problem' in resolved ? resolved.problem : null);
  await limit(limits.alertsByClient, clientAddress, 'Too many alerts from here. Please try again in an hour.');
  if ('place' in resolved)
    await createGuideAlert(input.email, resolved.place, siteOrigin(serverPort), new Date(), requestLanguage(request));
  wakeWorker();
  return json({ success: true, title: alertCopy.sent.title, message: alertCopy.sent.description }, 202);
};
