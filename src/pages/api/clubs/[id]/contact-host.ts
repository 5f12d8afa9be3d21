import { contactRoute } from './_contact.ts';

export const prerender = false;

/**
 * The club page's Contact Host link: a redirect to a mail to the host with the subject "Interest in {club}". The
 * address never appears in the page, which the sitemap lists for every club, so it cannot be harvested in bulk
 * (architecture decision 2); the directory's dialog reads it from /contact under the same limit.
 */
export const GET = contactRoute(({ club, email }) => {
  const subject = encodeURIComponent(`Interest in ${club.clubName}`);
  return new Response(null, {
    status: 303,
    headers: { location: `mailto:${email}?subject=${subject}`, 'cache-control': 'no-store' },
  });
});
