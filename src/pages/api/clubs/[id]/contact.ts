import type { APIRoute } from 'astro';
import { findVerifiedClubContact } from '../../../../lib/server/directory.ts';
import { json, notFound } from '../../../../lib/server/http.ts';
import { parseId } from '../../../../lib/server/params.ts';
import { limits } from '../../../../lib/server/limits.ts';
import { tooManyRequests } from '../../../../lib/server/rate-limit.ts';

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
