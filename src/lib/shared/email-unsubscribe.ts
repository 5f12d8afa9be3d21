// The one-click unsubscribe (RFC 8058) of the notification emails sent to accounts (issue 41 item 17): the admins'
// notifications and digests, the hosts' morning summary, the hosts' and guides' reminders of an unanswered message.
// Alerts and members' reminders have links of their own (alerts/, members/), tied to their rows.

/** Where a mail reader's one-click POST goes (List-Unsubscribe); a GET there leads to UNSUBSCRIBE_PAGE_PATH. */
export const EMAIL_UNSUBSCRIBE_PATH = '/api/email-settings/unsubscribe';
/** The page a person who opens the link sees: what the link stops, and a button that stops it (a POST). */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';

/** The kinds of email an account can stop from the email itself; each turns off one setting. */
export const UNSUBSCRIBE_KINDS = ['admin-each', 'admin-digest', 'rsvp-summary', 'reply-reminders'] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

/**
 * Where each kind's setting is, to turn the emails back on (by the link's subject: a club's profile for its summary).
 * What the page says of each kind is in src/content/unsubscribe-page.yaml and its Spanish twin.
 */
export const UNSUBSCRIBE_SETTINGS_PATHS: Record<UnsubscribeKind, (subject: string) => string> = {
  'admin-each': () => '/admin-notifications',
  'admin-digest': () => '/admin-notifications',
  'rsvp-summary': (clubId) => `/club-profile/${clubId}#reminders`,
  'reply-reminders': () => '/account#emails',
};
