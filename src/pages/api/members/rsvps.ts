import type { APIRoute } from 'astro';
import { memberRsvpSchema } from '#lib/schemas/reminders.ts';
import { answerRsvp, yourClubPath } from '#server/members/index.ts';
import { errorResponse, isFormBody, json, parseFormBody, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { pageInLanguageOfReferer } from '#server/platform/http/request-language.ts';
import { loadReadingPlan } from '#server/platform/site-content.ts';

export const prerender = false;

/**
 * A member's answer from their "Your club" page (issue 40): `{ token, occurrence, answer }`, by the page's link, for
 * one of the club's next sessions (its scheduled start), changeable until it begins. The plain form goes back to the
 * page, in its language; a JSON call gets the answer. 404 for an unknown link, 409 for a session cancelled, begun or
 * not the club's.
 */
export const POST: APIRoute = async ({ request }) => {
  const fromForm = isFormBody(request);
  const input = fromForm ? await parseFormBody(request, memberRsvpSchema) : await parseJsonBody(request, memberRsvpSchema);
  const outcome = await answerRsvp(input.token, input.occurrence, input.answer, await loadReadingPlan(), new Date());
  if (fromForm) {
    return new Response(null, {
      status: 303,
      headers: { location: pageInLanguageOfReferer(request, `${yourClubPath(input.token)}#your-club-sessions`) },
    });
  }
  if (!outcome) return errorResponse(404, 'This link is not valid, or you have left the club.');
  if (outcome.state !== 'open')
    return errorResponse(409, 'This session cannot be answered: it is cancelled, has begun, or is not the club’s.');
  return json({ occurrence: input.occurrence, answer: input.answer });
};
