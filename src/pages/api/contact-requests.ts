import type { APIRoute } from 'astro';
import { contactRequestSchema } from '#lib/schemas/contact.ts';
import { contactAcknowledgementEmail } from '#server/questions/contact-emails.ts';
import { createContactRequest } from '#server/questions/contact-requests.ts';
import { json, parseJsonBody, tooManyRequests } from '#server/platform/http/endpoint.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { loadResponseTimes } from '#server/platform/site-content.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/** A visitor's message: a question in the admin's queue, the admins notified and the sender acknowledged. */
export const POST: APIRoute = async ({ request, locals: { clientAddress, serverPort } }) => {
  const contactRequest = await parseJsonBody(request, contactRequestSchema);

  const limited = await limits.contactMessages.consume(clientAddress);
  if (limited) return tooManyRequests(limited.retryAfterSeconds, 'Too many messages. Please try again later.');

  const origin = siteOrigin(serverPort);
  const acknowledgement = contactAcknowledgementEmail(contactRequest, await loadResponseTimes(), origin);
  const id = await createContactRequest(contactRequest, acknowledgement, origin);
  wakeWorker();
  return json({ success: true, id }, 201);
};
