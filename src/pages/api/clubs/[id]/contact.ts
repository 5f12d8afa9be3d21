import type { APIRoute } from 'astro';
import { findVerifiedClubContact } from '#server/directory/directory.ts';
import { json, notFound, tooManyRequests } from '#server/platform/http/endpoint.ts';
import { parseId } from '#server/platform/http/params.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';

export const prerender = false;

/** One verified club and its host's email, fetched when the directory's dialog opens. */
export const GET: APIRoute = async ({ params, locals: { clientAddress } }) => {
  const id = parseId(params.id);
  if (id === null) return notFound('Club not found.');

  const limited = await limits.clubContacts.consume(clientAddress);
  if (limited) return tooManyRequests(limited.retryAfterSeconds);

  const contact = await findVerifiedClubContact(id);
  return contact ? json(contact) : notFound('Club not found.');
};
