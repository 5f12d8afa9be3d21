import type { APIRoute } from 'astro';
import { LINK_RESENT } from '#lib/members/types.ts';
import { memberLinkRequestSchema } from '#lib/schemas/members.ts';
import { resendMemberLink } from '#server/members/index.ts';
import { wakeWorker } from '#server/app/worker.ts';
import { isFormBody, json, notFound, parseFormBody, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { requireId } from '#server/platform/http/params.ts';
import { limit } from '#server/platform/http/rate-limited.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';

export const prerender = false;

/**
 * "Email me my link" on a club's page (issue 40): a member's address gets a new "Your club" link. The answer is the
 * same whether or not the address is a member's, and whether or not its day's emails were used up, so that nobody
 * learns who is a member; only the client's own limit (429) differs. The plain form (no JavaScript) goes back to the
 * club's page, which says so.
 */
export const POST: APIRoute = async ({ params, request, locals: { clientAddress, serverPort } }) => {
  const clubId = requireId(params.id, 'Club not found.');
  const fromForm = isFormBody(request);
  const { email } = fromForm
    ? await parseFormBody(request, memberLinkRequestSchema)
    : await parseJsonBody(request, memberLinkRequestSchema);
  await limit(limits.memberLinksByClient, clientAddress, 'Too many requests. Please try again later.');
  const outcome = await resendMemberLink(clubId, email, siteOrigin(serverPort));
  if (outcome === 'unknown-club') return notFound('Club not found.');
  if (outcome === 'sent') wakeWorker();
  if (fromForm) {
    // The club's page by its id: it redirects to its name's path, keeping the query.
    return new Response(null, { status: 303, headers: { location: `/flamekeeper-clubs/${clubId}?link=sent#your-club-link` } });
  }
  return json({ sent: true, message: LINK_RESENT });
};
