import type { UnsubscribeKind } from '#lib/shared/email-unsubscribe.ts';
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
