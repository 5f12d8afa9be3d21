import type { APIRoute } from 'astro';
import { memberRemindersSchema } from '#lib/schemas/reminders.ts';
import { setMemberReminders, yourClubPath } from '#server/members/index.ts';
import { errorResponse, isFormBody, json, parseFormBody, parseJsonBody } from '#server/platform/http/endpoint.ts';
import { pageInLanguageOfReferer } from '#server/platform/http/request-language.ts';

export const prerender = false;

/**
 * The "Your club" page's switch of the member's own session reminders (issue 40): `{ token, reminders: "on" | "off" }`.
 * The plain form goes back to the page, in its language; a JSON call gets the setting. 404 for an unknown link.
 */
export const POST: APIRoute = async ({ request }) => {
  const fromForm = isFormBody(request);
  const input = fromForm ? await parseFormBody(request, memberRemindersSchema) : await parseJsonBody(request, memberRemindersSchema);
  const done = await setMemberReminders(input.token, input.reminders === 'on', new Date());
  if (fromForm)
    return new Response(null, {
      status: 303,
      headers: { location: pageInLanguageOfReferer(request, `${yourClubPath(input.token)}#your-club-reminders`) },
    });
  return done ? json({ reminders: input.reminders }) : errorResponse(404, 'This link is not valid, or you have left the club.');
};
