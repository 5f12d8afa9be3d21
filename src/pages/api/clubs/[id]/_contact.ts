import type { APIRoute } from 'astro';
import { findVerifiedClubContact } from '#server/directory/index.ts';
import { notFound } from '#server/platform/http/endpoint.ts';
import { limit } from '#server/platform/http/rate-limited.ts';
import { requireId } from '#server/platform/http/params.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';

type ClubContact = NonNullable<Awaited<ReturnType<typeof findVerifiedClubContact>>>;

/**
 * The GET of a route that hands out one verified club's host address, answered by `answer`: every lookup counts
 * against the client's limits (10 in 10 minutes, 30 a day), so addresses cannot be harvested in bulk (architecture
 * decision 2). An unknown, pending or malformed id is not found.
 */
export function contactRoute(answer: (contact: ClubContact) => Response): APIRoute {
  return async ({ params, locals: { clientAddress } }) => {
    const id = requireId(params.id, 'Club not found.');
    // The day's limit counts only look-ups the ten minutes' one let through.
    await limit(limits.clubContacts, clientAddress);
    await limit(limits.clubContactsPerDay, clientAddress);

    const contact = await findVerifiedClubContact(id);
    return contact ? answer(contact) : notFound('Club not found.');
  };
}
