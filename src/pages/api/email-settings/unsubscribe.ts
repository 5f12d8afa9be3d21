import type { APIRoute } from 'astro';
import { UNSUBSCRIBE_PAGE_PATH } from '#lib/shared/email-unsubscribe.ts';
import { unsubscribeLinkSchema } from '#lib/schemas/email-settings.ts';
import { unsubscribeByLink } from '#server/app/email-unsubscribe.ts';
import { isFormBody, json, notFound, parseQuery, readFormFields } from '#server/platform/http/endpoint.ts';
import { pageInLanguageOfReferer } from '#server/platform/http/request-language.ts';

export const prerender = false;

/** The page a person who opens the link sees, and the plain form's way back to it. */
const pagePath = (token: string, done = false) =>
  `${UNSUBSCRIBE_PAGE_PATH}?${new URLSearchParams({ token, ...(done ? { stopped: 'true' } : {}) })}`;

/**
 * One-click unsubscribe (RFC 8058) of a notification sent to an account (issue 41 item 17): the admins' emails and
 * digests, a host's morning summary, a host's or a guide's reminders of unanswered messages. The mail reader posts
 * `List-Unsubscribe=One-Click` to the email's List-Unsubscribe address, with no cookie and no Origin, and that one
 * setting of that one person is turned off. The middleware leaves this path out of its cross-site checks
 * (CROSS_SITE_EXEMPT): the link's signature says whose setting, and all it can do is turn it off. A form without
 * `List-Unsubscribe=One-Click` is the page's own button, sent back to the page in the language it was pressed on. 200 when off (already too), 404 for a
 * token this site did not sign.
 */
export const POST: APIRoute = async ({ url, request }) => {
  const { token } = parseQuery(url, unsubscribeLinkSchema);
  const stopped = await unsubscribeByLink(token);
  const fields = isFormBody(request) ? await readFormFields(request) : null;
  if (fields && fields['List-Unsubscribe'] !== 'One-Click') {
    return new Response(null, { status: 303, headers: { location: pageInLanguageOfReferer(request, pagePath(token, stopped !== null)) } });
  }
  return stopped ? json({ unsubscribed: true, kind: stopped.kind }) : notFound('This link is not valid.');
};

/** A person who opens the link instead: a GET changes nothing (mail scanners follow links); the page asks. */
export const GET: APIRoute = ({ url }) =>
  new Response(null, { status: 303, headers: { location: pagePath(parseQuery(url, unsubscribeLinkSchema).token) } });
