import type { APIRoute } from 'astro';
import { contactRequestSchema } from '#lib/schemas/contact.ts';
import { json, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { limit } from '#server/platform/http/rate-limited.ts';
import { requestLanguage } from '#server/platform/http/request-language.ts';
import { createContactRequest, forwardingGuide } from '#server/questions/index.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { consumeGuideMessage, limits } from '#server/platform/rate-limits/limits.ts';
import { loadResponseTimes } from '#server/platform/site-content.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/**
 * A visitor's message: a question in the admin's queue, forwarded at once to the listed guide it names, the admins
 * notified and the sender acknowledged. `forwardedTo` names the guide (never the guide's address), or is null.
 */
export const POST: APIRoute = async ({ request, locals: { clientAddress, serverPort } }) => {
  const contactRequest = await parseJsonBody(request, contactRequestSchema);

  await limit(limits.contactMessages, clientAddress, 'Too many messages. Please try again later.');

  let forwardTo = await forwardingGuide(contactRequest);
  // A forward is a message to the guide: past the guides' limits it stays with the team, who pass it on.
  if (forwardTo && (await consumeGuideMessage(forwardTo.id, clientAddress))) forwardTo = null;
  const language = requestLanguage(request);
  const { id, forwardedTo } = await createContactRequest(
    contactRequest,
    forwardTo,
    await loadResponseTimes(language),
    siteOrigin(serverPort),
    language,
  );
  wakeWorker();
  return json({ success: true, id, forwardedTo }, 201);
};
