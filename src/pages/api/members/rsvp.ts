import type { APIRoute } from 'astro';
import { rsvpLinkSchema } from '#lib/schemas/reminders.ts';
import { answerRsvpByLink, rsvpPath, type RsvpState } from '#server/members/index.ts';
import { errorResponse, isFormBody, json, parseFormBody, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { pageInLanguageOfReferer } from '#server/platform/http/request-language.ts';
import { loadReadingPlan } from '#server/platform/site-content.ts';

export const prerender = false;

/** Why an answer is refused: a session cancelled or begun is not answered. */
const REFUSED: Record<Exclude<RsvpState, 'open'>, string> = {
  cancelled: 'This session is cancelled: there is nothing to answer.',
  past: 'This session has begun: it can no longer be answered.',
  unknown: 'This session is no longer on the club’s schedule.',
};

/**
 * The button of an "I'll be there" or "Can't make it" link's page (issue 40): the link's own answer for its own
 * session. The token decides both, so a "coming" link cannot answer "can't", nor act as any other link. The page's
 * GET changes nothing (mail scanners follow links); the plain form goes back to it (its Spanish twin when pressed
 * there), which says what is stored; a JSON
 * call gets `{ answer, session }`. 404 for an unknown link, 409 for a session cancelled or begun.
 */
export const POST: APIRoute = async ({ request }) => {
  const fromForm = isFormBody(request);
  const { token } = fromForm ? await parseFormBody(request, rsvpLinkSchema) : await parseJsonBody(request, rsvpLinkSchema);
  const outcome = await answerRsvpByLink(token, await loadReadingPlan(), new Date());
  if (fromForm) {
    const query = outcome?.state === 'open' ? `&${new URLSearchParams({ saved: 'true' })}` : '';
    return new Response(null, { status: 303, headers: { location: pageInLanguageOfReferer(request, `${rsvpPath(token)}${query}`) } });
  }
  if (!outcome) return errorResponse(404, 'This link is not valid, or you have left the club.');
  if (outcome.state !== 'open') return errorResponse(409, REFUSED[outcome.state]);
  return json({ answer: outcome.found.answer, session: outcome.found.link.sessionStart });
};
