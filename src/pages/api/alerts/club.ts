import type { APIRoute } from 'astro';
import { alertCopy } from '#lib/alerts/alert-copy.ts';
import { clubAlertSchema } from '#lib/schemas/alerts.ts';
import { createClubAlert } from '#server/alerts/index.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { errorResponse, json, notFound, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { limit } from '#server/platform/http/rate-limited.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/**
 * Sets up a "takes new members" alert (issue 39), "Tell me when {club} takes new members": `{ email, clubId }`, for a
 * listed club whose joining is off. 202 and the same words whatever the address already has, as POST /api/alerts; 404
 * for a club that is not listed, 409 for one that takes members already (ask to join instead); 429 past 5 alerts an
 * hour from the client (alerts of every kind count together). The form posted without JavaScript comes here through
 * the form bridge.
 */
export const POST: APIRoute = async ({ request, locals: { clientAddress, serverPort } }) => {
  const input = await parseJsonBody(request, clubAlertSchema);
  await limit(limits.alertsByClient, clientAddress, 'Too many alerts from here. Please try again in an hour.');
  const created = await createClubAlert(input.email, input.clubId, siteOrigin(serverPort), new Date());
  if (created === 'not-found') return notFound('This club is not listed.');
  if (created === 'accepting') return errorResponse(409, alertCopy.clubAccepting);
  wakeWorker();
  return json({ success: true, title: alertCopy.sent.title, message: alertCopy.sent.description }, 202);
};
