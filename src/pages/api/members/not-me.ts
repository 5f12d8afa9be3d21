import type { APIRoute } from 'astro';
import { memberLinkSchema } from '#lib/schemas/members.ts';
import { deleteMemberOfLink } from '#server/members/index.ts';
import { errorResponse, isFormBody, json, parseFormBody, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { pageInLanguageOfReferer } from '#server/platform/http/request-language.ts';

export const prerender = false;

/**
 * "I did not ask for this", the button of the welcome email's page (issue 40): the person the host added is deleted,
 * links and all. The plain form goes back to /your-club/not-me (or its Spanish twin, when pressed there), which says
 * it is done; a JSON call gets the club's name. A GET of the page removes nothing, so a mail scanner that follows the
 * link changes nothing.
 */
export const POST: APIRoute = async ({ request }) => {
  const fromForm = isFormBody(request);
  const { token } = fromForm ? await parseFormBody(request, memberLinkSchema) : await parseJsonBody(request, memberLinkSchema);
  const removed = await deleteMemberOfLink(token, 'not-me');
  if (fromForm) {
    const query = removed ? new URLSearchParams({ removed: 'true' }) : new URLSearchParams({ token });
    return new Response(null, { status: 303, headers: { location: pageInLanguageOfReferer(request, `/your-club/not-me?${query}`) } });
  }
  return removed
    ? json({ removed: true, club: removed.clubName })
    : errorResponse(404, 'This link is not valid, or you were removed already.');
};
