import type { APIRoute } from 'astro';
import { rsvpLinkSchema } from '#lib/schemas/reminders.ts';
import { stopRemindersByLink } from '#server/members/index.ts';
import { isFormBody, json, notFound, parseQuery, readFormFields } from '#server/platform/http/endpoint.ts';
import { pageInLanguageOfReferer } from '#server/platform/http/request-language.ts';

export const prerender = false;

/** The page a person who opens the link sees, and the plain form's way back to it. */
const pagePath = (token: string, done = false) =>
  `/your-club/stop-reminders?${new URLSearchParams({ token, ...(done ? { stopped: 'true' } : {}) })}`;

/**
 * One-click unsubscribe (RFC 8058) of the session reminders (issue 40, decision 035): the mail reader posts
 * `List-Unsubscribe=One-Click` to the reminder's List-Unsubscribe address, with no cookie and no Origin, and the
 * member's reminders stop; they stay a member, and still hear of a session cancelled or moved. The middleware leaves
 * this path out of its cross-site checks (CROSS_SITE_EXEMPT): the link's 256-bit token, only ever a reminder's, says
 * whose reminders. Readers send the body form-encoded or multipart; a form without `List-Unsubscribe=One-Click` is
 * the page's own button, sent back to the page. 200 when stopped (already too), 404 for an unknown token.
 */
export const POST: APIRoute = async ({ url, request }) => {
  const { token } = parseQuery(url, rsvpLinkSchema);
  const stopped = await stopRemindersByLink(token, new Date());
  // The page's own button (a plain form without the one-click field) goes back to the page, in its language.
  const fields = isFormBody(request) ? await readFormFields(request) : null;
  if (fields && fields['List-Unsubscribe'] !== 'One-Click') {
    return new Response(null, { status: 303, headers: { location: pageInLanguageOfReferer(request, pagePath(token, stopped !== null)) } });
  }
  return stopped ? json({ unsubscribed: true, club: stopped.clubName }) : notFound('This link is not valid.');
};

/** A person who opens the link instead: a GET changes nothing (mail scanners follow links); the page asks. */
export const GET: APIRoute = ({ url }) =>
  new Response(null, { status: 303, headers: { location: pagePath(parseQuery(url, rsvpLinkSchema).token) } });
