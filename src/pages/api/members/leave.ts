import type { APIRoute } from 'astro';
import { memberLinkSchema } from '#lib/schemas/members.ts';
import { deleteMemberOfLink } from '#server/members/index.ts';
import { errorResponse, isFormBody, json, parseFormBody, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { pageInLanguageOfReferer } from '#server/platform/http/request-language.ts';

export const prerender = false;

/**
 * "Leave the club" on a member's "Your club" page (issue 40): the member is deleted, links and all. The plain form (no
 * JavaScript) goes on to /your-club (or its Spanish twin, when pressed there), which says they have left; a JSON call
 * gets the club's name. A 256-bit token cannot be guessed, so no limit.
 */
export const POST: APIRoute = async ({ request }) => {
  const fromForm = isFormBody(request);
  const { token } = fromForm ? await parseFormBody(request, memberLinkSchema) : await parseJsonBody(request, memberLinkSchema);
  const left = await deleteMemberOfLink(token, 'club');
  if (fromForm) {
    const query = left ? new URLSearchParams({ left: 'true' }) : new URLSearchParams({ token });
    return new Response(null, { status: 303, headers: { location: pageInLanguageOfReferer(request, `/your-club?${query}`) } });
  }
  return left
    ? json({ left: true, club: left.clubName })
    : errorResponse(404, 'This link is not valid, or you have left the club already.');
};
