import type { APIRoute } from 'astro';
import { alertCopy } from '#lib/alerts/alert-copy.ts';
import { clubAlertSchema } from '#lib/schemas/alerts.ts';
import { createClubAlert } from '#server/alerts/index.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { errorResponse, json, notFound, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { limit } from '#server/platform/http/rate-limited.ts';
import { requestLanguage } from '#server/platform/http/request-language.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/**
 * "Tell me when {club} takes new members" (issue 39), for a listed club that takes none: `{ email, clubId }`. 202 and
 * the same words whatever the address already has, as POST /api/alerts; 404 for a club that is not listed; 409 while
 * the club takes members (Ask to join instead); 429 past 5 alerts an hour from the client. The form posted without
 * JavaScript comes here through the form bridge.
 */
export const POST: APIRoute = async ({ request, locals: { clientAddress, serverPort } }) => {
  const input = await parseJsonBody(request, clubAlertSchema);
  await limit(limits.alertsByClient, clientAddress, 'Too many alerts from here. Please try again in an hour.');
  const outcome = await createClubAlert(input, siteOrigin(serverPort), new Date(), requestLanguage(request));
  if (outcome === 'unknown-club') return notFound('Club not found.');
  if (outcome === 'accepting') return errorResponse(409, alertCopy.clubAccepting);
  wakeWorker();
  return json({ success: true, title: alertCopy.sent.title, message: alertCopy.sent.description }, 202);
};
