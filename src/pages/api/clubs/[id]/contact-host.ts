import type { APIRoute } from 'astro';
import { findVerifiedClubContact } from '#server/directory/directory.ts';
import { notFound, tooManyRequests } from '#server/platform/http/endpoint.ts';
import { parseId } from '#server/platform/http/params.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';

export const prerender = false;

/**
 * The club page's Contact Host link: a redirect to a mail to the host with the subject "Interest in {club}". The
 * address never appears in the page, which the sitemap lists for every club, so it cannot be harvested in bulk
 * (architecture decision 2); the directory's dialog reads it from /contact under the same limit.
 */
export const GET: APIRoute = async ({ params, locals: { clientAddress } }) => {
  const id = parseId(params.id);
  if (id === null) return notFound('Club not found.');

  const limited = await limits.clubContacts.consume(clientAddress);
  if (limited) return tooManyRequests(limited.retryAfterSeconds);

  const contact = await findVerifiedClubContact(id);
  if (!contact) return notFound('Club not found.');
  const subject = encodeURIComponent(`Interest in ${contact.club.clubName}`);
  return new Response(null, {
    status: 303,
    headers: { location: `mailto:${contact.email}?subject=${subject}`, 'cache-control': 'no-store' },
  });
};
