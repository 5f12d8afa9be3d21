import type { APIRoute } from 'astro';
import { contactRequestSchema } from '#lib/schemas/contact.ts';
import { createContactRequest } from '#server/questions/contact-requests.ts';
import { json, parseJsonBody, tooManyRequests } from '#server/http/endpoint.ts';
import { limits } from '#server/rate-limits/limits.ts';

export const prerender = false;

export const POST: APIRoute = async ({ request, locals: { clientAddress } }) => {
  const parsed = await parseJsonBody(request, contactRequestSchema);
  if (!parsed.ok) return parsed.response;

  const limited = await limits.contactMessages.consume(clientAddress);
  if (limited) return tooManyRequests(limited.retryAfterSeconds, 'Too many messages. Please try again later.');

  const id = await createContactRequest(parsed.data);
  return json({ success: true, id }, 201);
};
