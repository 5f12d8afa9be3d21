import type { APIRoute } from 'astro';
import { guideMessageSchema } from '#lib/schemas/guides.ts';
import { json, notFound, parseJsonBody, tooManyRequests } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';
import { requestLanguage } from '#server/platform/http/request-language.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { sendGuideMessage } from '#server/guides/index.ts';
import { consumeGuideMessage } from '#server/platform/rate-limits/limits.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

const NOT_FOUND = 'Guide not found.';
const TOO_MANY = 'Too many messages. Please try again later.';

/** "Message {first name}" on a listed guide's page: emailed to the guide at once, Reply-To the visitor, and acknowledged. */
export const POST: APIRoute = async ({ params, request, locals: { clientAddress, serverPort } }) => {
  const guideId = requireId(params.id, NOT_FOUND);
  const message = await parseJsonBody(request, guideMessageSchema);

  const limited = await consumeGuideMessage(guideId, clientAddress);
  if (limited) return tooManyRequests(limited.retryAfterSeconds, TOO_MANY);

  const sent = await sendGuideMessage(guideId, message, siteOrigin(serverPort), requestLanguage(request));
  if (!sent) return notFound(NOT_FOUND);
  wakeWorker();
  return json({ success: true, id: sent.id, guide: sent.guide }, 201);
};
