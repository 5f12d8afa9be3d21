import { findAlertsOfLink } from './alerts.ts';

// What the pages of the alert emails' links show (/alerts, /alerts/confirm, /alerts/keep and their Spanish twins, one
// page component each taking `lang`). Read by the route, which alone can still set the answer's status and headers: a
// component's are too late once the page streams. A GET changes nothing (mail scanners follow links): the buttons do.

type PageResponse = { status?: number; headers: Headers };

/** The address's alerts a link opens, and the link's own alert (null once deleted). */
export type AlertMailbox = NonNullable<Awaited<ReturnType<typeof findAlertsOfLink>>>;

/** The link carries the token: no shared cache may keep the page. */
const keepPrivate = (response: PageResponse) => response.headers.set('cache-control', 'private, no-store');

export interface AlertsPage {
  /** Whether the address carries a token: without one, the page is the alert form alone. */
  linked: boolean;
  /** The alerts of the link's address, or null (no token, or one no email carried). */
  mailbox: AlertMailbox | null;
  /** The alert just confirmed or kept, by its id, and how many were just deleted, as the buttons' answers mark them. */
  confirmed: number | null;
  kept: number | null;
  deleted: string | null;
  /** The place a search named, prefilled in the form. */
  place: string | undefined;
}

/** "Your alerts" (issue 39): a 404 for a token no email carried. */
export async function openAlertsLink(url: URL, response: PageResponse): Promise<AlertsPage> {
  const tokenText = url.searchParams.get('token');
  const mailbox = tokenText === null ? null : await findAlertsOfLink(tokenText);
  if (tokenText !== null && !mailbox) response.status = 404;
  keepPrivate(response);
  const marked = (name: string) => Number(url.searchParams.get(name)) || null;
  return {
    linked: tokenText !== null,
    mailbox,
    confirmed: marked('confirmed'),
    kept: marked('kept'),
    deleted: url.searchParams.get('deleted'),
    place: url.searchParams.get('place') ?? undefined,
  };
}

/** /alerts/confirm: a 404 for a token no email carried. */
export async function openConfirmLink(url: URL, response: PageResponse): Promise<AlertMailbox | null> {
  const mailbox = await findAlertsOfLink(url.searchParams.get('token'));
  keepPrivate(response);
  if (!mailbox) response.status = 404;
  return mailbox;
}

/** /alerts/keep: a 404 unless the link's alert is there and confirmed. */
export async function openKeepLink(url: URL, response: PageResponse): Promise<AlertMailbox | null> {
  const mailbox = await findAlertsOfLink(url.searchParams.get('token'));
  keepPrivate(response);
  if (!mailbox?.alert?.confirmedAt) response.status = 404;
  return mailbox;
}
