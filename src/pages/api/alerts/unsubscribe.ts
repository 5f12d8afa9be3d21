import type { APIRoute } from 'astro';
import { alertLinkSchema } from '#lib/schemas/alerts.ts';
import { localizedHref } from '#lib/shared/languages.ts';
import { alertsPagePath, languageOfLink, unsubscribeAlert } from '#server/alerts/index.ts';
import { json, notFound, parseQuery } from '#server/platform/http/endpoint.ts';

export const prerender = false;

/** The token of the link's query (?token=), the one thing the one-click post carries that matters. */
const tokenOf = (url: URL) => parseQuery(url, alertLinkSchema).token;

/**
 * One-click unsubscribe (RFC 8058): the mail reader posts `List-Unsubscribe=One-Click` to the List-Unsubscribe address
 * of an alert email, without cookies and from no page of ours, and the email's alert is deleted with its address. The
 * middleware's cross-site checks leave this one path alone (CROSS_SITE_EXEMPT): the link's 256-bit token, not the
 * request's origin, says who may use it, and all it can do is stop the alert whose email carried it. The body is not
 * read: readers send it form-encoded or as multipart. 200 when the alert is gone (already gone too), 404 for an
 * unknown token.
 */
export const POST: APIRoute = async ({ url }) => {
  const stopped = await unsubscribeAlert(tokenOf(url));
  return stopped ? json({ unsubscribed: true }) : notFound('This link is not valid.');
};

/**
 * A person who opens the link instead: a GET never changes anything (mail scanners follow links), so they go to the
 * address's alerts, where each has its Delete button, in the language of the email's alert.
 */
export const GET: APIRoute = async ({ url }) => {
  const token = tokenOf(url);
  return new Response(null, { status: 303, headers: { location: localizedHref(alertsPagePath(token), await languageOfLink(token)) } });
};
