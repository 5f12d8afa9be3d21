import { EMAIL_UNSUBSCRIBE_PATH, type UnsubscribeKind } from '#lib/shared/email-unsubscribe.ts';
import { unsubscribeLinkSchema } from '#lib/schemas/email-settings.ts';
import { setReplyReminders } from '#server/auth/index.ts';
import { stopRsvpSummary } from '#server/clubs/index.ts';
import { stopAdminEmails } from '#server/notifications/index.ts';
import { readUnsubscribeToken } from '#server/platform/email/unsubscribe-links.ts';

// The one-click unsubscribe of the notifications sent to accounts (issue 41 item 17) turns off the setting of the
// domain whose emails they are: the app storey is where the domains meet.

/** What each kind of link turns off, by its subject (an account's id; a club's for the summary); false for none such. */
const STOPS: Record<UnsubscribeKind, (subject: string) => Promise<boolean>> = {
  'admin-each': (userId) => stopAdminEmails(userId, 'each'),
  'admin-digest': (userId) => stopAdminEmails(userId, 'digest'),
  'rsvp-summary': (clubId) => (/^\d{1,15}$/.test(clubId) ? stopRsvpSummary(Number(clubId)) : Promise.resolve(false)),
  'reply-reminders': async (userId) => (await setReplyReminders(userId, false)) !== null,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The kind and subject of a link this site signed, for its page; null for any other token. */
export async function findUnsubscribeLink(token: string): Promise<{ kind: UnsubscribeKind; subject: string } | null> {
  const link = await readUnsubscribeToken(token);
  // Only a club's id is a number; every other subject is an account's uuid, which the database would refuse otherwise.
  if (!link || (link.kind !== 'rsvp-summary' && !UUID.test(link.subject))) return null;
  return link;
}

/**
 * Turns off the emails of the link's kind for its subject (already off too); the link's kind and subject, or null
 * for a token this site did not sign or whose account or club is gone.
 */
export async function unsubscribeByLink(token: string): Promise<{ kind: UnsubscribeKind; subject: string } | null> {
  const link = await findUnsubscribeLink(token);
  return link && (await STOPS[link.kind](link.subject)) ? link : null;
}

export interface UnsubscribePage {
  /** The kind and subject of the link, or null (the page says it is not valid). */
  link: { kind: UnsubscribeKind; subject: string } | null;
  /** Sent back by the button once the emails are stopped. */
  stopped: boolean;
  /** Where the page's button posts: the one-click address, which sends a plain form back to the page. */
  action: string;
}

/**
 * What /unsubscribe (and its Spanish twin) shows for the link in its address: read by the route, which alone can still
 * set the answer's status and headers (a 404 for a token this site did not sign; never kept by a shared cache). A GET
 * turns nothing off: the button does.
 */
export async function openUnsubscribeLink(url: URL, response: { status?: number; headers: Headers }): Promise<UnsubscribePage> {
  const parsed = unsubscribeLinkSchema.safeParse({ token: url.searchParams.get('token') });
  const link = parsed.success ? await findUnsubscribeLink(parsed.data.token) : null;
  if (!link) response.status = 404;
  response.headers.set('cache-control', 'private, no-store');
  return {
    link,
    stopped: link !== null && url.searchParams.get('stopped') === 'true',
    action: parsed.success ? `${EMAIL_UNSUBSCRIBE_PATH}?${new URLSearchParams({ token: parsed.data.token })}` : '',
  };
}
